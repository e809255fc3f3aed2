import { countChildren } from "~db/correlated";
import { containsPattern, optionalContains, optionalEquals } from "~db/filters";
import { and, count, desc, eq, max, sql } from "drizzle-orm";
import { db, prepared } from "~db/client.server";
import { books, stories, topics, type Topic } from "~db/schema";
import { AppError } from "~/lib/errors";
import { logActivity } from "./activity.server";
import { touchBook } from "./book.server";

export type NewTopic = { title: string; description: string };

/** Adds topics at the end of the book, in the given order, in one transaction. */
export function createTopics({ bookId, userId, items }: { bookId: number; userId: number; items: NewTopic[] }): Topic[] {
  return db().transaction((tx) => {
    const book = tx.select({ id: books.id }).from(books).where(and(eq(books.id, bookId), eq(books.userId, userId))).get();
    if (!book) throw new AppError(404, "books.notFound");
    const last = tx.select({ position: max(topics.position) }).from(topics).where(eq(topics.bookId, bookId)).get()?.position ?? -1;
    const created = items.map((item, i) =>
      tx
        .insert(topics)
        .values({ bookId, title: item.title.trim(), description: item.description.trim(), position: last + 1 + i })
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
export function listLibraryTopics({ userId, search, bookId, limit }: { userId: number; search?: string; bookId?: number; limit: number }) {
  const where = and(
    eq(books.userId, sql.placeholder("userId")),
    eq(topics.archived, false),
    optionalEquals(topics.bookId, "bookId"),
    optionalContains([topics.title, topics.description, topics.preview], "pattern"),
  );
  const page = prepared("listLibraryTopics", (client) =>
    client
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
      .where(where)
      .orderBy(desc(topics.createdAt), desc(topics.id))
      .limit(sql.placeholder("limit"))
      .prepare(),
  );
  const total = prepared("countLibraryTopics", (client) =>
    client.select({ n: count() }).from(topics).innerJoin(books, eq(books.id, topics.bookId)).where(where).prepare(),
  );
  const args = { userId, bookId: bookId ?? null, pattern: containsPattern(search), limit };
  return { topics: page.all(args), total: total.get(args)?.n ?? 0 };
}

/** A book's topics in their order, with story counts; the caller has checked the book is the user's. */
export function listBookTopics({ bookId, includeArchived = false }: { bookId: number; includeArchived?: boolean }) {
  return db()
    .select({ id: topics.id, title: topics.title, description: topics.description, archived: topics.archived, position: topics.position, storyCount: topicStoryCount })
    .from(topics)
    .where(and(eq(topics.bookId, bookId), includeArchived ? undefined : eq(topics.archived, false)))
    .orderBy(topics.position, topics.id)
    .all();
}
