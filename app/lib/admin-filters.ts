// The admin dashboard's URL vocabulary and limits, free of libraries so page components can use them.
import type { MAIL_DIRECTIONS } from "~db/values";

export const ADMIN_TABS = ["overview", "users", "books", "topics", "stories", "content", "email"] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const USER_SORTS = ["id", "username", "email", "firstLoginAt", "lastLoginAt"] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const BOOK_SORTS = ["createdAt", "title", "language"] as const;
export type BookSort = (typeof BOOK_SORTS)[number];
export const ROLES = ["all", "admin", "user"] as const;
export type Role = (typeof ROLES)[number];
export type SortDir = "asc" | "desc";
/** The Email tab's filters (issue 37): a direction and a status of `mail_messages`; none given means all. */
export type MailDirection = (typeof MAIL_DIRECTIONS)[number];
/** The Overview's count of failed outgoing mail looks this far back ("2 emails failed this week"). */
export const MAIL_FAILED_WINDOW_MS = 7 * 24 * 60 * 60_000;

/** Rows per page of every admin table and of the explorer's list of users. */
export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_PAGE_SIZE_MAX = 100;
export const ACTIVITY_PAGE_SIZE = 20;
/**
 * docs/product.md §9: the overview's 5 most recent items; story text 100 characters in the table, 80 in the explorer.
 */
export const OVERVIEW_LATEST = 5;
export const STORY_TABLE_CHARS = 100;
export const EXPLORER_STORY_CHARS = 80;
/** The user filter lists users by name; beyond this many, filter from the Users tab's book counts. */
export const USER_OPTIONS_MAX = 500;
/** The search text is cut here: a LIKE pattern needs no more. */
export const SEARCH_MAX = 200;

/**
 * The Content Explorer's caps (ADR 0012): a page of users, each with its newest books, their first
 * topics and those topics' first stories; "show all" links open one user, book or topic with more.
 */
export const EXPLORER = {
  // A page of users, each with a small tree:
  usersPerPage: 10,
  booksPerUser: 3,
  topicsPerBook: 3,
  storiesPerTopic: 2,
  // One user (?user=…): a page of books, more of each.
  booksPerPage: 10,
  topicsPerBookOfOneUser: 20,
  storiesPerTopicOfOneUser: 5,
  // The book and the topic opened by their "show all" links.
  topicsOfOpenBook: 200,
  storiesOfOpenTopic: 100,
  mediaPerStory: 4,
} as const;

/** The parameters each tab keeps when the admin switches tabs: the search and the user. */
export const KEPT_ACROSS_TABS = ["q", "user"] as const;
