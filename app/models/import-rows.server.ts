import { getTableName, sql } from "drizzle-orm";
import { selectRows, type Tx } from "~db/client.server";
import { databaseDialect } from "~db/dialect";
import { books, media, questions, stories, topics } from "~db/schema";

type BookRow = typeof books.$inferInsert;
type TopicRow = typeof topics.$inferInsert;
type QuestionRow = typeof questions.$inferInsert;
type StoryRow = typeof stories.$inferInsert;
type MediaRow = typeof media.$inferInsert;

/** The rows an import writes, a table's rows at a time, each call answering the new rows' ids in their order. */
export type ImportRows = {
  books(rows: BookRow[]): Promise<number[]>;
  topics(rows: TopicRow[]): Promise<number[]>;
  questions(rows: QuestionRow[]): Promise<number[]>;
  stories(rows: StoryRow[]): Promise<number[]>;
  media(rows: MediaRow[]): Promise<number[]>;
};

const ms = (value: Date | undefined) => value?.getTime() ?? Date.now();
const flag = (value: boolean | undefined) => (value ? 1 : 0);
type Statement = ReturnType<Tx["$client"]["prepare"]>;

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
  // Each row through its table's statement, answering the new ids in the rows' order.
  const each =
    <Row>(statement: Statement, values: (row: Row) => unknown[]) =>
    async (rows: Row[]) =>
      rows.map((row) => Number(statement.run(values(row)).lastInsertRowid));
  return {
    books: each(book, (row: BookRow) => [
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
    ]),
    topics: each(topic, (row: TopicRow) => [
      row.bookId,
      row.title,
      row.description ?? "",
      row.preview ?? null,
      flag(row.archived),
      row.position,
      ms(row.createdAt),
      ms(row.updatedAt),
    ]),
    questions: each(question, (row: QuestionRow) => [row.topicId, row.question, row.position, ms(row.createdAt)]),
    stories: each(story, (row: StoryRow) => [
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
    ]),
    media: each(mediaRow, (row: MediaRow) => [
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
    ]),
  };
}

// Rows per INSERT on PostgreSQL: the widest table (stories, 14 columns) stays well below its 65,535 parameters.
const CHUNK = 1000;

/**
 * PostgreSQL: the ids are drawn from each table's identity first, one round trip for all of a table's rows, then the
 * rows go in with their ids, a thousand to an INSERT, instead of a round trip a row (a large import has hundreds of
 * thousands). Drawn ids need no RETURNING, whose order PostgreSQL does not promise.
 */
function postgresRows(tx: Tx): ImportRows {
  const insertAll = async <T extends { id?: number }>(
    table: typeof books | typeof topics | typeof questions | typeof stories | typeof media,
    rows: T[],
  ): Promise<number[]> => {
    if (rows.length === 0) return [];
    const drawn = await selectRows<{ id: number }>(
      sql`select nextval(pg_get_serial_sequence(${getTableName(table)}, 'id'))::integer as id
        from generate_series(1, ${rows.length}::integer)`,
      tx,
    );
    const ids = drawn.map((row) => row.id);
    for (let start = 0; start < rows.length; start += CHUNK) {
      const chunk = rows.slice(start, start + CHUNK).map((row, i) => ({ ...row, id: ids[start + i]! }));
      await tx.insert(table).values(chunk as never);
    }
    return ids;
  };
  return {
    books: (rows) => insertAll(books, rows),
    topics: (rows) => insertAll(topics, rows),
    questions: (rows) => insertAll(questions, rows),
    stories: (rows) => insertAll(stories, rows),
    media: (rows) => insertAll(media, rows),
  };
}

/** The import's inserts inside the transaction `tx`, in its engine's fastest way (issue 21, ADR 0032). */
export function importRows(tx: Tx): ImportRows {
  return databaseDialect() === "postgresql" ? postgresRows(tx) : sqliteRows(tx);
}
