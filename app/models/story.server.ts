import { and, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import { db } from "~db/client.server";
import { books, stories, topics } from "~db/schema";
import { likeEscaped } from "./book.server";

export const EXCERPT_SOURCE_CHARS = 200;

/** Stories across the user's books for the library: searched, filtered by book, last worked on first, bounded. */
export function listLibraryStories({ userId, search, bookId, limit }: { userId: number; search?: string; bookId?: number; limit: number }) {
  const where = and(
    eq(books.userId, userId),
    bookId ? eq(stories.bookId, bookId) : undefined,
    search ? or(likeEscaped(stories.title, search), likeEscaped(stories.content, search), likeEscaped(stories.refinedContent, search)) : undefined,
  );
  // Sort and cut on ids alone (from the stories(book_id, updated_at) index), then read just those rows:
  // sorting whole stories would carry every story's text through the sort.
  const page = db()
    .select({ id: stories.id })
    .from(stories)
    .innerJoin(books, eq(books.id, stories.bookId))
    .where(where)
    .orderBy(desc(stories.updatedAt), desc(stories.id))
    .limit(limit)
    .all()
    .map((row) => row.id);
  const rows = page.length
    ? db()
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
        .where(inArray(stories.id, page))
        .orderBy(desc(stories.updatedAt), desc(stories.id))
        .all()
    : [];
  const total = db().select({ n: count() }).from(stories).innerJoin(books, eq(books.id, stories.bookId)).where(where).get()?.n ?? 0;
  return { stories: rows, total };
}
