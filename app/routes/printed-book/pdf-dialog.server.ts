import type { Book, User } from "~db/schema";
import { countRecordedStories } from "~/models/recorded-stories.server";
import { printLinkFor } from "~/models/share.server";

/**
 * The book's download dialog (`?dialog=pdf`): whether the printed book will carry voice codes, and how many. Only
 * the date of the link the codes open leaves the server, never its token: the link is shown once, when it is made,
 * and this dialog is not that moment. Another user's book opens nothing.
 */
export async function pdfDialogData(request: Request, user: User, book: Book) {
  if (new URL(request.url).searchParams.get("dialog") !== "pdf") return null;
  if (book.userId !== user.id) return null;
  const link = await printLinkFor(book.id);
  return {
    printLink: link ? { createdAt: link.createdAt } : null,
    recordedStories: await countRecordedStories(book.id),
  };
}
