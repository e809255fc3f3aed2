import { escapeHtml } from "~/lib/html";

/**
 * The library's two book filters (Topics and Stories) list every book of the user, up to a few hundred, and each
 * is a native <select>. Their options go to the page as one HTML string, made once by the loader, rather than as a
 * list the page renders into React elements: with 100 books that list was 200 elements to render and 300 values to
 * serialise on every visit of /books, about a tenth of the page's server time (ADR 39). Titles are escaped here, and
 * only here.
 */
export type BookFilterOptions = string;

/** `<option value="{id}">{title}</option>` for each book, in the given order. */
export function bookFilterOptions(books: { id: number; title: string }[]): BookFilterOptions {
  return books.map((book) => `<option value="${book.id}">${escapeHtml(book.title)}</option>`).join("");
}

/** One filter's options: "All books" first, then the books, with the filtered book (if any) selected. */
export function bookFilterHtml(options: BookFilterOptions, allBooks: string, bookId: number | undefined): string {
  const all = `<option value="">${escapeHtml(allBooks)}</option>`;
  if (bookId === undefined) return all + options;
  const chosen = `<option value="${bookId}">`;
  return all + options.replace(chosen, `<option value="${bookId}" selected>`);
}
