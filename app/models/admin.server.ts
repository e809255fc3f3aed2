import { and, asc, count, desc, eq, gt, inArray, lte, ne, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { db, selectRows } from "~db/client.server";
import { countChildren } from "~db/correlated";
import { containsAny, containsPattern, likeIgnoringCase } from "~db/filters";
import { activities, books, media, stories, topics, users, type Language } from "~db/schema";
import {
  EXPLORER,
  EXPLORER_STORY_CHARS,
  OVERVIEW_LATEST,
  STORY_TABLE_CHARS,
  USER_OPTIONS_MAX,
  type SortDir,
} from "~/lib/admin-filters";
import type { BookListQuery, ContentListQuery, UserListQuery } from "~/lib/admin-query";
import { storageBytesOfUserRow } from "./storage.server";
import { ADMIN_USERNAME, isAdmin } from "./user.server";

// Admin-wide queries: call these only behind requireAdmin. Every list is cut in SQL (a count, then
// LIMIT/OFFSET), and long text is cut in SQL, so a page costs the same few queries however large the
// database grows (app/routes/admin/admin-page.server.test.ts counts them).

type Paging = { page: number; pageSize: number };

/** The page asked for, moved back to the last one when it is past the end. */
export function paginate(total: number, { page, pageSize }: Paging) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(page, pages);
  return { total, page: current, pages, offset: (current - 1) * pageSize, limit: pageSize };
}

// How many rows of a level: more for the open parent. Cast, so that PostgreSQL compares the rank with a number: a
// bare placeholder in a CASE would be text to it.
const cap = (open: SQL, most: number, otherwise: number) =>
  sql`cast(case when ${open} then ${most} else ${otherwise} end as integer)`;

// Nulls sort as SQLite sorts them, first going up and last going down; PostgreSQL's default is the other way round.
const order = (column: AnyColumn | SQL, dir: SortDir) =>
  dir === "asc" ? sql`${column} asc nulls first` : sql`${column} desc nulls last`;
/** Long text leaves the database cut to one character more than is shown, so the page knows it was cut. */
const cut = (column: AnyColumn, chars: number) => sql<string>`substr(${column}, 1, ${chars + 1})`;

// Never the password hash: only these columns of a user are ever read here.
const publicUser = {
  id: users.id,
  username: users.username,
  email: users.email,
  displayName: users.displayName,
  firstLoginAt: users.firstLoginAt,
  lastLoginAt: users.lastLoginAt,
};
const withAdminFlag = <T extends { username: string }>(user: T) => ({ ...user, isAdmin: isAdmin(user) });
const userBookCount = countChildren(books, books.userId, "users");
const userSearch = (q: string) => containsAny([users.username, users.email, users.displayName], q);

