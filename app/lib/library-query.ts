// The library's URL state (SPEC §2 Library): a search and a "show more" size per section, and a book filter.
export const LIBRARY_PAGE_SIZE = 6;
export const LIBRARY_MAX = 600;

export type SectionQuery = { search: string; limit: number; bookId?: number };
export type LibraryQuery = { books: SectionQuery; topics: SectionQuery; stories: SectionQuery };

function section(params: URLSearchParams, prefix: string): SectionQuery {
  const limit = Number(params.get(`${prefix}limit`));
  const bookId = Number(params.get(`${prefix}book`));
  return {
    search: (params.get(`${prefix}q`) ?? "").trim().slice(0, 200),
    limit: Number.isInteger(limit) && limit >= LIBRARY_PAGE_SIZE ? Math.min(limit, LIBRARY_MAX) : LIBRARY_PAGE_SIZE,
    bookId: Number.isInteger(bookId) && bookId > 0 ? bookId : undefined,
  };
}

export function libraryQuery(params: URLSearchParams): LibraryQuery {
  return { books: section(params, "b"), topics: section(params, "t"), stories: section(params, "s") };
}
