import { setImmediate as nextTurn } from "node:timers/promises";
import { and, asc, eq, inArray } from "drizzle-orm";
import { db } from "~db/client.server";
import {
  books,
  media,
  questions,
  stories,
  topics,
  type Book,
  type Language,
  type Media,
  type Question,
  type Story,
  type Topic,
} from "~db/schema";

export type ContentStory = Story & { media: Media[] };
export type ContentTopic = Topic & { questions: Question[]; stories: ContentStory[] };
export type BookContent = { book: Book; topics: ContentTopic[] };

/**
 * A whole book in its order: topics, their questions, their stories and each story's media, in five
 * queries whatever its size. It is what a keepsake is made from (the shared reading page, the export),
 * so it reads the book by id: callers check who may see it. `publishedOnly` leaves out drafts, archived
 * topics, and topics left with nothing to read.
 */
export async function readBookContent(
  bookId: number,
  { publishedOnly = false }: { publishedOnly?: boolean } = {},
): Promise<BookContent | null> {
  const book = (await db().select().from(books).where(eq(books.id, bookId)))[0];
  if (!book) return null;
  const topicRows = await db()
    .select()
    .from(topics)
    .where(publishedOnly ? and(eq(topics.bookId, bookId), eq(topics.archived, false)) : eq(topics.bookId, bookId))
    .orderBy(asc(topics.position), asc(topics.id));
  const topicIds = topicRows.map((topic) => topic.id);
  const storyRows = topicIds.length
    ? await db()
        .select()
        .from(stories)
        .where(
          publishedOnly
            ? and(inArray(stories.topicId, topicIds), eq(stories.status, "published"))
            : inArray(stories.topicId, topicIds),
        )
        .orderBy(asc(stories.position), asc(stories.id))
    : [];
  const questionRows =
    topicIds.length && !publishedOnly
      ? await db()
          .select()
          .from(questions)
          .where(inArray(questions.topicId, topicIds))
          .orderBy(asc(questions.position), asc(questions.id))
      : [];
  const storyIds = storyRows.map((story) => story.id);
  const mediaRows = storyIds.length
    ? await db()
        .select()
        .from(media)
        .where(inArray(media.storyId, storyIds))
        .orderBy(asc(media.createdAt), asc(media.id))
    : [];

  return assemble(book, topicRows, storyRows, questionRows, mediaRows, publishedOnly);
}

function assemble(
  book: Book,
  topicRows: Topic[],
  storyRows: Story[],
  questionRows: Question[],
  mediaRows: Media[],
  publishedOnly: boolean,
): BookContent {
  const mediaByStory = groupBy(mediaRows, (row) => row.storyId);
  const storiesByTopic = groupBy(
    storyRows.map((story) => ({ ...story, media: mediaByStory.get(story.id) ?? [] })),
    (story) => story.topicId,
  );
  const questionsByTopic = groupBy(questionRows, (row) => row.topicId);
  const contentTopics = topicRows
    .map((topic) => ({
      ...topic,
      questions: questionsByTopic.get(topic.id) ?? [],
      stories: storiesByTopic.get(topic.id) ?? [],
    }))
    .filter((topic) => !publishedOnly || topic.stories.length > 0);
  return { book, topics: contentTopics };
}

/**
 * Rows a read takes: one of those with texts of up to 200,000 characters (a story, a topic's draft, a transcription),
 * 500 of short ones (questions). One long row, not ten: several exports at once each queue their next read for the
 * same turn of the event loop, so a turn holds one read per export, and ten 200,000-character rows times five
 * exports held it for over 200 ms on a busy machine. A query per story costs SQLite next to nothing.
 */
const LONG_ROWS = 1;
const SHORT_ROWS = 500;

/**
 * Rows of `ids`, in that order, read `size` at a time with a turn of the event loop between reads; a row gone meanwhile
 * is left out.
 */
async function readInTurns<T extends { id: number }>(
  ids: number[],
  size: number,
  read: (ids: number[]) => Promise<T[]>,
): Promise<T[]> {
  const rows = new Map<number, T>();
  for (let i = 0; i < ids.length; i += size) {
    if (i > 0) await nextTurn();
    for (const row of await read(ids.slice(i, i + size))) rows.set(row.id, row);
  }
  return ids.flatMap((id) => rows.get(id) ?? []);
}

