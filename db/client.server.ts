import { AsyncLocalStorage } from "node:async_hooks";
import path from "node:path";
import Database from "better-sqlite3";
import type { SQL } from "drizzle-orm";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { drizzle as drizzlePostgres, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { dataDirectory } from "./data-dir.server";
import { databaseDialect } from "./dialect";
import { migratePostgres } from "./migrate-postgres.server";
import { migrationsFolder } from "./migrations-folder.server";
import { NamingClient } from "./named-statements.server";
import { createPrivateFileSync, ensurePrivateDirSync, tightenIfPresent } from "./private-files.server";
import * as pgSchema from "./schema.pg";
import * as schema from "./schema.sqlite";

/**
 * The models' handle, typed by SQLite's schema. With DATABASE_URL it is drizzle over a PostgreSQL pool, with the
 * same tables (db/schema.ts chooses them): the models use only what both dialects have, and await every query.
 */
export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
type PostgresDb = NodePgDatabase<typeof pgSchema> & { $client: pg.Pool };

let instance: Db | undefined;
/** The count of the `countQueries` call this async call chain runs in: concurrent requests count apart. */
const counting = new AsyncLocalStorage<{ count: number }>();

/**
 * How many SQL statements `work` runs: the proof, in tests, that a page's queries are bounded and do
 * not grow with the user's data. (better-sqlite3 reports every statement it executes, inside the caller's
 * async context; on PostgreSQL nothing is counted.)
 */
export async function countQueries<T>(work: () => Promise<T>): Promise<{ result: T; count: number }> {
  const counter = { count: 0 };
  const result = await counting.run(counter, work);
  return { result, count: counter.count };
}

function databasePath(): string {
  return path.join(dataDirectory(), "heirloom.db");
}

function countQuery(): void {
  const counter = counting.getStore();
  if (counter) counter.count += 1;
}

function open(file: string): Database.Database {
  // Only tests and SERVER_TIMING (the admin page's header, which the bench reads) count queries: better-sqlite3
  // writes out every statement with its values for a `verbose` callback, 2 % of a production server's work.
  const countsQueries =
    process.env.NODE_ENV !== "production" || ["1", "true"].includes(process.env.SERVER_TIMING ?? "");
  const sqlite = new Database(file, countsQueries ? { verbose: countQuery } : {});
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("busy_timeout = 5000");
  return sqlite;
}

/**
 * Opens the database once per process, with WAL and foreign keys on, and applies pending migrations.
 * DATA_DIR is 0700 and the database 0600, also when an older version left them readable by others.
 * This connection reads; writes go through `transaction()`, on a connection of their own.
 */
export function db(): Db {
  if (instance) return instance;
  if (databaseDialect() === "postgresql") {
    // Migrated by prepareDatabase(), which the server awaits before it serves.
    // A connection is waited for 5 s at most: with the server down or restarting, a request fails (503) instead of
    // hanging. An idle connection that the server closes (a restart) is dropped from the pool; without a listener its
    // error would end the process.
    const pool = new pg.Pool({
      connectionString: process.env.DATABASE_URL,
      max: 10,
      connectionTimeoutMillis: 5000,
      Client: NamingClient,
    });
    const closed = (error: Error) => console.error(`A PostgreSQL connection closed: ${error.message}`);
    pool.on("error", closed);
    // A connection lent to a transaction when the server cuts it emits its error on itself, where the pool does not
    // listen: without this the process would end. The transaction's query fails, and its request gets its 503.
    pool.on("connect", (client) => client.on("error", closed));
    instance = drizzlePostgres({ client: pool, schema: pgSchema }) as unknown as Db;
    return instance;
  }
  ensurePrivateDirSync(dataDirectory());
  const file = databasePath();
  const walFiles = [`${file}-wal`, `${file}-shm`];
  createPrivateFileSync(file);
  tightenIfPresent(walFiles);
  const sqlite = open(file);
  tightenIfPresent(walFiles); // SQLite makes them with the database's mode; this states it
  const client = drizzle({ client: sqlite, schema }) as Db;
  // Every transaction takes the write lock when it begins (BEGIN IMMEDIATE), not at its first write: with several
  // processes on one database file, one that read first and wrote second would fail with SQLITE_BUSY when another
  // wrote in between, where waiting its turn (busy_timeout) is what it should do (issue 21, ADR 0031).
  const transaction = client.transaction.bind(client);
  client.transaction = (work, config) => transaction(work, { behavior: "immediate", ...config });
  migrate(client, { migrationsFolder: migrationsFolder("migrations") });
  instance = client;
  return client;
}

/** Opens the database and applies its pending migrations (PostgreSQL's need a round trip, hence async). */
export async function prepareDatabase(): Promise<void> {
  if (databaseDialect() === "postgresql") await migratePostgres(process.env.DATABASE_URL!);
  db();
}

let writer: Db | undefined;
/** The transaction this async call chain is in, if any: a transaction begun inside it is a savepoint of it. */
const inTransaction = new AsyncLocalStorage<{ tx: Db; depth: number }>();
/** Transactions of this process, one after another: the writer connection holds one at a time. */
let queue: Promise<unknown> = Promise.resolve();

function writerDb(): Db {
  db(); // migrated, private
  writer ??= drizzle({ client: open(databasePath()), schema }) as Db;
  return writer;
}

// PostgreSQL's answers when a serializable transaction collided with another: running it again is the remedy.
const SERIALIZATION_FAILURE = "40001";
const DEADLOCK_DETECTED = "40P01";
// Up to 12 runs, each after a random pause of up to 4, 8, 16 … ms, at most a second (about 5 s in all): writers
// that collided try again spread out in time, so that forty at once on one topic all get through.
const ATTEMPTS = 12;
const pauseBefore = (attempt: number) => Math.random() * Math.min(1000, 2 ** (attempt + 1));

/**
 * drizzle's transaction on a pooled connection, SERIALIZABLE: the models read, then write what they read decided (the
 * next position, a quota, a name that must be free), which SQLite makes safe by one writer at a time. Here a
 * transaction that collided with another is rolled back by PostgreSQL and run again, a few times, after a short
 * random pause. Inside another transaction it is a savepoint of it, and the outer one retries.
 */
async function postgresTransaction<T>(
  work: (tx: Db) => Promise<T> | T,
  outer: { tx: Db; depth: number } | undefined,
): Promise<T> {
  const run = (runner: PostgresDb, depth: number, config?: { isolationLevel: "serializable" }) =>
    runner.transaction(
      (tx) => inTransaction.run({ tx: tx as unknown as Db, depth }, async () => work(tx as unknown as Db)),
      config,
    );
  if (outer) return run(outer.tx as unknown as PostgresDb, outer.depth + 1);
  return retryingCollisions(() => run(db() as unknown as PostgresDb, 1, { isolationLevel: "serializable" }));
}

/** `run`, and again after a short random pause while PostgreSQL answers that it collided with another writer. */
async function retryingCollisions<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code =
        (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
      if (attempt >= ATTEMPTS || (code !== SERIALIZATION_FAILURE && code !== DEADLOCK_DETECTED)) throw error;
      await new Promise((resolve) => setTimeout(resolve, pauseBefore(attempt)));
    }
  }
}

