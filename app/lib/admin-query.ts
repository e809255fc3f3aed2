import { z } from "zod";
import { LANGUAGES } from "~db/schema";
import { MAIL_DIRECTIONS, MAIL_STATUSES, type MailStatus } from "~db/values";
import {
  ADMIN_PAGE_SIZE,
  ADMIN_TABS,
  BOOK_SORTS,
  EXPLORER,
  ROLES,
  SEARCH_MAX,
  USER_SORTS,
  type BookSort,
  type MailDirection,
  type SortDir,
  type UserSort,
} from "./admin-filters";
import { ADMIN_NUMBERS, lenientNumbers } from "./query-params";

const ADMIN_DIALOGS = ["add-user", "edit-user", "delete-user", "activities", "preview", "media"] as const;

/**
 * The dashboard's whole URL state (?tab=…&q=…&sort=…&dir=…&user=…&language=…&page=…), for the page and
 * the /api/admin routes alike. Anything unknown falls back to its default rather than failing: a URL is
 * something people edit and share. Its numbers (ADMIN_NUMBERS) are read the one way every number of a
 * query string is (query-params.ts); the /api routes check them strictly first (a 400), the page clamps them.
 */
const schema = z.object({
  tab: z.enum(ADMIN_TABS).catch("overview"),
  q: z
    .string()
    .catch("")
    .transform((q) => q.trim().slice(0, SEARCH_MAX)),
  sort: z.string().optional().catch(undefined),
  dir: z.enum(["asc", "desc"]).optional().catch(undefined),
  role: z.enum(ROLES).catch("all"),
  language: z.enum(LANGUAGES).optional().catch(undefined),
  dialog: z.enum(ADMIN_DIALOGS).optional().catch(undefined),
  direction: z.enum(MAIL_DIRECTIONS).optional().catch(undefined),
  status: z.enum(MAIL_STATUSES).optional().catch(undefined),
});

/** `open`: a topic to show open (with its book and user), e.g. after "Show less" on one of its stories. */
export type AdminQuery = z.infer<typeof schema> & ReturnType<typeof lenientNumbers<typeof ADMIN_NUMBERS>>;

export function adminQuery(params: URLSearchParams): AdminQuery {
  return { ...schema.parse(Object.fromEntries(params)), ...lenientNumbers(params, ADMIN_NUMBERS) };
}

const pick = <T extends string>(allowed: readonly T[], value: string | undefined, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

export type UserListQuery = {
  q: string;
  sort: UserSort;
  dir: SortDir;
  role: (typeof ROLES)[number];
  page: number;
  pageSize: number;
};
export type BookListQuery = {
  q: string;
  sort: BookSort;
  dir: SortDir;
  language?: (typeof LANGUAGES)[number];
  userId?: number;
  page: number;
  pageSize: number;
};
/** The Email tab: a search, a direction and a status (none: all), newest first. */
export type MailListQuery = {
  q: string;
  direction?: MailDirection;
  status?: MailStatus;
  page: number;
  pageSize: number;
};
export type ContentListQuery = { q: string; userId?: number; page: number; pageSize: number };
export type ExplorerQuery = ContentListQuery & {
  bookPage: number;
  openBookId?: number;
  openTopicId?: number;
  storyId?: number;
};

export function userListQuery(params: URLSearchParams | AdminQuery): UserListQuery {
  const q = params instanceof URLSearchParams ? adminQuery(params) : params;
  return {
    q: q.q,
    sort: pick(USER_SORTS, q.sort, "id"),
    dir: q.dir ?? "asc",
    role: q.role,
    page: q.page,
    pageSize: q.pageSize ?? ADMIN_PAGE_SIZE,
  };
}

export function bookListQuery(params: URLSearchParams | AdminQuery): BookListQuery {
  const q = params instanceof URLSearchParams ? adminQuery(params) : params;
  const sort = pick(BOOK_SORTS, q.sort, "createdAt");
  // Newest first by default; a column chosen for the first time sorts ascending.
  const dir = q.dir ?? (q.sort === undefined ? "desc" : "asc");
  return {
    q: q.q,
    sort,
    dir,
    language: q.language,
    userId: q.user,
    page: q.page,
    pageSize: q.pageSize ?? ADMIN_PAGE_SIZE,
  };
}

/** Topics and stories: a search and a user filter, newest first. */
export function contentListQuery(params: URLSearchParams | AdminQuery): ContentListQuery {
  const q = params instanceof URLSearchParams ? adminQuery(params) : params;
  return { q: q.q, userId: q.user, page: q.page, pageSize: q.pageSize ?? ADMIN_PAGE_SIZE };
}

export function explorerQuery(params: URLSearchParams | AdminQuery): ExplorerQuery {
  const q = params instanceof URLSearchParams ? adminQuery(params) : params;
  return {
    q: q.q,
    userId: q.user,
    page: q.page,
    pageSize: Math.min(q.pageSize ?? EXPLORER.usersPerPage, EXPLORER.usersPerPage * 2),
    bookPage: q.bpage,
    openBookId: q.book,
    openTopicId: q.topic,
    storyId: q.story,
  };
}

export function mailListQuery(params: URLSearchParams | AdminQuery): MailListQuery {
  const q = params instanceof URLSearchParams ? adminQuery(params) : params;
  return {
    q: q.q,
    direction: q.direction,
    status: q.status,
    page: q.page,
    pageSize: q.pageSize ?? ADMIN_PAGE_SIZE,
  };
}
