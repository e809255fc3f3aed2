import type { User } from "~db/schema";
import { getBook } from "~/models/book.server";
import { BOOK_DIALOG_NUMBERS, lenientNumbers } from "~/lib/query-params";

/**
 * The book dialog the URL asks for (`?dialog=…&bookId=…`), with the data it needs.
 * Another user's book id simply opens nothing.
 */
export async function bookDialogData(request: Request, user: User, pageBookId?: number) {
  const params = new URL(request.url).searchParams;
  const dialog = params.get("dialog");
  if (dialog === "create-book") return { kind: "create" as const };
  if (dialog !== "edit-book" && dialog !== "delete-book") return null;
  const bookId = pageBookId ?? lenientNumbers(params, BOOK_DIALOG_NUMBERS).bookId;
  if (bookId === undefined) return null;
  const book = await getBook({ bookId, userId: user.id });
  if (!book) return null;
  if (dialog === "edit-book") {
    return {
      kind: "edit" as const,
      book: {
        id: book.id,
        title: book.title,
        description: book.description,
        tone: book.tone,
        language: book.language,
        coverImage: book.coverImage,
      },
    };
  }
  return { kind: "delete" as const, book: { id: book.id, title: book.title } };
}
