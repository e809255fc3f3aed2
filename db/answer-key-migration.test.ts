import { describe, expect, it } from "vitest";
import { databaseBefore } from "../tests/support/database-before";

// Issue 35: an answer's key became unique to its door (a storyteller's link, or the owner's own door) instead of to
// its book. The migration gives every key kept before it the door it came through, so that a retry sent after the
// upgrade still finds its story.

// A user, a book, a link and three stories: an answer through the link, one through the owner's door, one written.
const ROWS = [
  `insert into users (id, username, email, password_hash, created_at, updated_at)
    values (1, 'lan', 'lan@x', 'h', ?, ?)`,
  "insert into books (id, user_id, title, created_at, updated_at) values (1, 1, 'Sổ', ?, ?)",
  "insert into topics (id, book_id, title, created_at, updated_at) values (1, 1, 'Tuổi thơ', ?, ?)",
  "insert into storyteller_links (id, book_id, token_hash, created_at, expires_at) values (7, 1, 'hash', ?, ?)",
  `insert into stories (id, topic_id, book_id, title, source, storyteller_link_id, idempotency_key, created_at,
    updated_at) values (1, 1, 1, 'Bà kể', 'storyteller', 7, 'key-of-her-answer', ?, ?)`,
  `insert into stories (id, topic_id, book_id, title, idempotency_key, created_at, updated_at)
    values (2, 1, 1, 'Lan kể', 'key-of-own-answer', ?, ?)`,
  "insert into stories (id, topic_id, book_id, title, created_at, updated_at) values (3, 1, 1, 'Lan viết', ?, ?)",
];
const EXPECTED = [
  { id: 1, idempotency_scope: "link:7", idempotency_digest: null },
  { id: 2, idempotency_scope: "owner", idempotency_digest: null },
  { id: 3, idempotency_scope: null, idempotency_digest: null },
];
const SCOPES = "select id, idempotency_scope, idempotency_digest from stories order by id";

describe("the migration that scopes an answer's key to its door", () => {
  it.each([
    ["SQLite", "sqlite"],
    ["PostgreSQL", "postgresql"],
  ] as const)(
    "gives %s's kept keys the door they came through",
    async (_name, engine) => {
      const database = await databaseBefore(engine, "_answer_key_scope");
      try {
        await database.run(ROWS);
        await database.migrate();
        expect(await database.rows(SCOPES)).toEqual(EXPECTED);
      } finally {
        await database.close();
      }
    },
    60_000,
  );
});