export async function listUsers(query: UserListQuery) {
  const role =
    query.role === "admin"
      ? eq(users.username, ADMIN_USERNAME)
      : query.role === "user"
        ? ne(users.username, ADMIN_USERNAME)
        : undefined;
  const where = and(role, userSearch(query.q));
  const page = paginate((await db().select({ n: count() }).from(users).where(where))[0]?.n ?? 0, query);
  const rows = await db()
    .select({ ...publicUser, bookCount: userBookCount, storageBytes: storageBytesOfUserRow })
    .from(users)
    .where(where)
    .orderBy(order(users[query.sort], query.dir), asc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  return { users: rows.map(withAdminFlag), total: page.total, page: page.page, pages: page.pages };
}

/** One user as the users table shows it, for the edit, delete and activities dialogs. */
export async function getUserRow(userId: number) {
  const row = (
    await db()
      .select({ ...publicUser, bookCount: userBookCount, storageBytes: storageBytesOfUserRow })
      .from(users)
      .where(eq(users.id, userId))
  )[0];
  return row ? withAdminFlag(row) : null;
}

/** The user filter's choices, by name. */
export async function listUserOptions() {
  return await db()
    .select({ id: users.id, username: users.username, displayName: users.displayName })
    .from(users)
    .orderBy(asc(users.username))
    .limit(USER_OPTIONS_MAX);
}

/** The Overview tab: four totals in one query, and the latest books and users (searched by q). */
export async function adminOverview(q: string) {
  const [counts] = await selectRows<Record<"users" | "books" | "topics" | "stories", number | string>>(
    sql`select (select count(*) from ${users}) as users, (select count(*) from ${books}) as books,
      (select count(*) from ${topics}) as topics, (select count(*) from ${stories}) as stories`,
  );
  const totals = {
    users: Number(counts!.users),
    books: Number(counts!.books),
    topics: Number(counts!.topics),
    stories: Number(counts!.stories),
  };
  const latestBooks = await db()
    .select({
      id: books.id,
      title: books.title,
      language: books.language,
      createdAt: books.createdAt,
      owner: users.username,
      userId: books.userId,
    })
    .from(books)
    .innerJoin(users, eq(users.id, books.userId))
    .where(containsAny([books.title, books.description], q))
    .orderBy(desc(books.createdAt), desc(books.id))
    .limit(OVERVIEW_LATEST);
  const latestUsers = await db()
    .select({
      id: users.id,
      username: users.username,
      displayName: users.displayName,
      email: users.email,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(userSearch(q))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(OVERVIEW_LATEST);
  return { totals, latestBooks, latestUsers };
}

const BOOK_SORT_COLUMNS = { createdAt: books.createdAt, title: books.title, language: books.language } as const;

export async function listAdminBooks(query: BookListQuery) {
  const where = and(
    query.language ? eq(books.language, query.language) : undefined,
    query.userId ? eq(books.userId, query.userId) : undefined,
    containsAny([books.title, books.description], query.q),
  );
  const page = paginate((await db().select({ n: count() }).from(books).where(where))[0]?.n ?? 0, query);
  const rows = await db()
    .select({
      id: books.id,
      title: books.title,
      description: cut(books.description, 150),
      language: books.language,
      createdAt: books.createdAt,
      userId: books.userId,
      owner: users.username,
      ownerName: users.displayName,
    })
    .from(books)
    .innerJoin(users, eq(users.id, books.userId))
    .where(where)
    .orderBy(order(BOOK_SORT_COLUMNS[query.sort], query.dir), order(books.id, query.dir))
    .limit(page.limit)
    .offset(page.offset);
  return { books: rows, total: page.total, page: page.page, pages: page.pages };
}

/** The languages books are written in, for the Books tab's filter. */
export async function listBookLanguages(): Promise<Language[]> {
  return (await db().selectDistinct({ language: books.language }).from(books).orderBy(asc(books.language))).map(
    (r) => r.language,
  );
}

export async function listAdminTopics(query: ContentListQuery) {
  const where = and(
    query.userId ? eq(books.userId, query.userId) : undefined,
    containsAny([topics.title, topics.description], query.q),
  );
  // The join is only needed to filter by user.
  const counted = query.userId
    ? db().select({ n: count() }).from(topics).innerJoin(books, eq(books.id, topics.bookId))
    : db().select({ n: count() }).from(topics);
  const page = paginate((await counted.where(where))[0]?.n ?? 0, query);
  const rows = await db()
    .select({
      id: topics.id,
      title: topics.title,
      description: cut(topics.description, 150),
      archived: topics.archived,
      bookId: topics.bookId,
      bookTitle: books.title,
      storyCount: countChildren(stories, stories.topicId, "topics"),
      createdAt: topics.createdAt,
    })
    .from(topics)
    .innerJoin(books, eq(books.id, topics.bookId))
    .where(where)
    .orderBy(desc(topics.createdAt), desc(topics.id))
    .limit(page.limit)
    .offset(page.offset);
  return { topics: rows, total: page.total, page: page.page, pages: page.pages };
}

export async function listAdminStories(query: ContentListQuery) {
  const where = and(
    query.userId ? eq(books.userId, query.userId) : undefined,
    containsAny([stories.title, stories.content], query.q),
  );
  const counted = query.userId
    ? db().select({ n: count() }).from(stories).innerJoin(books, eq(books.id, stories.bookId))
    : db().select({ n: count() }).from(stories);
  const page = paginate((await counted.where(where))[0]?.n ?? 0, query);
  const rows = await db()
    .select({
      id: stories.id,
      title: stories.title,
      content: cut(stories.content, STORY_TABLE_CHARS),
      status: stories.status,
      topicId: stories.topicId,
      topicTitle: topics.title,
      bookId: stories.bookId,
      createdAt: stories.createdAt,
    })
    .from(stories)
    .innerJoin(books, eq(books.id, stories.bookId))
    .innerJoin(topics, eq(topics.id, stories.topicId))
    .where(where)
    .orderBy(desc(stories.createdAt), desc(stories.id))
    .limit(page.limit)
    .offset(page.offset);
  return { stories: rows, total: page.total, page: page.page, pages: page.pages };
}

/** A user's activities, newest first: what they did, to what, and when. */
export async function listUserActivities({ userId, ...paging }: Paging & { userId: number }) {
  const where = eq(activities.userId, userId);
  const page = paginate((await db().select({ n: count() }).from(activities).where(where))[0]?.n ?? 0, paging);
  const rows = await db()
    .select({
      id: activities.id,
      action: activities.action,
      resource: activities.resource,
      details: activities.details,
      timestamp: activities.createdAt,
    })
    .from(activities)
    .where(where)
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(page.limit)
    .offset(page.offset);
  return { activities: rows, total: page.total, page: page.page, pages: page.pages };
}

/** A topic's saved draft narrative; null when the topic does not exist or has never had one saved. */
export async function getSavedPreview(
  topicId: number,
): Promise<{ topicId: number; title: string; preview: string } | null> {
  const row = (
    await db()
      .select({ topicId: topics.id, title: topics.title, preview: topics.preview })
      .from(topics)
      .where(eq(topics.id, topicId))
  )[0];
  return row && row.preview !== null ? { ...row, preview: row.preview } : null;
}

/** One media item for the explorer's media dialog (the file itself is served by /api/media/render). */
export async function getAdminMedia(mediaId: number) {
  return (
    (
      await db()
        .select({
          id: media.id,
          storyId: media.storyId,
          type: media.type,
          description: media.description,
          transcription: media.transcription,
          createdAt: media.createdAt,
        })
        .from(media)
        .where(eq(media.id, mediaId))
    )[0] ?? null
  );
}

// ---- The Content Explorer (ADR 0012)

/** The explorer's users: everyone, or one; searched by name, email and the titles of what they wrote. */
export async function listExplorerUsers(query: ContentListQuery) {
  const pattern = containsPattern(query.q);
  // The correlated subqueries name their tables in full: the outer select is a single-table one, whose
  // columns drizzle leaves unqualified (db/correlated.ts).
  const like = sql`${likeIgnoringCase()} ${pattern} escape '\\'`;
  const nested = pattern
    ? sql`exists (select 1 from "books" where "books"."user_id" = "users"."id" and "books"."title" ${like})
      or exists (select 1 from "topics" inner join "books" on "books"."id" = "topics"."book_id"
        where "books"."user_id" = "users"."id" and "topics"."title" ${like})
      or exists (select 1 from "stories" inner join "books" on "books"."id" = "stories"."book_id"
        where "books"."user_id" = "users"."id" and "stories"."title" ${like})`
    : undefined;
  const search = pattern ? sql`(${userSearch(query.q)} or ${nested})` : undefined;
  const where = and(query.userId ? eq(users.id, query.userId) : undefined, search);
  const page = paginate((await db().select({ n: count() }).from(users).where(where))[0]?.n ?? 0, query);
  const rows = await db()
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      displayName: users.displayName,
      bookCount: userBookCount,
    })
    .from(users)
    .where(where)
    .orderBy(asc(users.username))
    .limit(page.limit)
    .offset(page.offset);
  return { users: rows, total: page.total, page: page.page, pages: page.pages };
}

export type TreeOptions = {
  booksPerUser: number;
  bookOffset?: number;
  topicsPerBook: number;
  storiesPerTopic: number;
  openBookId?: number;
  openTopicId?: number;
  /** The story whose full text is shown. */
  storyId?: number;
};

/**
 * Books, topics, stories and media of the given users in four queries, each level cut per parent in
 * SQL (row_number() over a partition): the users' newest books, each book's first topics, each
 * topic's first stories (80 characters, the full text only for `storyId`), each story's first media.
 * The open book and the open topic get the larger caps.
 */
export async function contentTree(userIds: number[], options: TreeOptions) {
  const offset = options.bookOffset ?? 0;
  const bookRank =
    sql<number>`row_number() over (partition by ${books.userId} order by ${books.updatedAt} desc, ${books.id} desc)`.as(
      "rank",
    );
  const rankedBooks = db()
    .select({
      id: books.id,
      userId: books.userId,
      title: books.title,
      language: books.language,
      createdAt: books.createdAt,
      topicCount: countChildren(topics, topics.bookId, "books").as("topic_count"),
      rank: bookRank,
    })
    .from(books)
    .where(inArray(books.userId, userIds))
    .as("ranked_books");
  const bookRows = userIds.length
    ? await db()
        .select()
        .from(rankedBooks)
        .where(and(gt(rankedBooks.rank, offset), lte(rankedBooks.rank, offset + options.booksPerUser)))
        .orderBy(rankedBooks.userId, sql`${rankedBooks.rank}`)
    : [];

  const topicRank =
    sql<number>`row_number() over (partition by ${topics.bookId} order by ${topics.position}, ${topics.id})`.as("rank");
  const rankedTopics = db()
    .select({
      id: topics.id,
      bookId: topics.bookId,
      title: topics.title,
      archived: topics.archived,
      hasPreview: sql<number>`coalesce(length(trim(${topics.preview})), 0) > 0`.as("has_preview"),
      storyCount: countChildren(stories, stories.topicId, "topics").as("story_count"),
      rank: topicRank,
    })
    .from(topics)
    .where(
      inArray(
        topics.bookId,
        bookRows.map((b) => b.id),
      ),
    )
    .as("ranked_topics");
  const openBook = sql`${rankedTopics.bookId} = ${options.openBookId ?? -1}`;
  const topicCap = cap(openBook, EXPLORER.topicsOfOpenBook, options.topicsPerBook);
  const topicRows = bookRows.length
    ? await db()
        .select()
        .from(rankedTopics)
        .where(lte(rankedTopics.rank, topicCap))
        .orderBy(rankedTopics.bookId, sql`${rankedTopics.rank}`)
    : [];

  const storyRank =
    sql<number>`row_number() over (partition by ${stories.topicId} order by ${stories.position}, ${stories.id})`.as(
      "rank",
    );
  const rankedStories = db()
    .select({
      id: stories.id,
      topicId: stories.topicId,
      title: stories.title,
      status: stories.status,
      createdAt: stories.createdAt,
      excerpt: cut(stories.content, EXPLORER_STORY_CHARS).as("excerpt"),
      content: sql<string | null>`case when ${stories.id} = ${options.storyId ?? -1} then ${stories.content} end`.as(
        "full_content",
      ),
      mediaCount: countChildren(media, media.storyId, "stories").as("media_count"),
      rank: storyRank,
    })
    .from(stories)
    .where(
      inArray(
        stories.topicId,
        topicRows.map((t) => t.id),
      ),
    )
    .as("ranked_stories");
  const openTopic = sql`${rankedStories.topicId} = ${options.openTopicId ?? -1}`;
  const storyCap = cap(openTopic, EXPLORER.storiesOfOpenTopic, options.storiesPerTopic);
  const storyRows = topicRows.length
    ? await db()
        .select()
        .from(rankedStories)
        .where(lte(rankedStories.rank, storyCap))
        .orderBy(rankedStories.topicId, sql`${rankedStories.rank}`)
    : [];

  const mediaRank =
    sql<number>`row_number() over (partition by ${media.storyId} order by ${media.createdAt}, ${media.id})`.as("rank");
  const rankedMedia = db()
    .select({ id: media.id, storyId: media.storyId, type: media.type, description: media.description, rank: mediaRank })
    .from(media)
    .where(
      inArray(
        media.storyId,
        storyRows.map((s) => s.id),
      ),
    )
    .as("ranked_media");
  const mediaRows = storyRows.length
    ? await db()
        .select()
        .from(rankedMedia)
        .where(lte(rankedMedia.rank, EXPLORER.mediaPerStory))
        .orderBy(rankedMedia.storyId, sql`${rankedMedia.rank}`)
    : [];

  const byParent = <T, K extends keyof T>(rows: T[], key: K) => {
    const map = new Map<T[K], T[]>();
    for (const row of rows) map.set(row[key], [...(map.get(row[key]) ?? []), row]);
    return (id: T[K]) => map.get(id) ?? [];
  };
  const mediaOf = byParent(
    mediaRows.map(({ rank: _, ...m }) => m),
    "storyId",
  );
  const storiesOf = byParent(
    storyRows.map(({ rank: _, mediaCount, ...s }) => ({ ...s, mediaCount: Number(mediaCount), media: mediaOf(s.id) })),
    "topicId",
  );
  const topicsOf = byParent(
    topicRows.map(({ rank: _, storyCount, hasPreview, ...t }) => ({
      ...t,
      hasPreview: Boolean(hasPreview),
      storyCount: Number(storyCount),
      stories: storiesOf(t.id),
    })),
    "bookId",
  );
  return byParent(
    bookRows.map(({ rank: _, topicCount, ...b }) => ({ ...b, topicCount: Number(topicCount), topics: topicsOf(b.id) })),
    "userId",
  );
}
