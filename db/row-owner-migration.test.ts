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

// Issue 36: topics and stories carry their book's owner, so that the library reads a user's newest rows from one
// index. The migration fills the column for the rows kept before it, and triggers keep it right for every row
// written after, whichever code writes it (the app, an import, a script with plain SQL).

afterAll(removeMigrationCopies);

const BEFORE = [
  `insert into users (id, username, email, password_hash, created_at, updated_at)
    values (1, 'lan', 'lan@x', 'h', ?, ?), (2, 'minh', 'minh@x', 'h', ?, ?)`,
  "insert into books (id, user_id, title, created_at, updated_at) values (1, 1, 'Sổ của Lan', ?, ?)",
  "insert into books (id, user_id, title, created_at, updated_at) values (2, 2, 'Sổ của Minh', ?, ?)",
  "insert into topics (id, book_id, title, created_at, updated_at) values (1, 1, 'Tuổi thơ', ?, ?)",
  "insert into topics (id, book_id, title, created_at, updated_at) values (2, 2, 'Quê hương', ?, ?)",
  "insert into stories (id, topic_id, book_id, title, created_at, updated_at) values (1, 1, 1, 'Bà kể', ?, ?)",
  "insert into stories (id, topic_id, book_id, title, created_at, updated_at) values (2, 2, 2, 'Ông kể', ?, ?)",
];
const AFTER = [
  "insert into topics (id, book_id, title, created_at, updated_at) values (3, 2, 'Chiến tranh', ?, ?)",
  "insert into stories (id, topic_id, book_id, title, created_at, updated_at) values (3, 3, 2, 'Năm 1975', ?, ?)",
];
// A book given to another user takes its topics and stories with it.
const GIVE_BOOK = "update books set user_id = 1 where id = 2";
const OWNERS =
  "select 'topic' as kind, id, user_id from topics union all select 'story', id, user_id from stories order by 1, 2";

const owners = (pairs: [kind: string, id: number, userId: number][]) =>
  pairs.map(([kind, id, userId]) => ({ kind, id, user_id: userId }));

type Run = (statements: string[]) => Promise<void>;
type Read = () => Promise<unknown[]>;

async function checkOwners(run: Run, read: Read, migrateAll: () => Promise<void>) {
  await run(BEFORE);
  await migrateAll();
  expect(await read()).toEqual(
    owners([
      ["story", 1, 1],
      ["story", 2, 2],
      ["topic", 1, 1],
      ["topic", 2, 2],
    ]),
  );
  await run(AFTER);
  expect(await read()).toEqual(
    owners([
      ["story", 1, 1],
      ["story", 2, 2],
      ["story", 3, 2],
      ["topic", 1, 1],
      ["topic", 2, 2],
      ["topic", 3, 2],
    ]),
  );
  await run([GIVE_BOOK]);
  expect(await read()).toEqual(
    owners([
      ["story", 1, 1],
      ["story", 2, 1],
      ["story", 3, 1],
      ["topic", 1, 1],
      ["topic", 2, 1],
      ["topic", 3, 1],
    ]),
  );
}

describe("the owner on topics and stories", () => {
  it("is filled and kept by SQLite", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heirloom-row-owner-"));
    const sqlite = new Database(path.join(dir, "heirloom.db"));
    try {
      migrate(drizzle({ client: sqlite }), {
        migrationsFolder: migrationsBefore("migrations", "_owner_on_topics_and_stories"),
      });
      const now = Date.now();
      await checkOwners(
        async (statements) => {
          for (const statement of statements) {
            const values = statement.match(/\?/g)?.map(() => now) ?? [];
            sqlite.prepare(statement).run(...values);
          }
        },
        async () => sqlite.prepare(OWNERS).all(),
        async () => migrate(drizzle({ client: sqlite }), { migrationsFolder: migrationsFolder("migrations") }),
      );
    } finally {
      sqlite.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  describe("on PostgreSQL", () => {
    let server: Postgres | undefined;
    afterAll(() => server?.stop());

    it("is filled and kept by PostgreSQL", async () => {
      server = await startPostgres();
      const pool = new pg.Pool({ connectionString: server.url, max: 1 });
      try {
        const database = drizzlePostgres({ client: pool });
        await migratePostgres(database, {
          migrationsFolder: migrationsBefore("migrations-pg", "_owner_on_topics_and_stories"),
        });
        const now = new Date();
        await checkOwners(
          async (statements) => {
            for (const statement of statements) {
              let n = 0;
              const sql = statement.replace(/\?/g, () => `$${++n}`);
              await pool.query(
                sql,
                Array.from({ length: n }, () => now),
              );
            }
          },
          async () => (await pool.query(OWNERS)).rows,
          () => migratePostgres(database, { migrationsFolder: migrationsFolder("migrations-pg") }),
        );
      } finally {
        await pool.end();
      }
    }, 60_000);
  });
});
