import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type Postgres, startPostgres } from "../tests/support/postgres";
import { migrationsBefore, removeMigrationCopies } from "../tests/support/migrations-before";
import { migrationsFolder } from "./migrations-folder.server";

// Issue 35: an answer's key became unique to its door (a storyteller's link, or the owner's own door) instead of to
// its book. The migration gives every key kept before it the door it came through, so that a retry sent after the
// upgrade still finds its story.

afterAll(removeMigrationCopies);

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
  it("gives SQLite's kept keys the door they came through", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heirloom-answer-keys-"));
    const sqlite = new Database(path.join(dir, "heirloom.db"));
    try {
      migrate(drizzle({ client: sqlite }), { migrationsFolder: migrationsBefore("migrations", "_answer_key_scope") });
      const now = Date.now();
      for (const row of ROWS) sqlite.prepare(row).run(now, now);
      migrate(drizzle({ client: sqlite }), { migrationsFolder: migrationsFolder("migrations") });
      expect(sqlite.prepare(SCOPES).all()).toEqual(EXPECTED);
    } finally {
      sqlite.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  describe("on PostgreSQL", () => {
    let server: Postgres | undefined;
    afterAll(() => server?.stop());

    it("gives PostgreSQL's kept keys the door they came through", async () => {
      server = await startPostgres();
      const pool = new pg.Pool({ connectionString: server.url, max: 1 });
      try {
        const database = drizzlePostgres({ client: pool });
        await migratePostgres(database, { migrationsFolder: migrationsBefore("migrations-pg", "_answer_key_scope") });
        const now = new Date();
        for (const row of ROWS) {
          let n = 0;
          await pool.query(
            row.replace(/\?/g, () => `$${++n}`),
            [now, now],
          );
        }
        await migratePostgres(database, { migrationsFolder: migrationsFolder("migrations-pg") });
        expect((await pool.query(SCOPES)).rows).toEqual(EXPECTED);
      } finally {
        await pool.end();
      }
    }, 60_000);
  });
});
