import crypto from "node:crypto";
import { and, asc, eq, ne, or } from "drizzle-orm";
import { db } from "~db/client.server";
import { bookPreviews, books, media, stories, topics } from "~db/schema";
import type { BookPreviewInput, PreviewBook, PreviewStory, TopicPreviewInput } from "~/ai/preview-types";

type StoryRow = { id: number; topicId: number; title: string; content: string; refinedContent: string | null };
type MediaRow = {
  id: number;
  storyId: number;
  type: "image" | "audio";
  description: string;
  durationMs: number | null;
  transcription: string | null;
};

const storyColumns = {
  id: stories.id,
  topicId: stories.topicId,
  title: stories.title,
  content: stories.content,
  refinedContent: stories.refinedContent,
};
/**
 * The release gate (issue 18): what a storyteller sends stays out of every preview until someone in the family
 * completes it. The family's own drafts are theirs to preview, as before.
 */
const released = or(ne(stories.source, "storyteller"), ne(stories.status, "draft"));

const mediaColumns = {
  id: media.id,
  storyId: media.storyId,
  type: media.type,
  description: media.description,
  durationMs: media.durationMs,
  transcription: media.transcription,
};

/**
 * Stories as previews see them: the refined text when there is one (docs/product.md §4), their images and their
 * recordings in order (a story told only aloud is part of the book too).
 */
function toPreviewStories(rows: StoryRow[], mediaRows: MediaRow[]): PreviewStory[] {
  const byStory = new Map<number, Pick<PreviewStory, "images" | "recordings">>();
  for (const item of mediaRows) {
    const lists = byStory.get(item.storyId) ?? { images: [], recordings: [] };
    if (item.type === "image") lists.images.push({ id: item.id, description: item.description });
    else lists.recordings.push({ durationMs: item.durationMs, transcription: item.transcription });
    byStory.set(item.storyId, lists);
  }
  return rows.map((row) => ({
    title: row.title,
    text: row.refinedContent?.trim() ? row.refinedContent : row.content,
    images: byStory.get(row.id)?.images ?? [],
    recordings: byStory.get(row.id)?.recordings ?? [],
  }));
}

const previewBook = (book: {
  title: string;
  description: string;
  tone: string;
  language: "en" | "vi";
}): PreviewBook => ({
  title: book.title,
  description: book.description,
  tone: book.tone,
  language: book.language,
});

/** What a topic's preview is made from, through its book's owner only (null for anyone else). */
export async function topicPreviewInput({
  topicId,
  userId,
}: {
  topicId: number;
  userId: number;
}): Promise<TopicPreviewInput | null> {
  const row = (
    await db()
      .select({
        topic: { title: topics.title, description: topics.description },
        book: { title: books.title, description: books.description, tone: books.tone, language: books.language },
      })
      .from(topics)
      .innerJoin(books, eq(books.id, topics.bookId))
      .where(and(eq(topics.id, topicId), eq(books.userId, userId)))
  )[0];
  if (!row) return null;
  const storyRows = await db()
    .select(storyColumns)
    .from(stories)
    .where(and(eq(stories.topicId, topicId), released))
    .orderBy(asc(stories.position), asc(stories.id));
  const mediaRows = await db()
    .select(mediaColumns)
    .from(media)
    .innerJoin(stories, eq(stories.id, media.storyId))
    .where(eq(stories.topicId, topicId))
    .orderBy(asc(media.id));
  return { book: previewBook(row.book), topic: row.topic, stories: toPreviewStories(storyRows, mediaRows) };
}

/** What the whole book's preview is made from: its topics (not archived) in order, in three queries. */
export async function bookPreviewInput({
  bookId,
  userId,
}: {
  bookId: number;
  userId: number;
}): Promise<BookPreviewInput | null> {
  const book = (
    await db()
      .select()
      .from(books)
      .where(and(eq(books.id, bookId), eq(books.userId, userId)))
  )[0];
  if (!book) return null;
  const topicRows = await db()
    .select({ id: topics.id, title: topics.title, description: topics.description, preview: topics.preview })
    .from(topics)
    .where(and(eq(topics.bookId, bookId), eq(topics.archived, false)))
    .orderBy(asc(topics.position), asc(topics.id));
  const storyRows = await db()
    .select(storyColumns)
    .from(stories)
    .where(and(eq(stories.bookId, bookId), released))
    .orderBy(asc(stories.position), asc(stories.id));
  const mediaRows = await db()
    .select(mediaColumns)
    .from(media)
    .innerJoin(stories, eq(stories.id, media.storyId))
    .where(eq(stories.bookId, bookId))
    .orderBy(asc(media.id));
  const all = toPreviewStories(storyRows, mediaRows);
  return {
    book: previewBook(book),
    topics: topicRows.map((topic) => ({
      title: topic.title,
      description: topic.description,
      preview: topic.preview,
      stories: all.filter((_, i) => storyRows[i]!.topicId === topic.id),
    })),
  };
}

/** The cache key of a book preview: everything it is made from, and who makes it. */
export function previewHash(input: BookPreviewInput, maker: string): string {
  return crypto.createHash("sha256").update(JSON.stringify({ maker, input })).digest("hex");
}

export async function cachedBookPreview({ bookId, hash }: { bookId: number; hash: string }): Promise<string | null> {
  const row = (
    await db()
      .select({ content: bookPreviews.content, hash: bookPreviews.contentHash })
      .from(bookPreviews)
      .where(eq(bookPreviews.bookId, bookId))
  )[0];
  return row && row.hash === hash ? row.content : null;
}

/** Keeps one cached preview per book (a cache, not the user's writing: no activity row). */
export async function saveBookPreview({
  bookId,
  hash,
  content,
}: {
  bookId: number;
  hash: string;
  content: string;
}): Promise<void> {
  await db()
    .insert(bookPreviews)
    .values({ bookId, contentHash: hash, content })
    .onConflictDoUpdate({ target: bookPreviews.bookId, set: { contentHash: hash, content, createdAt: new Date() } });
}
