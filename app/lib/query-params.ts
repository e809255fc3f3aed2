import { ADMIN_PAGE_SIZE_MAX } from "./admin-filters";
import { ID_MAX, LIBRARY_MAX, LIBRARY_PAGE_SIZE } from "./limits";

// Every numeric query parameter of the app, by route, and the one way to read them (ADR 0022).
// A query string is typed by people and kept in bookmarks: `Number()` lets `1e309` (Infinity), `1e20` and
// `0x10` through, and SQLite refuses such a LIMIT or OFFSET with a 500. So a number here is only ever
// plain digits, in its range. The two readers differ in what they do with anything else:
// - `/api` is a contract for programs: a value that is not a whole number in range is a 400 (`strictNumbers`);
// - a page is an address a person edited or bookmarked: it shows the nearest sensible page instead
//   (`lenientNumbers`): a page or a size out of range is clamped into it, anything else means "not given".
// Free of libraries and of the server, so the tests (and a page) can read the table.

/** A whole number in [min, max]; `fallback` when it is not given (none: the parameter is optional). */
export type WholeNumber = { readonly min: number; readonly max: number; readonly fallback?: number };
export type NumberShape = Readonly<Record<string, WholeNumber>>;

const whole = <F extends number | undefined = undefined>(min: number, max: number, fallback?: F) =>
  ({ min, max, fallback }) as { min: number; max: number; fallback: F };

/** An id: SQLite's integers go further, but a JavaScript number is exact only this far. */
// Past ID_MAX no row can match: the id is refused like any other that names nothing.
const ID = whole(1, ID_MAX);
/** A page number of a paged list; past the last page a list shows its last page. */
const PAGE = whole(1, 1_000_000, 1);

/** The admin dashboard's numbers, for the page and its /api routes alike (admin-query.server.ts). */
export const ADMIN_NUMBERS = {
  user: ID,
  id: ID,
  page: PAGE,
  pageSize: whole(1, ADMIN_PAGE_SIZE_MAX),
  apage: PAGE,
  bpage: PAGE,
  book: ID,
  topic: ID,
  story: ID,
  open: ID,
} as const;

/** The library's "show more" sizes and book filters, one of each per section (b, t, s). */
export const LIBRARY_NUMBERS = {
  blimit: whole(LIBRARY_PAGE_SIZE, LIBRARY_MAX, LIBRARY_PAGE_SIZE),
  tlimit: whole(LIBRARY_PAGE_SIZE, LIBRARY_MAX, LIBRARY_PAGE_SIZE),
  slimit: whole(LIBRARY_PAGE_SIZE, LIBRARY_MAX, LIBRARY_PAGE_SIZE),
  bbook: ID,
  tbook: ID,
  sbook: ID,
} as const;

/** The book dialogs of the home page and the library (`?dialog=edit-book&bookId=…`). */
export const BOOK_DIALOG_NUMBERS = { bookId: ID } as const;

/** The workspace: the preview panel's page and topic, what the editor opens, and a link card open in a dialog. */
export const WORKSPACE_NUMBERS = {
  ppage: PAGE,
  ptopic: ID,
  storyId: ID,
  topicId: ID,
  questionId: ID,
  deleteMedia: ID,
  /** The storyteller link whose "Weekly question" shows open in the storyteller dialog (issue 37). */
  weekly: ID,
} as const;

/** The topic page: the story whose deletion is being confirmed, and the media shown in the dialog. */
const TOPIC_PAGE_NUMBERS = { deleteStory: ID, media: ID } as const;

const BOOKS_API_MAX = 500;
const SUGGESTED_ACTIONS_MAX = 20;

/**
 * Which numbers each route reads, by its pattern in app/routes.ts ("" is the home page). A test sends
 * odd values for every one of them to its route: `/api` must answer 400, a page must still render.
 */
export const QUERY_NUMBERS = {
  "": BOOK_DIALOG_NUMBERS,
  books: { ...LIBRARY_NUMBERS, ...BOOK_DIALOG_NUMBERS },
  "books/:bookId": WORKSPACE_NUMBERS,
  "books/:bookId/topics/:topicId": TOPIC_PAGE_NUMBERS,
  admin: ADMIN_NUMBERS,
  "api/books": { limit: whole(1, BOOKS_API_MAX, 100), offset: whole(0, Number.MAX_SAFE_INTEGER, 0) },
  "api/suggested-actions": { limit: whole(1, SUGGESTED_ACTIONS_MAX, 2) },
  "api/admin/users": ADMIN_NUMBERS,
  "api/admin/books": ADMIN_NUMBERS,
  "api/admin/topics": ADMIN_NUMBERS,
  "api/admin/stories": ADMIN_NUMBERS,
  "api/admin/content": ADMIN_NUMBERS,
  "api/admin/mail": ADMIN_NUMBERS,
  "api/admin/users/:id/activities": ADMIN_NUMBERS,
} as const satisfies Record<string, NumberShape>;

export type QueryRoute = keyof typeof QUERY_NUMBERS;

/** What a shape reads as: a number where there is a fallback, else a number or undefined. */
export type NumbersOf<S extends NumberShape> = {
  -readonly [K in keyof S]: S[K]["fallback"] extends number ? number : number | undefined;
};

const DIGITS = /^\d+$/;

/**
 * A parameter's value: the number, `undefined` when it is not given (absent or empty), or `null` when it is not valid.
 */
export function readWholeNumber(raw: string | null, spec: WholeNumber): number | undefined | null {
  if (raw === null || raw === "") return spec.fallback;
  if (!DIGITS.test(raw)) return null;
  const value = Number(raw);
  return Number.isSafeInteger(value) && value >= spec.min && value <= spec.max ? value : null;
}

/**
 * The same, forgiving: anything that is not digits is "not given". A number out of range is clamped into
 * it when the parameter has a default (a page or a size: page=999 is the last page); without one (an id)
 * it names nothing, so it is not given either.
 */
export function clampWholeNumber(raw: string | null, spec: WholeNumber): number | undefined {
  if (raw === null || !DIGITS.test(raw)) return spec.fallback;
  // Digits only, so Number() is finite or Infinity (400 nines).
  const value = Number(raw);
  if (value >= spec.min && value <= spec.max) return value;
  return spec.fallback === undefined ? undefined : Math.min(Math.max(value, spec.min), spec.max);
}

/** A page's numbers: never a failure (a bookmarked page=999 shows the last page, page=abc the first). */
export function lenientNumbers<S extends NumberShape>(params: URLSearchParams, shape: S): NumbersOf<S> {
  const out: Record<string, number | undefined> = {};
  for (const [name, spec] of Object.entries(shape)) out[name] = clampWholeNumber(params.get(name), spec);
  return out as NumbersOf<S>;
}

/** An /api route's numbers, or the names of the ones that are not valid. */
export function strictNumbers<S extends NumberShape>(
  params: URLSearchParams,
  shape: S,
): { ok: true; values: NumbersOf<S> } | { ok: false; invalid: string[] } {
  const out: Record<string, number | undefined> = {};
  const invalid: string[] = [];
  for (const [name, spec] of Object.entries(shape)) {
    // A parameter given twice is read once by every reader here; the first value counts, as URLSearchParams.get says.
    const value = readWholeNumber(params.get(name), spec);
    if (value === null) invalid.push(name);
    else out[name] = value;
  }
  return invalid.length ? { ok: false, invalid } : { ok: true, values: out as NumbersOf<S> };
}
