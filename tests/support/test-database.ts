import crypto from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import { getTableName, is, Table } from "drizzle-orm";
import pg from "pg";
import { inject } from "vitest";
import * as schema from "../../db/schema.sqlite";

/**
 * The database of a test server or a test file, as the tests read and write it behind the app's back: SQLite's file
 * in the data directory, or, in a `*-pg` suite, a database of its own on the suite's throwaway PostgreSQL
 * (tests/support/postgres-global.ts). SQL is written once, with `?` placeholders; a Date value is stored as each
 * engine stores the app's times (epoch milliseconds in SQLite, a timestamp in PostgreSQL).
 */
export type TestDatabase = {
  dialect: "sqlite" | "postgresql";
  /** The app's DATABASE_URL for it, or undefined for SQLite in DATA_DIR. */
  url: string | undefined;
  query: <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;
  /** Removes a PostgreSQL database (nothing for SQLite: it goes with the data directory). */
  drop: () => Promise<void>;
};

/** The suite's PostgreSQL, when it has one. */
export function suitePostgres(): string | undefined {
  return inject("postgresUrl");
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const numbered = (text: string) => {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
};

/**
 * The test database for `dataDir`: on PostgreSQL named after the directory, so that a server started again on the
 * same directory (a restart, a second process) finds the same database; made when it does not exist yet.
 */
export async function testDatabase(dataDir: string): Promise<TestDatabase> {
  const postgres = suitePostgres();
  if (!postgres) {
    return {
      dialect: "sqlite",
      url: undefined,
      query: async <T>(text: string, params: unknown[] = []) => {
        const db = new Database(path.join(dataDir, "heirloom.db"));
        try {
          const values = params.map((value) => (value instanceof Date ? value.getTime() : value));
          const statement = db.prepare(text);
          if (statement.reader) return statement.all(...values) as T[];
          statement.run(...values);
          return [];
        } finally {
          db.close();
        }
      },
      drop: async () => {},
    };
  }
  const name = `heirloom_${path
    .basename(dataDir)
    .replace(/[^a-z0-9]/gi, "_")
    .toLowerCase()}`;
  await withClient(postgres, async (admin) => {
    const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await admin.query(`create database ${name}`);
  });
  const url = `${postgres.slice(0, postgres.lastIndexOf("/"))}/${name}`;
  return {
    dialect: "postgresql",
    url,
    query: <T>(text: string, params: unknown[] = []) =>
      withClient(url, async (client) => (await client.query(numbered(text), params)).rows as T[]),
    // FORCE: a second server on the same data directory may still hold a connection when the first one stops.
    drop: () =>
      withClient(postgres, async (admin) => void (await admin.query(`drop database if exists ${name} with (force)`))),
  };
}

export type DatabaseSnapshot = Record<string, { rows: number; hash: string }>;

/**
 * Every table's row count and a hash of all its rows: two equal snapshots mean nothing was written. The tables are the
 * schema's, named the same on both engines (db/schema-parity.test.ts); the rows are sorted here, as neither engine
 * promises an order without ORDER BY and not every table has an id. Two snapshots compare on the same engine only.
 */
export async function databaseSnapshot(database: TestDatabase): Promise<DatabaseSnapshot> {
  const tables = Object.values(schema)
    .filter((value) => is(value, Table))
    .map((table) => getTableName(table))
    .sort();
  const snapshot: DatabaseSnapshot = {};
  for (const table of tables) {
    const rows = (await database.query(`select * from "${table}"`)).map((row) => JSON.stringify(row)).sort();
    snapshot[table] = {
      rows: rows.length,
      hash: crypto.createHash("sha256").update(JSON.stringify(rows)).digest("hex"),
    };
  }
  return snapshot;
}
