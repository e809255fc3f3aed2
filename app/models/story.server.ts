import { and, count, desc, eq, or } from "drizzle-orm";
import { db } from "~db/client.server";
import { books, stories, topics } from "~db/schema";
import { likeEscaped } from "./book.server";

/** Stories across the user's books for the library: searched, filtered by book, newest first, bounded. */
export function listLibraryStories({ userId, search, bookId, limit }: { userId: number; search?: string; bookId?: number; limit: number }) {
  const where = and(
    eq(books.userId, userId),
    bookId ? eq(stories.bookId, bookId) : undefined,
    search ? or(likeEscaped(stories.title, search), likeEscaped(stories.content, search), likeEscaped(stories.refinedContent, search)) : undefined,
  );
  const rows = db()
    .select({
      id: stories.id,
      title: stories.title,
      content: stories.content,
      refinedContent: stories.refinedContent,
      status: stories.status,
      createdAt: stories.createdAt,
      bookId: stories.bookId,
      bookTitle: books.title,
      topicId: stories.topicId,
      topicTitle: topics.title,
    })
    .from(stories)
    .innerJoin(books, eq(books.id, stories.bookId))
    .innerJoin(topics, eq(topics.id, stories.topicId))
    .where(where)
    .orderBy(desc(stories.createdAt), desc(stories.id))
    .limit(limit)
    .all();
  const total = db().select({ n: count() }).from(stories).innerJoin(books, eq(books.id, stories.bookId)).where(where).get()?.n ?? 0;
  return { stories: rows, total };
}
