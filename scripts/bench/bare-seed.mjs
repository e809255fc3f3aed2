// The database of the bare app's signed-in reference (bench/bare-app, /signed-in/books): the schema a minimal app
// would write by hand (users, sessions, books, topics, stories, with their foreign keys and an index on each), one
// user, the bench's library of 100 books, 500 topics and 1,000 stories (the same rows as Heirloom's seed), and a
// session. The session id is a plain random id in the cookie, as a minimal app keeps it.
import crypto from "node:crypto";
import Database from "better-sqlite3";
import { insertLibrary } from "./seed.mjs";

const SCHEMA = `
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  username TEXT NOT NULL UNIQUE,
  display_name TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL
);
CREATE INDEX sessions_user_id_idx ON sessions(user_id);
CREATE TABLE books (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  language TEXT NOT NULL DEFAULT 'vi',
  tone TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX books_user_updated_idx ON books(user_id, updated_at);
CREATE TABLE topics (
  id INTEGER PRIMARY KEY,
  book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  position INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX topics_book_position_idx ON topics(book_id, position);
CREATE TABLE stories (
  id INTEGER PRIMARY KEY,
  topic_id INTEGER NOT NULL REFERENCES topics(id) ON DELETE CASCADE,
  book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  content TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL,
  position INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX stories_topic_position_idx ON stories(topic_id, position);
CREATE INDEX stories_book_id_idx ON stories(book_id);
`;

/** Creates the SQLite file `file` (it must not exist); returns the session's Cookie header and the row counts. */
export function seedBareApp(file, shape) {
  const db = new Database(file);
  try {
    db.pragma("journal_mode = WAL");
    db.pragma("foreign_keys = ON");
    db.exec(SCHEMA);
    const now = Date.now();
    const sessionId = crypto.randomBytes(32).toString("base64url");
    db.transaction(() => {
      const userId = db
        .prepare("INSERT INTO users (username, display_name, password_hash, created_at) VALUES (?, ?, ?, ?)")
        .run("admin", "Admin", "not-a-real-hash", now).lastInsertRowid;
      db.prepare("INSERT INTO sessions (id, user_id, expires_at) VALUES (?, ?, ?)").run(
        sessionId,
        userId,
        now + 30 * 24 * 3600 * 1000,
      );
      insertLibrary(db, userId, shape);
    })();
    const count = (table) => db.prepare(`SELECT count(*) AS n FROM ${table}`).get().n;
    return {
      cookie: `sid=${sessionId}`,
      books: count("books"),
      topics: count("topics"),
      stories: count("stories"),
    };
  } finally {
    db.close();
  }
}
