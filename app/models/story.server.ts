import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { prepared } from "~db/client.server";
import { containsPattern, optionalContains, optionalEquals } from "~db/filters";
import { books, stories, topics } from "~db/schema";

export const EXCERPT_SOURCE_CHARS = 200;

/** Stories across the user's books for the library: searched, filtered by book, last worked on first, bounded. */
export function listLibraryStories({ userId, search, bookId, limit }: { userId: number; search?: string; bookId?: number; limit: number }) {
  const where = and(
    eq(books.userId, sql.placeholder("userId")),
    optionalEquals(stories.bookId, "bookId"),
    optionalContains([stories.title, stories.content, stories.refinedContent], "pattern"),
  );
  const page = prepared("listLibraryStories", (client) => {
    // Sort and cut on ids alone (from the stories(book_id, updated_at) index), then read just those rows:
    // sorting whole stories would carry every story's text through the sort.
    const ids = client
      .select({ id: stories.id })
      .from(stories)
      .innerJoin(books, eq(books.id, stories.bookId))
      .where(where)
      .orderBy(desc(stories.updatedAt), desc(stories.id))
      .limit(sql.placeholder("limit"));
    return client
      .select({
        id: stories.id,
        title: stories.title,
        // The card shows 150 characters: only a little more than that leaves the database.
        excerpt: sql<string>`substr(coalesce(nullif(${stories.refinedContent}, ''), ${stories.content}), 1, ${EXCERPT_SOURCE_CHARS})`,
        status: stories.status,
        createdAt: stories.createdAt,
        updatedAt: stories.updatedAt,
        bookId: stories.bookId,
        bookTitle: books.title,
        topicId: stories.topicId,
        topicTitle: topics.title,
      })
      .from(stories)
      .innerJoin(books, eq(books.id, stories.bookId))
      .innerJoin(topics, eq(topics.id, stories.topicId))
      .where(inArray(stories.id, ids))
      .orderBy(desc(stories.updatedAt), desc(stories.id))
      .prepare();
  });
  const total = prepared("countLibraryStories", (client) =>
    client.select({ n: count() }).from(stories).innerJoin(books, eq(books.id, stories.bookId)).where(where).prepare(),
  );
  const args = { userId, bookId: bookId ?? null, pattern: containsPattern(search), limit };
  return { stories: page.all(args), total: total.get(args)?.n ?? 0 };
}
