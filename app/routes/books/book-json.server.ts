import type { Book } from "~db/schema";
import type { BookSummary } from "~/models/book.server";

/** The JSON shape of a book in /api (docs/product.md §7 plus the story count the library shows). */
export function bookJson(book: Book | BookSummary) {
  return {
    id: book.id,
    title: book.title,
    description: book.description,
    coverImage: book.coverImage,
    language: book.language,
    tone: book.tone,
    createdAt: book.createdAt,
    updatedAt: book.updatedAt,
    storyCount: "storyCount" in book ? book.storyCount : 0,
  };
}
