import type { Tx } from "~db/client.server";
import { databaseDialect } from "~db/dialect";
import { books, media, questions, stories, topics } from "~db/schema";

type BookRow = typeof books.$inferInsert;
type TopicRow = typeof topics.$inferInsert;
type QuestionRow = typeof questions.$inferInsert;
type StoryRow = typeof stories.$inferInsert;
type MediaRow = typeof media.$inferInsert;

/** The rows an import writes, one call a row, each answering the new row's id. */
export type ImportRows = {
  book(row: BookRow): Promise<number>;
  topic(row: TopicRow): Promise<number>;
  question(row: QuestionRow): Promise<number>;
  story(row: StoryRow): Promise<number>;
  media(row: MediaRow): Promise<number>;
};

const ms = (value: Date | undefined) => value?.getTime() ?? Date.now();
const flag = (value: boolean | undefined) => (value ? 1 : 0);
const rowId = (result: { lastInsertRowid: number | bigint }) => Number(result.lastInsertRowid);

/**
 * SQLite: plain SQL prepared once on the transaction's connection and run for every row, rather than drizzle
 * queries: building each query anew cost twenty times more than running it (25 s instead of 1 s for 200,000
 * questions), and even drizzle's prepared queries cost twice what these do, in the one transaction that holds the
 * event loop (ADR 0023). Dates are epoch milliseconds and flags 0 or 1, as db/schema.sqlite.ts stores them.
 */
function sqliteRows(tx: Tx): ImportRows {
  const client = tx.$client;
  const book = client.prepare(
    "INSERT INTO books (user_id, title, description, tone, language, cover_image, cover_bytes, created_at, " +
      "updated_at, imported_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const topic = client.prepare(
    "INSERT INTO topics (book_id, title, description, preview, archived, position, created_at, updated_at) " +
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const question = client.prepare(
    "INSERT INTO questions (topic_id, question, position, created_at) VALUES (?, ?, ?, ?)",
  );
  const story = client.prepare(
    "INSERT INTO stories (topic_id, book_id, question_id, title, content, refined_content, status, has_audio, " +
      "has_images, position, created_at, updated_at, source, teller_name) " +
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const mediaRow = client.prepare(
    "INSERT INTO media (story_id, type, storage_key, mime_type, filename, size, thumb_size, width, height, " +
      "duration_ms, description, transcription, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  return {
    book: async (row) =>
      rowId(
        book.run(
          row.userId,
          row.title,
          row.description ?? "",
          row.tone ?? "",
          row.language ?? "en",
          row.coverImage ?? null,
          row.coverBytes ?? null,
          ms(row.createdAt),
          ms(row.updatedAt),
          row.importedAt ? ms(row.importedAt) : null,
        ),
      ),
    topic: async (row) =>
      rowId(
        topic.run(
          row.bookId,
          row.title,
          row.description ?? "",
          row.preview ?? null,
          flag(row.archived),
          row.position,
          ms(row.createdAt),
          ms(row.updatedAt),
        ),
      ),
    question: async (row) => rowId(question.run(row.topicId, row.question, row.position, ms(row.createdAt))),
    story: async (row) =>
      rowId(
        story.run(
          row.topicId,
          row.bookId,
          row.questionId ?? null,
          row.title,
          row.content ?? "",
          row.refinedContent ?? null,
          row.status ?? "draft",
          flag(row.hasAudio),
          flag(row.hasImages),
          row.position,
          ms(row.createdAt),
          ms(row.updatedAt),
          row.source ?? "family",
          row.tellerName ?? null,
        ),
      ),
    media: async (row) =>
      rowId(
        mediaRow.run(
          row.storyId,
          row.type,
          row.storageKey,
          row.mimeType,
          row.filename ?? "",
          row.size ?? 0,
          row.thumbSize ?? null,
          row.width ?? null,
          row.height ?? null,
          row.durationMs ?? null,
          row.description ?? "",
          row.transcription ?? null,
          ms(row.createdAt),
        ),
      ),
  };
}

/** PostgreSQL: drizzle's inserts, one round trip a row, each returning its id. */
function postgresRows(tx: Tx): ImportRows {
  const idOf = async (rows: Promise<{ id: number }[]>) => (await rows)[0]!.id;
  return {
    book: (row) => idOf(tx.insert(books).values(row).returning({ id: books.id })),
    topic: (row) => idOf(tx.insert(topics).values(row).returning({ id: topics.id })),
    question: (row) => idOf(tx.insert(questions).values(row).returning({ id: questions.id })),
    story: (row) => idOf(tx.insert(stories).values(row).returning({ id: stories.id })),
    media: (row) => idOf(tx.insert(media).values(row).returning({ id: media.id })),
  };
}

/** The import's inserts inside the transaction `tx`, in its engine's fastest way (issue 21, ADR 0032). */
export function importRows(tx: Tx): ImportRows {
  return databaseDialect() === "postgresql" ? postgresRows(tx) : sqliteRows(tx);
}
