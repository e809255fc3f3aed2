import { LIBRARY_MAX, LIBRARY_PAGE_SIZE } from "../../lib/limits";
import { lenientNumbers, LIBRARY_NUMBERS } from "../../lib/query-params";

// The library's URL state (docs/product.md §2 Library): a search and a "show more" size per section, and a book filter.
export { LIBRARY_MAX, LIBRARY_PAGE_SIZE };

export type SectionQuery = { search: string; limit: number; bookId?: number };
export type LibraryQuery = { books: SectionQuery; topics: SectionQuery; stories: SectionQuery };

export function libraryQuery(params: URLSearchParams): LibraryQuery {
  const numbers = lenientNumbers(params, LIBRARY_NUMBERS);
  const section = (prefix: "b" | "t" | "s"): SectionQuery => ({
    search: (params.get(`${prefix}q`) ?? "").trim().slice(0, 200),
    limit: numbers[`${prefix}limit`],
    bookId: numbers[`${prefix}book`],
  });
  return { books: section("b"), topics: section("t"), stories: section("s") };
}
