import { db } from "~db/client.server";

export type SeedShape = {
  prefix: string;
  users: number;
  booksPerUser: number;
  topicsPerBook: number;
  storiesPerTopic: number;
  mediaPerStory?: number;
  /** Characters of story text. */
  storyChars?: number;
};

/**
 * Users with books, topics, stories and media rows, written straight into the test's SQLite file in one
 * transaction with prepared inserts (thousands of rows a second; the model functions would hash a
 * password per user and write an activity per row). Timestamps fall one minute apart, newest last.
 */
export function seedContent(shape: SeedShape) {
  const client = db().$client;
  const insertUser = client.prepare(
    "insert into users (username, email, display_name, password_hash, created_at, updated_at) " +
      "values (?, ?, ?, 'not-a-hash', ?, ?)",
  );
  const insertBook = client.prepare(
    "insert into books (user_id, title, description, language, created_at, updated_at) values (?, ?, ?, ?, ?, ?)",
  );
  const insertTopic = client.prepare(
    "insert into topics (book_id, title, description, preview, position, created_at, updated_at) " +
      "values (?, ?, ?, ?, ?, ?, ?)",
  );
  const insertStory = client.prepare(
    "insert into stories (topic_id, book_id, title, content, position, created_at, updated_at) " +
      "values (?, ?, ?, ?, ?, ?, ?)",
  );
  const insertMedia = client.prepare(
    "insert into media (story_id, type, storage_key, mime_type, description, created_at) values (?, ?, ?, ?, ?, ?)",
  );
  let clock = Date.UTC(2024, 0, 1);
  const tick = () => (clock += 60_000);
  const text = (n: number, seed: string) => `${seed} `.repeat(Math.ceil(n / (seed.length + 1))).slice(0, n);
  const userIds: number[] = [];
  client.transaction(() => {
    for (let u = 0; u < shape.users; u++) {
      const at = tick();
      const userId = Number(
        insertUser.run(`${shape.prefix}${u}`, `${shape.prefix}${u}@example.com`, `${shape.prefix} ${u}`, at, at)
          .lastInsertRowid,
      );
      userIds.push(userId);
      for (let b = 0; b < shape.booksPerUser; b++) {
        const at = tick();
        const bookId = Number(
          insertBook.run(userId, `${shape.prefix} book ${u}-${b}`, `About book ${u}-${b}`, b % 2 ? "en" : "vi", at, at)
            .lastInsertRowid,
        );
        for (let t = 0; t < shape.topicsPerBook; t++) {
          const at = tick();
          const preview = t === 0 ? `The story of topic ${t}` : null;
          const topicId = Number(
            insertTopic.run(bookId, `${shape.prefix} topic ${u}-${b}-${t}`, "", preview, t, at, at).lastInsertRowid,
          );
          for (let s = 0; s < shape.storiesPerTopic; s++) {
            const at = tick();
            const storyId = Number(
              insertStory.run(
                topicId,
                bookId,
                `${shape.prefix} story ${u}-${b}-${t}-${s}`,
                text(shape.storyChars ?? 300, `words${s}`),
                s,
                at,
                at,
              ).lastInsertRowid,
            );
            for (let m = 0; m < (shape.mediaPerStory ?? 0); m++) {
              insertMedia.run(
                storyId,
                m % 2 ? "audio" : "image",
                `${shape.prefix}${storyId}x${m}`.padEnd(32, "0"),
                m % 2 ? "audio/webm" : "image/webp",
                `Photo ${m}`,
                tick(),
              );
            }
          }
        }
      }
    }
  })();
  return { userIds };
}
