// The admin dashboard's bench data, written straight into the SQLite file (its own connection; the
// server keeps WAL mode on): 200 users, 2,000 books (10 each), 5 topics per book (10,000 topics, every
// fifth with a saved preview) and 10,000 stories of a few paragraphs, spread over a year.
import path from "node:path";
import Database from "better-sqlite3";
import { mulberry32, paragraphs as paragraphsOf, words as wordsOf } from "./fixtures.mjs";

export const ADMIN_BENCH_SHAPE = { users: 200, booksPerUser: 10, topicsPerBook: 5, stories: 10_000 };

export function seedAdmin(dataDir, shape = ADMIN_BENCH_SHAPE) {
  const db = new Database(path.join(dataDir, "heirloom.db"));
  try {
    db.pragma("busy_timeout = 10000");
    db.pragma("foreign_keys = ON");
    const rng = mulberry32(7);
    const words = (count) => wordsOf(rng, count);
    const paragraphs = (count) => paragraphsOf(rng, count);
    const now = Date.now();
    const year = 365 * 24 * 3600 * 1000;
    const at = () => now - Math.floor(rng() * year);

    const insertUser = db.prepare(
      "INSERT INTO users (username, email, display_name, password_hash, first_login_at, last_login_at, created_at, " +
        "updated_at) VALUES (?, ?, ?, 'bench-no-login', ?, ?, ?, ?)",
    );
    const insertBook = db.prepare(
      "INSERT INTO books (user_id, title, description, language, tone, created_at, updated_at) " +
        "VALUES (?, ?, ?, ?, '', ?, ?)",
    );
    const insertTopic = db.prepare(
      "INSERT INTO topics (book_id, title, description, preview, position, created_at, updated_at) " +
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
    );
    const insertStory = db.prepare(
      "INSERT INTO stories (topic_id, book_id, title, content, status, position, created_at, updated_at) " +
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    );
    const topicIds = [];
    db.transaction(() => {
      for (let u = 0; u < shape.users; u++) {
        const created = at();
        const loggedIn = rng() < 0.8;
        const userId = insertUser.run(
          `family${u + 1}`,
          `family${u + 1}@example.com`,
          words(2),
          loggedIn ? created : null,
          loggedIn ? at() : null,
          created,
          created,
        ).lastInsertRowid;
        for (let b = 0; b < shape.booksPerUser; b++) {
          const bookCreated = at();
          const bookId = insertBook.run(
            userId,
            `${words(3)} ${u + 1}-${b + 1}`,
            words(25),
            rng() < 0.5 ? "vi" : "en",
            bookCreated,
            bookCreated,
          ).lastInsertRowid;
          for (let t = 0; t < shape.topicsPerBook; t++) {
            const preview = t === 0 ? paragraphs(3) : null;
            topicIds.push([
              insertTopic.run(bookId, words(4), words(15), preview, t, bookCreated, bookCreated).lastInsertRowid,
              bookId,
            ]);
          }
        }
      }
      for (let s = 0; s < shape.stories; s++) {
        const [topicId, bookId] = topicIds[Math.floor(rng() * topicIds.length)];
        const created = at();
        insertStory.run(
          topicId,
          bookId,
          words(5),
          paragraphs(2 + Math.floor(rng() * 4)),
          rng() < 0.6 ? "published" : "draft",
          s,
          created,
          created,
        );
      }
    })();
    const count = (table) => db.prepare(`SELECT count(*) AS n FROM ${table}`).get().n;
    const someUser = db.prepare("SELECT id FROM users WHERE username = 'family1'").get().id;
    return {
      users: count("users"),
      books: count("books"),
      topics: count("topics"),
      stories: count("stories"),
      someUser,
    };
  } finally {
    db.close();
  }
}
