import { countChildren } from "~db/correlated";
import { containsPattern, optionalEquals, searchContains } from "~db/filters";
import { nextPosition } from "~db/positions";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { db, prepared, type Tx } from "~db/client.server";
import { books, media, stories, topics, type Topic } from "~db/schema";
import { AppError } from "~/lib/errors";
import { logActivity } from "./activity.server";
import { touchBook } from "./book.server";

export type NewTopic = { title: string; description: string };

/** Adds topics at the end of the book, in the given order, in one transaction. */
export function createTopics({
  bookId,
  userId,
  items,
}: {
  bookId: number;
  userId: number;
  items: NewTopic[];
}): Topic[] {
  return db().transaction((tx) => {
    const book = tx
      .select({ id: books.id })
      .from(books)
      .where(and(eq(books.id, bookId), eq(books.userId, userId)))
      .get();
    if (!book) throw new AppError(404, "books.notFound");
    const first = nextPosition(tx, topics, topics.position, eq(topics.bookId, bookId));
    const created = items.map((item, i) =>
      tx
        .insert(topics)
        .values({ bookId, title: item.title.trim(), description: item.description.trim(), position: first + i })
        .returning()
        .get(),
    );
    touchBook(tx, bookId);
    logActivity(tx, { userId, action: "create", resource: "topic", details: { bookId, count: created.length } });
    return created;
  });
}

const topicStoryCount = countChildren(stories, stories.topicId, "topics");

/** Topics across the user's books for the library: searched, filtered by book, newest first, bounded. */
export function listLibraryTopics({
  userId,
  search,
  bookId,
  limit,
}: {
  userId: number;
  search?: string;
  bookId?: number;
  limit: number;
}) {
  // Two prepared statements: without a search (every plain visit of /books) the filter and the sort read only
  // the topics(book_id, archived, created_at) index, never the topics' text.
  const variant = search ? "search" : "all";
  const where = and(
    eq(books.userId, sql.placeholder("userId")),
    eq(topics.archived, false),
    optionalEquals(topics.bookId, "bookId"),
    search ? searchContains([topics.title, topics.description, topics.preview], "pattern") : undefined,
  );
  const page = prepared(`listLibraryTopics:${variant}`, (client) => {
    // Sort and cut on ids alone, then read the text and count the stories of just those rows.
    const ids = client
      .select({ id: topics.id })
      .from(topics)
      .innerJoin(books, eq(books.id, topics.bookId))
      .where(where)
      .orderBy(desc(topics.createdAt), desc(topics.id))
      .limit(sql.placeholder("limit"));
    return client
      .select({
        id: topics.id,
        bookId: topics.bookId,
        bookTitle: books.title,
        title: topics.title,
        // The card shows 150 characters of the preview (or the description): only a little more leaves the database.
        excerpt: sql<string>`substr(coalesce(nullif(${topics.preview}, ''), ${topics.description}), 1, 200)`,
        createdAt: topics.createdAt,
        storyCount: topicStoryCount,
      })
      .from(topics)
      .innerJoin(books, eq(books.id, topics.bookId))
      .where(inArray(topics.id, ids))
      .orderBy(desc(topics.createdAt), desc(topics.id))
      .prepare();
  });
  const total = prepared(`countLibraryTopics:${variant}`, (client) =>
    client.select({ n: count() }).from(topics).innerJoin(books, eq(books.id, topics.bookId)).where(where).prepare(),
  );
  const args = { userId, bookId: bookId ?? null, limit, ...(search ? { pattern: containsPattern(search) } : {}) };
  return { topics: page.all(args), total: total.get(args)?.n ?? 0 };
}

/** A book's topics in their order, with story counts; the caller has checked the book is the user's. */
export function listBookTopics({ bookId, includeArchived = false }: { bookId: number; includeArchived?: boolean }) {
  return db()
    .select({
      id: topics.id,
      title: topics.title,
      description: topics.description,
      preview: topics.preview,
      archived: topics.archived,
      position: topics.position,
      storyCount: topicStoryCount,
    })
    .from(topics)
    .where(and(eq(topics.bookId, bookId), includeArchived ? undefined : eq(topics.archived, false)))
    .orderBy(topics.position, topics.id)
    .all();
}

/**
 * A book's topics for the workspace: as `listBookTopics`, but whether each has a saved draft narrative
 * instead of the narrative itself, which the workspace reads for the one topic it shows (ADR 0023).
 */
export function listWorkspaceTopics({ bookId }: { bookId: number }) {
  // octet_length() reads a value's size without reading the value: a long draft is not read here.
  const long = sql`octet_length(${topics.preview}) > 1000`;
  const notBlank = sql`trim(${topics.preview}) != ''`;
  // Prepared once: the workspace asks on every render.
  const query = prepared("listWorkspaceTopics", (client) =>
    client
      .select({
        id: topics.id,
        title: topics.title,
        description: topics.description,
        hasPreview:
          sql<boolean>`case when ${topics.preview} is null then 0 when ${long} then 1 else ${notBlank} end`.mapWith(
            Boolean,
          ),
        archived: topics.archived,
        position: topics.position,
        storyCount: topicStoryCount,
      })
      .from(topics)
      .where(eq(topics.bookId, sql.placeholder("bookId")))
      .orderBy(topics.position, topics.id)
      .prepare(),
  );
  return query.all({ bookId });
}

/** A topic's saved draft narrative, through its book (checked by the caller); null when it has none. */
export function topicPreviewText({ topicId, bookId }: { topicId: number; bookId: number }): string | null {
  return (
    db()
      .select({ preview: topics.preview })
      .from(topics)
      .where(and(eq(topics.id, topicId), eq(topics.bookId, bookId)))
      .get()?.preview ?? null
  );
}

