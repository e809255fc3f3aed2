// Realistic data for the signed-in user, written straight into the SQLite file (its own connection;
// the server keeps WAL mode on): 100 books, 5 topics per book and 1,000 stories of a few paragraphs.
// The bare app's signed-in reference is seeded with the same library (scripts/bench/bare-seed.mjs).
import path from "node:path";
import Database from "better-sqlite3";
import { mulberry32, paragraphs, words } from "./fixtures.mjs";

/** The bench's library, the same in every run: `book`, `topic` and `story` write a row and return its id. */
function writeLibrary({ books = 100, topicsPerBook = 5, stories = 1000 } = {}, { book, topic, story }) {
  const rng = mulberry32(42);
  const now = Date.now();
  const year = 365 * 24 * 3600 * 1000;
  const storiesPerBook = Math.ceil(stories / books);
  let storyCount = 0;
  for (let b = 0; b < books; b++) {
    const created = now - Math.floor(rng() * year);
    const updated = created + Math.floor(rng() * (now - created));
    const bookId = book({
      title: `${words(rng, 3)} ${b + 1}`,
      description: words(rng, 25),
      language: rng() < 0.5 ? "vi" : "en",
      tone: rng() < 0.3 ? "warm" : "",
      created,
      updated,
    });
    const topicIds = [];
    for (let t = 0; t < topicsPerBook; t++)
      topicIds.push(
        topic({ bookId, title: words(rng, 4), description: words(rng, 15), position: t, created, updated }),
      );
    for (let s = 0; s < storiesPerBook && storyCount < stories; s++, storyCount++) {
      const storyCreated = created + Math.floor(rng() * (now - created));
      story({
        topicId: topicIds[s % topicsPerBook],
        bookId,
        title: words(rng, 5),
        content: paragraphs(rng, 2 + Math.floor(rng() * 4)),
        status: rng() < 0.6 ? "published" : "draft",
        position: Math.floor(s / topicsPerBook),
        created: storyCreated,
        updated: storyCreated + Math.floor(rng() * (now - storyCreated)),
      });
    }
  }
}

/**
 * Writes the bench's library for `userId` into `db`, inside the caller's transaction. Heirloom's tables and the bare
 * reference's (scripts/bench/bare-seed.mjs) have these columns alike.
 */
export function insertLibrary(db, userId, shape) {
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
  writeLibrary(shape, {
    book: (b) =>
      insertBook.run(userId, b.title, b.description, b.language, b.tone, b.created, b.updated).lastInsertRowid,
    topic: (t) => insertTopic.run(t.bookId, t.title, t.description, t.position, t.created, t.updated).lastInsertRowid,
    story: (s) => insertStory.run(s.topicId, s.bookId, s.title, s.content, s.status, s.position, s.created, s.updated),
  });
}

export function seed(dataDir, { username = "admin", ...shape } = {}) {
  const db = new Database(path.join(dataDir, "heirloom.db"));
  try {
    db.pragma("busy_timeout = 10000");
    db.pragma("foreign_keys = ON");
    const user = db.prepare("SELECT id FROM users WHERE username = ?").get(username);
    if (!user) throw new Error(`seed: no user ${username} in ${dataDir}`);
    db.transaction(() => insertLibrary(db, user.id, shape))();
    const count = (table) => db.prepare(`SELECT count(*) AS n FROM ${table}`).get().n;
    return { userId: user.id, books: count("books"), topics: count("topics"), stories: count("stories") };
  } finally {
    db.close();
  }
}
