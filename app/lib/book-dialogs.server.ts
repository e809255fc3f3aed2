import type { User } from "~db/schema";
import { getBook } from "~/models/book.server";
import { initialSuggestions } from "./suggest-topics.server";

/**
 * The book dialog the URL asks for (`?dialog=…&bookId=…`), with the data it needs.
 * Another user's book id simply opens nothing.
 */
export async function bookDialogData(request: Request, user: User, pageBookId?: number) {
  const params = new URL(request.url).searchParams;
  const dialog = params.get("dialog");
  const bookId = pageBookId ?? Number(params.get("bookId"));
  if (dialog === "create-book") return { kind: "create" as const };
  if (dialog !== "edit-book" && dialog !== "delete-book" && dialog !== "suggest-topics") return null;
  const book = getBook({ bookId, userId: user.id });
  if (!book) return null;
  if (dialog === "edit-book") {
    return {
      kind: "edit" as const,
      book: { id: book.id, title: book.title, description: book.description, tone: book.tone, language: book.language, coverImage: book.coverImage },
    };
  }
  if (dialog === "delete-book") return { kind: "delete" as const, book: { id: book.id, title: book.title } };
  const { suggestions, failed } = await initialSuggestions(book, request.signal);
  return { kind: "suggest" as const, book: { id: book.id, title: book.title }, suggestions, failed, isCopy: params.get("copy") === "1" };
}

export type BookDialogData = Awaited<ReturnType<typeof bookDialogData>>;
