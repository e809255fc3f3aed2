import { countChildren } from "~db/correlated";
import { containsPattern, searchContains } from "~db/filters";
import { nextPosition, savePositions } from "~db/positions";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { db, prepared, type Tx, transaction } from "~db/client.server";
import { books, media, stories, topics, type Topic } from "~db/schema";
import { AppError } from "~/lib/errors";
import { logBookChange } from "./activity.server";

export type NewTopic = { title: string; description: string };

/** Adds topics at the end of the book, in the given order, in one transaction. */
export async function createTopics({
  bookId,
  userId,
  items,
}: {
  bookId: number;
  userId: number;
  items: NewTopic[];
}): Promise<Topic[]> {
  return transaction(async (tx) => {
    const book = (
      await tx
        .select({ id: books.id })
        .from(books)
        .where(and(eq(books.id, bookId), eq(books.userId, userId)))
    )[0];
    if (!book) throw new AppError(404, "books.notFound");
    const first = await nextPosition(tx, topics, topics.position, eq(topics.bookId, bookId));
    const created = await tx
      .insert(topics)
      .values(
        items.map((item, i) => ({
          bookId,
          title: item.title.trim(),
          description: item.description.trim(),
          position: first + i,
        })),
      )
      .returning();
    await logBookChange(tx, bookId, {
      userId,
      action: "create",
      resource: "topic",
      details: { bookId, count: created.length },
    });
    return created;
  });
}

const topicStoryCount = countChildren(stories, stories.topicId, "topics");

