import type { BookCardData } from "./components/book-card";

/** What a book card shows of a book, and so all that its page sends of it to the browser. */
export function bookCard(book: BookCardData): BookCardData {
  const { id, title, description, coverImage, updatedAt, importedAt, storyCount } = book;
  return { id, title, description, coverImage, updatedAt, importedAt, storyCount };
}
