import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { migrationsFolder } from "../../db/migrations-folder.server";
import { startPostgres } from "./postgres";

/**
 * A database of either engine as the release before a migration left it, for the tests of what that migration does
 * to the rows it finds: `run` writes rows in plain SQL (each `?` bound to the same time, a number on SQLite and a
 * date on PostgreSQL), `migrate` applies every migration up to the newest, and `rows` reads. `close` removes it all.
 */
export type DatabaseBefore = {
  run(statements: string[]): Promise<void>;
  migrate(): Promise<void>;
  rows(sql: string): Promise<unknown[]>;
  close(): Promise<void>;
};

/** `tag` ends the name of the first migration left out ("_answer_key_scope"). */
export async function databaseBefore(engine: "sqlite" | "postgresql", tag: string): Promise<DatabaseBefore> {
  return engine === "sqlite" ? sqliteBefore(tag) : postgresBefore(tag);
}

/** A copy of a migrations folder whose journal ends before the migration whose tag ends with `tag`. */
function migrationsBefore(name: "migrations" | "migrations-pg", tag: string, into: string): string {
  const copy = path.join(into, name);
  fs.cpSync(migrationsFolder(name), copy, { recursive: true });
  const journalFile = path.join(copy, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith(tag));
  if (at <= 0) throw new Error(`no migration ${tag} after the first in ${name}`);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return copy;
}

const placeholders = (statement: string) => statement.match(/\?/g)?.length ?? 0;

function sqliteBefore(tag: string): DatabaseBefore {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heirloom-before-"));
  const sqlite = new Database(path.join(dir, "heirloom.db"));
  migrate(drizzle({ client: sqlite }), { migrationsFolder: migrationsBefore("migrations", tag, dir) });
  const now = Date.now();
  return {
    run: async (statements) => {
      for (const statement of statements) sqlite.prepare(statement).run(...Array(placeholders(statement)).fill(now));
    },
    migrate: async () => migrate(drizzle({ client: sqlite }), { migrationsFolder: migrationsFolder("migrations") }),
    rows: async (sql) => sqlite.prepare(sql).all(),
    close: async () => {
      sqlite.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresBefore(tag: string): Promise<DatabaseBefore> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heirloom-before-"));
  const server = await startPostgres();
  const pool = new pg.Pool({ connectionString: server.url, max: 1 });
  const database = drizzlePostgres({ client: pool });
  await migratePostgres(database, { migrationsFolder: migrationsBefore("migrations-pg", tag, dir) });
  const now = new Date();
  return {
    run: async (statements) => {
      for (const statement of statements) {
        let n = 0;
        await pool.query(
          statement.replace(/\?/g, () => `$${++n}`),
          Array(n).fill(now),
        );
      }
    },
    migrate: async () => migratePostgres(database, { migrationsFolder: migrationsFolder("migrations-pg") }),
    rows: async (sql) => (await pool.query(sql)).rows,
    close: async () => {
      await pool.end();
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