/**
 * The whole book as `readBookContent` reads it, for an export (ADR 0023): the ids first, in order, then the
 * rows one long one at a time (a story or topic, whose text may be 200,000 characters), with a turn of
 * the event loop between reads, so that a large book never holds up other requests. A change made while it
 * is read may show in part: the export is of a book that its owner is not editing at that moment.
 */
export async function readBookContentInTurns(bookId: number): Promise<BookContent | null> {
  const book = (await db().select().from(books).where(eq(books.id, bookId)))[0];
  if (!book) return null;
  const ids = <T extends { id: number }>(rows: T[]) => rows.map((row) => row.id);
  const topicIds = ids(
    await db()
      .select({ id: topics.id })
      .from(topics)
      .where(eq(topics.bookId, bookId))
      .orderBy(asc(topics.position), asc(topics.id)),
  );
  const topicRows = await readInTurns(
    topicIds,
    LONG_ROWS,
    async (chunk) => await db().select().from(topics).where(inArray(topics.id, chunk)),
  );
  const storyIds = topicIds.length
    ? ids(
        await db()
          .select({ id: stories.id })
          .from(stories)
          .where(inArray(stories.topicId, topicIds))
          .orderBy(asc(stories.position), asc(stories.id)),
      )
    : [];
  const storyRows = await readInTurns(
    storyIds,
    LONG_ROWS,
    async (chunk) => await db().select().from(stories).where(inArray(stories.id, chunk)),
  );
  const questionIds = topicIds.length
    ? ids(
        await db()
          .select({ id: questions.id })
          .from(questions)
          .where(inArray(questions.topicId, topicIds))
          .orderBy(asc(questions.position), asc(questions.id)),
      )
    : [];
  const questionRows = await readInTurns(
    questionIds,
    SHORT_ROWS,
    async (chunk) => await db().select().from(questions).where(inArray(questions.id, chunk)),
  );
  const mediaIds = storyIds.length
    ? ids(
        await db()
          .select({ id: media.id })
          .from(media)
          .where(inArray(media.storyId, storyIds))
          .orderBy(asc(media.createdAt), asc(media.id)),
      )
    : [];
  const mediaRows = await readInTurns(
    mediaIds,
    LONG_ROWS,
    async (chunk) => await db().select().from(media).where(inArray(media.id, chunk)),
  );
  return assemble(book, topicRows, storyRows, questionRows, mediaRows, false);
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
export async function publishedMedia({ mediaId, bookId }: { mediaId: number; bookId: number }): Promise<Media | null> {
  const row = (
    await db()
      .select({ media })
      .from(media)
      .innerJoin(stories, eq(stories.id, media.storyId))
      .innerJoin(topics, eq(topics.id, stories.topicId))
      .where(
        and(
          eq(media.id, mediaId),
          eq(stories.bookId, bookId),
          eq(stories.status, "published"),
          eq(topics.archived, false),
        ),
      )
  )[0];
  return row?.media ?? null;
}

/**
 * A photo of a published story in a topic that is not archived, in that book, with what its own page names: the
 * story's title and the book's title. Null for anything else (a recording, a draft's photo).
 */
export async function publishedPhoto({ mediaId, bookId }: { mediaId: number; bookId: number }) {
  return (
    (
      await db()
        .select({
          media,
          story: { id: stories.id, title: stories.title },
          book: { title: books.title },
        })
        .from(media)
        .innerJoin(stories, eq(stories.id, media.storyId))
        .innerJoin(topics, eq(topics.id, stories.topicId))
        .innerJoin(books, eq(books.id, stories.bookId))
        .where(
          and(
            eq(media.id, mediaId),
            eq(media.type, "image"),
            eq(stories.bookId, bookId),
            eq(stories.status, "published"),
            eq(topics.archived, false),
          ),
        )
    )[0] ?? null
  );
}

export async function bookLanguage(bookId: number): Promise<Language | null> {
  return (await db().select({ language: books.language }).from(books).where(eq(books.id, bookId)))[0]?.language ?? null;
}

export async function bookCoverImage(bookId: number): Promise<string | null> {
  return (
    (await db().select({ coverImage: books.coverImage }).from(books).where(eq(books.id, bookId)))[0]?.coverImage ?? null
  );
}