/**
 * PostgreSQL: a write that is one statement, atomic on its own, run on a pooled connection outside this process's turn
 * of transactions (ADR 32): PostgreSQL's row locks order it against every other writer, so it does not wait for the
 * transactions queued before it. The statement itself must check what it depends on (in its WHERE, on the rows it
 * locks), since no transaction's reads come before it. Inside a transaction it is a savepoint of that one. Run again
 * after a deadlock with another writer.
 */
export async function statementOnItsOwn<T>(write: (runner: Db) => Promise<T>): Promise<T> {
  const outer = inTransaction.getStore();
  if (outer) return postgresTransaction(write, outer);
  return retryingCollisions(() => write(db()));
}

/**
 * Runs `work` in a transaction (issue 21, ADR 0032), one at a time in this process: on SQLite, on the writer
 * connection, as BEGIN IMMEDIATE … COMMIT (ROLLBACK when `work` throws); on PostgreSQL, SERIALIZABLE on a pooled
 * connection, run again after a collision with another process's. `work` may await, and reads on `db()` meanwhile
 * see only what was committed. Begun inside another, it is a savepoint of that one.
 */
export async function transaction<T>(work: (tx: Db) => Promise<T> | T): Promise<T> {
  const outer = inTransaction.getStore();
  if (databaseDialect() === "postgresql") {
    if (outer) return postgresTransaction(work, outer);
    // One at a time in this process too: writes sent at once to one app server wait their turn, as on SQLite,
    // instead of colliding and running again after a pause (ten saves at once of one story took a p99 of a second
    // that way). Across app servers, SERIALIZABLE and the retries keep them apart.
    return inTurn(() => postgresTransaction(work, undefined));
  }
  if (outer) {
    const savepoint = `sp${outer.depth}`;
    outer.tx.$client.exec(`SAVEPOINT ${savepoint}`);
    try {
      const result = await inTransaction.run({ tx: outer.tx, depth: outer.depth + 1 }, () => work(outer.tx));
      outer.tx.$client.exec(`RELEASE ${savepoint}`);
      return result;
    } catch (error) {
      outer.tx.$client.exec(`ROLLBACK TO ${savepoint}`);
      outer.tx.$client.exec(`RELEASE ${savepoint}`);
      throw error;
    }
  }
  return inTurn(async () => {
    const tx = writerDb();
    tx.$client.exec("BEGIN IMMEDIATE");
    try {
      const result = await inTransaction.run({ tx, depth: 1 }, () => work(tx));
      tx.$client.exec("COMMIT");
      return result;
    } catch (error) {
      if (tx.$client.inTransaction) tx.$client.exec("ROLLBACK");
      throw error;
    }
  });
}

