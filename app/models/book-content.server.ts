import { and, asc, eq, inArray } from "drizzle-orm";
import { db } from "~db/client.server";
import { books, media, questions, stories, topics, type Book, type Media, type Question, type Story, type Topic } from "~db/schema";

export type ContentStory = Story & { media: Media[] };
export type ContentTopic = Topic & { questions: Question[]; stories: ContentStory[] };
export type BookContent = { book: Book; topics: ContentTopic[] };

/**
 * A whole book in its order: topics, their questions, their stories and each story's media, in five
 * queries whatever its size. It is what a keepsake is made from (the shared reading page, the export),
 * so it reads the book by id: callers check who may see it. `publishedOnly` leaves out drafts, archived
 * topics, and topics left with nothing to read.
 */
export function readBookContent(bookId: number, { publishedOnly = false }: { publishedOnly?: boolean } = {}): BookContent | null {
  const book = db().select().from(books).where(eq(books.id, bookId)).get();
  if (!book) return null;
  const topicRows = db()
    .select()
    .from(topics)
    .where(publishedOnly ? and(eq(topics.bookId, bookId), eq(topics.archived, false)) : eq(topics.bookId, bookId))
    .orderBy(asc(topics.position), asc(topics.id))
    .all();
  const topicIds = topicRows.map((topic) => topic.id);
  const storyRows = topicIds.length
    ? db()
        .select()
        .from(stories)
        .where(publishedOnly ? and(inArray(stories.topicId, topicIds), eq(stories.status, "published")) : inArray(stories.topicId, topicIds))
        .orderBy(asc(stories.position), asc(stories.id))
        .all()
    : [];
  const questionRows = topicIds.length && !publishedOnly ? db().select().from(questions).where(inArray(questions.topicId, topicIds)).orderBy(asc(questions.position), asc(questions.id)).all() : [];
  const storyIds = storyRows.map((story) => story.id);
  const mediaRows = storyIds.length ? db().select().from(media).where(inArray(media.storyId, storyIds)).orderBy(asc(media.createdAt), asc(media.id)).all() : [];

  const mediaByStory = groupBy(mediaRows, (row) => row.storyId);
  const storiesByTopic = groupBy(
    storyRows.map((story) => ({ ...story, media: mediaByStory.get(story.id) ?? [] })),
    (story) => story.topicId,
  );
  const questionsByTopic = groupBy(questionRows, (row) => row.topicId);
  const contentTopics = topicRows
    .map((topic) => ({ ...topic, questions: questionsByTopic.get(topic.id) ?? [], stories: storiesByTopic.get(topic.id) ?? [] }))
    .filter((topic) => !publishedOnly || topic.stories.length > 0);
  return { book, topics: contentTopics };
}

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const grouped = new Map<number, T[]>();
  for (const row of rows) {
    const list = grouped.get(key(row)) ?? [];
    list.push(row);
    grouped.set(key(row), list);
  }
  return grouped;
}

/** A media item of a published story in a topic that is not archived, in this book; null otherwise. */
export function publishedMedia({ mediaId, bookId }: { mediaId: number; bookId: number }): Media | null {
  const row = db()
    .select({ media })
    .from(media)
    .innerJoin(stories, eq(stories.id, media.storyId))
    .innerJoin(topics, eq(topics.id, stories.topicId))
    .where(and(eq(media.id, mediaId), eq(stories.bookId, bookId), eq(stories.status, "published"), eq(topics.archived, false)))
    .get();
  return row?.media ?? null;
}

export function bookCoverImage(bookId: number): string | null {
  return db().select({ coverImage: books.coverImage }).from(books).where(eq(books.id, bookId)).get()?.coverImage ?? null;
}