/** Topics across the user's books for the library: searched, filtered by book, newest first, bounded. */
export async function listLibraryTopics({
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
  // A prepared statement per kind of filter: without a search or a book (every plain visit of /books) the count
  // and the sort read only the topics(user_id, archived, created_at, id) index, never the topics' rows nor the
  // user's books.
  const variant = `${search ? "search" : "all"}:${bookId === undefined ? "any-book" : "one-book"}`;
  const where = and(
    eq(topics.userId, sql.placeholder("userId")),
    eq(topics.archived, false),
    bookId === undefined ? undefined : eq(topics.bookId, sql.placeholder("bookId")),
    search ? searchContains([topics.title, topics.description, topics.preview], "pattern") : undefined,
  );
  const page = prepared(`listLibraryTopics:${variant}`, (client) => {
    // Sort and cut on ids alone, then read the text and count the stories of just those rows.
    const ids = client
      .select({ id: topics.id })
      .from(topics)
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
      .orderBy(desc(topics.createdAt), desc(topics.id));
  });
  const total = prepared(`countLibraryTopics:${variant}`, (client) =>
    client.select({ n: count() }).from(topics).where(where),
  );
  const args = { userId, bookId, limit, ...(search ? { pattern: containsPattern(search) } : {}) };
  return { topics: await page.execute(args), total: (await total.execute(args))[0]?.n ?? 0 };
}

/** A book's topics in their order, with story counts; the caller has checked the book is the user's. */
export async function listBookTopics({
  bookId,
  includeArchived = false,
}: {
  bookId: number;
  includeArchived?: boolean;
}) {
  return await db()
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
    .orderBy(topics.position, topics.id);
}

/**
 * A book's topics for the workspace: as `listBookTopics`, but whether each has a saved draft narrative
 * instead of the narrative itself, which the workspace reads for the one topic it shows (ADR 0023).
 */
export async function listWorkspaceTopics({ bookId }: { bookId: number }) {
  // octet_length() reads a value's size without reading the value: a long draft is not read here.
  const long = sql`octet_length(${topics.preview}) > 1000`;
  const notBlank = sql`trim(${topics.preview}) != ''`;
  const hasPreview = sql<boolean>`case when ${topics.preview} is null then false
    when ${long} then true else ${notBlank} end`;
  // Prepared once: the workspace asks on every render.
  const query = prepared("listWorkspaceTopics", (client) =>
    client
      .select({
        id: topics.id,
        title: topics.title,
        description: topics.description,
        hasPreview: hasPreview.mapWith(Boolean),
        archived: topics.archived,
        position: topics.position,
        storyCount: topicStoryCount,
      })
      .from(topics)
      .where(eq(topics.bookId, sql.placeholder("bookId")))
      .orderBy(topics.position, topics.id),
  );
  return await query.execute({ bookId });
}

/** A topic's saved draft narrative, through its book (checked by the caller); null when it has none. */
export async function topicPreviewText({
  topicId,
  bookId,
}: {
  topicId: number;
  bookId: number;
}): Promise<string | null> {
  return (
    (
      await db()
        .select({ preview: topics.preview })
        .from(topics)
        .where(and(eq(topics.id, topicId), eq(topics.bookId, bookId)))
    )[0]?.preview ?? null
  );
}

/** A topic only through its book's owner; anyone else gets null (the route answers 404). */
export async function getTopic({
  topicId,
  userId,
}: {
  topicId: number;
  userId: number;
}): Promise<(Topic & { bookTitle: string; bookLanguage: "en" | "vi" }) | null> {
  const row = (
    await db()
      .select({ topic: topics, bookTitle: books.title, bookLanguage: books.language })
      .from(topics)
      .innerJoin(books, eq(books.id, topics.bookId))
      .where(and(eq(topics.id, topicId), eq(books.userId, userId)))
  )[0];
  return row ? { ...row.topic, bookTitle: row.bookTitle, bookLanguage: row.bookLanguage } : null;
}

/**
 * A topic of this book and this user's, or null: what a page or form of one book may act on. A topic of
 * another book, even the same user's, is null too, and the route answers 404.
 */
export async function getTopicInBook({
  topicId,
  bookId,
  userId,
}: {
  topicId: number;
  bookId: number;
  userId: number;
}): Promise<Awaited<ReturnType<typeof getTopic>>> {
  const topic = await getTopic({ topicId, userId });
  return topic?.bookId === bookId ? topic : null;
}

export async function createTopic({
  bookId,
  userId,
  input,
}: {
  bookId: number;
  userId: number;
  input: NewTopic;
}): Promise<Topic> {
  return (await createTopics({ bookId, userId, items: [input] }))[0]!;
}

/**
 * The topic through its book's owner, inside a transaction; anyone else gets a 404, and so does a topic of another
 * book when a page of one book (`bookId`) asks.
 */
export async function ownedTopic(tx: Tx, topicId: number, userId: number, bookId?: number): Promise<Topic> {
  const row = (
    await tx
      .select({ topic: topics })
      .from(topics)
      .innerJoin(books, eq(books.id, topics.bookId))
      .where(
        and(eq(topics.id, topicId), eq(books.userId, userId), bookId === undefined ? undefined : eq(books.id, bookId)),
      )
  )[0];
  if (!row) throw new AppError(404, "topics.notFound");
  return row.topic;
}

export type TopicChanges = Partial<{ title: string; description: string; preview: string | null; archived: boolean }>;

/** Changes a topic of the user's (of the page's book, when one names it); a field left undefined is kept. */
export async function updateTopic({
  topicId,
  userId,
  bookId,
  changes,
}: {
  topicId: number;
  userId: number;
  bookId?: number;
  changes: TopicChanges;
}): Promise<Topic> {
  return transaction(async (tx) => {
    const owned = await ownedTopic(tx, topicId, userId, bookId);
    const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as TopicChanges;
    const topic = Object.keys(set).length
      ? (await tx.update(topics).set(set).where(eq(topics.id, topicId)).returning())[0]!
      : (await tx.select().from(topics).where(eq(topics.id, topicId)))[0]!;
    await logBookChange(tx, owned.bookId, {
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
export async function deleteTopic({ topicId, userId }: { topicId: number; userId: number }): Promise<{
  topic: Topic;
  mediaKeys: string[];
}> {
  return transaction(async (tx) => {
    const topic = await ownedTopic(tx, topicId, userId);
    const mediaKeys = (
      await tx
        .select({ key: media.storageKey })
        .from(media)
        .innerJoin(stories, eq(stories.id, media.storyId))
        .where(eq(stories.topicId, topicId))
    ).map((row) => row.key);
    await tx.delete(topics).where(eq(topics.id, topicId));
    await logBookChange(tx, topic.bookId, {
      userId,
      action: "delete",
      resource: "topic",
      details: { id: topicId, title: topic.title },
    });
    return { topic, mediaKeys };
  });
}

/**
 * Puts the book's topics in the given order. The list must be exactly the book's own topic ids
 * (archived ones included), so a reorder can neither drop a topic nor pull in another book's.
 */
export async function reorderTopics({
  bookId,
  userId,
  topicIds,
}: {
  bookId: number;
  userId: number;
  topicIds: number[];
}): Promise<void> {
  await transaction(async (tx) => {
    const book = (
      await tx
        .select({ id: books.id })
        .from(books)
        .where(and(eq(books.id, bookId), eq(books.userId, userId)))
    )[0];
    if (!book) throw new AppError(404, "books.notFound");
    const own = (await tx.select({ id: topics.id }).from(topics).where(eq(topics.bookId, bookId))).map((row) => row.id);
    if (!sameSet(own, topicIds)) throw new AppError(400, "topics.reorderInvalid");
    await savePositions(tx, topics, topics.id, topics.position, topicIds);
    await logBookChange(tx, bookId, { userId, action: "reorder", resource: "topic", details: { bookId } });
  });
}

/** True when both lists hold the same ids, each once. */
export function sameSet(own: number[], given: number[]): boolean {
  if (own.length !== given.length || new Set(given).size !== given.length) return false;
  const mine = new Set(own);
  return given.every((id) => mine.has(id));
}

/** Moves one topic a place up (-1) or down (+1) among the book's topics (archived ones keep their places). */
export async function moveTopic({
  topicId,
  userId,
  delta,
}: {
  topicId: number;
  userId: number;
  delta: -1 | 1;
}): Promise<void> {
  const topic = await getTopic({ topicId, userId });
  if (!topic) throw new AppError(404, "topics.notFound");
  const ids = (
    await db()
      .select({ id: topics.id })
      .from(topics)
      .where(eq(topics.bookId, topic.bookId))
      .orderBy(topics.position, topics.id)
  ).map((r) => r.id);
  const from = ids.indexOf(topicId);
  const to = from + delta;
  if (to < 0 || to >= ids.length) return;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  await reorderTopics({ bookId: topic.bookId, userId, topicIds: ids });
}