/** Runs `run` after this process's transactions before it, whatever became of them. */
function inTurn<T>(run: () => Promise<T>): Promise<T> {
  const turn = queue.then(run);
  queue = turn.catch(() => {});
  return turn;
}

/** What a transaction gives its work: the same handle as db(), bound to the transaction. */
export type Tx = Db;

/**
 * The rows of a statement written in SQL, on either engine: for what the query builder cannot say (a select
 * without a table). Numbers PostgreSQL sends as text (count, sum) come as they are; the caller converts them.
 */
export async function selectRows<T>(query: SQL, runner: Db = db()): Promise<T[]> {
  if (databaseDialect() === "postgresql")
    return ((await (runner as unknown as PostgresDb).execute(query)) as unknown as { rows: T[] }).rows;
  return runner.all<T>(query);
}

/** Runs a statement written in SQL that answers no rows (a write), on either engine. */
export async function runStatement(query: SQL, runner: Db = db()): Promise<void> {
  if (databaseDialect() === "postgresql") await (runner as unknown as PostgresDb).execute(query);
  else runner.run(query);
}

/** Closes the connection; used by tests and on shutdown. */
export function closeDb(): void {
  if (databaseDialect() === "postgresql") void (instance as unknown as PostgresDb | undefined)?.$client.end();
  else instance?.$client.close();
  writer?.$client.close();
  instance = undefined;
  writer = undefined;
}

const statements = new WeakMap<Db, Map<string, unknown>>();

/** A query prepared once: run it with its placeholders' values, on either engine. */
export type Prepared<Rows> = { execute(values?: Record<string, unknown>): Promise<Rows> };
type Preparable = { prepare(name?: string): { execute(values?: Record<string, unknown>): unknown } };

/**
 * A query built and prepared once per connection and reused: for the queries every request runs,
 * where building the SQL and preparing it again would cost more than running it. PostgreSQL names its prepared
 * statements; SQLite keeps the statement object.
 */
export function prepared<B extends Preparable>(name: string, build: (client: Db) => B): Prepared<Awaited<B>> {
  const client = db();
  let cache = statements.get(client);
  if (!cache) statements.set(client, (cache = new Map()));
  let query = cache.get(name) as Prepared<Awaited<B>> | undefined;
  if (!query) {
    const builder = build(client);
    const statement = databaseDialect() === "postgresql" ? builder.prepare(name) : builder.prepare();
    query = { execute: (values) => Promise.resolve(statement.execute(values) as Awaited<B>) };
    cache.set(name, query);
  }
  return query;
}
