// Realistic data for the signed-in user, written straight into the SQLite file (its own connection;
// the server keeps WAL mode on): 100 books, 5 topics per book and 1,000 stories of a few paragraphs.
import path from "node:path";
import Database from "better-sqlite3";
import { mulberry32, paragraphs, words } from "./fixtures.mjs";

export function seed(dataDir, { username = "admin", books = 100, topicsPerBook = 5, stories = 1000 } = {}) {
  const db = new Database(path.join(dataDir, "heirloom.db"));
  try {
    db.pragma("busy_timeout = 10000");
    db.pragma("foreign_keys = ON");
    const user = db.prepare("SELECT id FROM users WHERE username = ?").get(username);
    if (!user) throw new Error(`seed: no user ${username} in ${dataDir}`);
    const rng = mulberry32(42);
    const now = Date.now();
    const year = 365 * 24 * 3600 * 1000;

    const insertBook = db.prepare(
      "INSERT INTO books (user_id, title, description, language, tone, created_at, updated_at) " +
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
    );
    const insertTopic = db.prepare(
      "INSERT INTO topics (book_id, title, description, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
    );
    const insertStory = db.prepare(
      "INSERT INTO stories (topic_id, book_id, title, content, status, position, created_at, updated_at) " +
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    );

    const storiesPerBook = Math.ceil(stories / books);
    let storyCount = 0;
    db.transaction(() => {
      for (let b = 0; b < books; b++) {
        const created = now - Math.floor(rng() * year);
        const updated = created + Math.floor(rng() * (now - created));
        const bookId = insertBook.run(
          user.id,
          `${words(rng, 3)} ${b + 1}`,
          words(rng, 25),
          rng() < 0.5 ? "vi" : "en",
          rng() < 0.3 ? "warm" : "",
          created,
          updated,
        ).lastInsertRowid;
        const topicIds = [];
        for (let t = 0; t < topicsPerBook; t++) {
          topicIds.push(insertTopic.run(bookId, words(rng, 4), words(rng, 15), t, created, updated).lastInsertRowid);
        }
        for (let s = 0; s < storiesPerBook && storyCount < stories; s++, storyCount++) {
          const storyCreated = created + Math.floor(rng() * (now - created));
          insertStory.run(
            topicIds[s % topicsPerBook],
            bookId,
            words(rng, 5),
            paragraphs(rng, 2 + Math.floor(rng() * 4)),
            rng() < 0.6 ? "published" : "draft",
            Math.floor(s / topicsPerBook),
            storyCreated,
            storyCreated + Math.floor(rng() * (now - storyCreated)),
          );
        }
      }
    })();
    const count = (table) => db.prepare(`SELECT count(*) AS n FROM ${table}`).get().n;
    return { userId: user.id, books: count("books"), topics: count("topics"), stories: count("stories") };
  } finally {
    db.close();
  }
}