/** A topic only through its book's owner; anyone else gets null (the route answers 404). */
export function getTopic({
  topicId,
  userId,
}: {
  topicId: number;
  userId: number;
}): (Topic & { bookTitle: string; bookLanguage: "en" | "vi" }) | null {
  const row = db()
    .select({ topic: topics, bookTitle: books.title, bookLanguage: books.language })
    .from(topics)
    .innerJoin(books, eq(books.id, topics.bookId))
    .where(and(eq(topics.id, topicId), eq(books.userId, userId)))
    .get();
  return row ? { ...row.topic, bookTitle: row.bookTitle, bookLanguage: row.bookLanguage } : null;
}

/**
 * A topic of this book and this user's, or null: what a page or form of one book may act on. A topic of
 * another book, even the same user's, is null too, and the route answers 404.
 */
export function getTopicInBook({
  topicId,
  bookId,
  userId,
}: {
  topicId: number;
  bookId: number;
  userId: number;
}): ReturnType<typeof getTopic> {
  const topic = getTopic({ topicId, userId });
  return topic?.bookId === bookId ? topic : null;
}

export function createTopic({ bookId, userId, input }: { bookId: number; userId: number; input: NewTopic }): Topic {
  return createTopics({ bookId, userId, items: [input] })[0]!;
}

/** The topic through its book's owner, inside a transaction; anyone else gets a 404. */
export function ownedTopic(tx: Tx, topicId: number, userId: number): Topic {
  const row = tx
    .select({ topic: topics })
    .from(topics)
    .innerJoin(books, eq(books.id, topics.bookId))
    .where(and(eq(topics.id, topicId), eq(books.userId, userId)))
    .get();
  if (!row) throw new AppError(404, "topics.notFound");
  return row.topic;
}

export type TopicChanges = Partial<{ title: string; description: string; preview: string | null; archived: boolean }>;

export function updateTopic({
  topicId,
  userId,
  changes,
}: {
  topicId: number;
  userId: number;
  changes: TopicChanges;
}): Topic {
  return db().transaction((tx) => {
    const owned = ownedTopic(tx, topicId, userId);
    const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as TopicChanges;
    const topic = Object.keys(set).length
      ? tx.update(topics).set(set).where(eq(topics.id, topicId)).returning().get()
      : tx.select().from(topics).where(eq(topics.id, topicId)).get()!;
    touchBook(tx, owned.bookId);
    logActivity(tx, {
      userId,
      action: changes.archived === undefined ? "update" : changes.archived ? "archive" : "unarchive",
      resource: "topic",
      details: { id: topicId, fields: Object.keys(set) },
    });
    return topic;
  });
}

/**
 * Deletes a topic with its questions, stories and their media rows (cascade). Returns the media storage keys to remove.
 */
export function deleteTopic({ topicId, userId }: { topicId: number; userId: number }): {
  topic: Topic;
  mediaKeys: string[];
} {
  return db().transaction((tx) => {
    const topic = ownedTopic(tx, topicId, userId);
    const mediaKeys = tx
      .select({ key: media.storageKey })
      .from(media)
      .innerJoin(stories, eq(stories.id, media.storyId))
      .where(eq(stories.topicId, topicId))
      .all()
      .map((row) => row.key);
    tx.delete(topics).where(eq(topics.id, topicId)).run();
    touchBook(tx, topic.bookId);
    logActivity(tx, { userId, action: "delete", resource: "topic", details: { id: topicId, title: topic.title } });
    return { topic, mediaKeys };
  });
}

/**
 * Puts the book's topics in the given order. The list must be exactly the book's own topic ids
 * (archived ones included), so a reorder can neither drop a topic nor pull in another book's.
 */
export function reorderTopics({
  bookId,
  userId,
  topicIds,
}: {
  bookId: number;
  userId: number;
  topicIds: number[];
}): void {
  db().transaction((tx) => {
    const book = tx
      .select({ id: books.id })
      .from(books)
      .where(and(eq(books.id, bookId), eq(books.userId, userId)))
      .get();
    if (!book) throw new AppError(404, "books.notFound");
    const own = tx
      .select({ id: topics.id })
      .from(topics)
      .where(eq(topics.bookId, bookId))
      .all()
      .map((row) => row.id);
    if (!sameSet(own, topicIds)) throw new AppError(400, "topics.reorderInvalid");
    topicIds.forEach((id, position) => tx.update(topics).set({ position }).where(eq(topics.id, id)).run());
    touchBook(tx, bookId);
    logActivity(tx, { userId, action: "reorder", resource: "topic", details: { bookId } });
  });
}

/** True when both lists hold the same ids, each once. */
export function sameSet(own: number[], given: number[]): boolean {
  if (own.length !== given.length || new Set(given).size !== given.length) return false;
  const mine = new Set(own);
  return given.every((id) => mine.has(id));
}

/** Moves one topic a place up (-1) or down (+1) among the book's topics (archived ones keep their places). */
export function moveTopic({ topicId, userId, delta }: { topicId: number; userId: number; delta: -1 | 1 }): void {
  const topic = getTopic({ topicId, userId });
  if (!topic) throw new AppError(404, "topics.notFound");
  const ids = db()
    .select({ id: topics.id })
    .from(topics)
    .where(eq(topics.bookId, topic.bookId))
    .orderBy(topics.position, topics.id)
    .all()
    .map((r) => r.id);
  const from = ids.indexOf(topicId);
  const to = from + delta;
  if (to < 0 || to >= ids.length) return;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  reorderTopics({ bookId: topic.bookId, userId, topicIds: ids });
}
