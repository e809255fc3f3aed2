import { and, countDistinct, eq } from "drizzle-orm";
import { db } from "~db/client.server";
import { media, stories, topics } from "~db/schema";

/**
 * How many of a book's stories the printed book carries a voice code for: completed, in a topic that is not archived,
 * with a recording. One counting query, indexed by book and story, so the download dialog can say it for any book.
 * It reads the book by id: callers check who may see it.
 */
export async function countRecordedStories(bookId: number): Promise<number> {
  const row = (
    await db()
      .select({ n: countDistinct(stories.id) })
      .from(stories)
      .innerJoin(topics, eq(topics.id, stories.topicId))
      .innerJoin(media, and(eq(media.storyId, stories.id), eq(media.type, "audio")))
      .where(and(eq(stories.bookId, bookId), eq(stories.status, "published"), eq(topics.archived, false)))
  )[0];
  return row?.n ?? 0;
}
