import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { asc, count, getTableColumns, getTableName, is, Table } from "drizzle-orm";
import { drizzle as drizzleSqlite } from "drizzle-orm/better-sqlite3";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgTable } from "drizzle-orm/pg-core";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import pg from "pg";
import { diskStore } from "./media-store/disk.server";
import { s3Store } from "./media-store/s3.server";
import type { S3Settings } from "./media-store/settings";
import type { MediaStore } from "./media-store/store";
import { migratePostgres } from "./migrate-postgres.server";
import * as sqliteSchema from "./schema.sqlite";
import * as pgSchema from "./schema.pg";

/**
 * Copies a whole installation (issue 21, ADR 0032): the SQLite database under `dataDir` into an empty PostgreSQL
 * database, and, with `mediaTo`, its media files from `dataDir/media` into an S3-compatible bucket. Every row keeps
 * its id; the counts of every table and the SHA-256 of every file are compared after the copy.
 */

/** Parents before children, so that every foreign key finds its row. */
const TABLES = [
  "users",
  "sessions",
  "books",
  "topics",
  "questions",
  "storyteller_links",
  "stories",
  "media",
  "activities",
  "book_previews",
  "shares",
  "rate_limits",
  "media_deletions",
  "question_sends",
  "mail_messages",
] as const;
type TableName = (typeof TABLES)[number];

// Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest table.
const BATCH = 500;

export class CopyRefused extends Error {}

export type CopyReport = {
  rows: Record<TableName, number>;
  media: { files: number; bytes: number; missing: string[] } | null;
};

/** A schema's tables by their SQL names. */
function tablesOf<T extends Table>(schema: Record<string, unknown>): Map<string, T> {
  return new Map(
    Object.values(schema)
      .filter((value): value is T => is(value, Table))
      .map((table) => [getTableName(table), table]),
  );
}

/** Every file the database names, as keys of the media store: files, photos' thumbnails, uploaded covers. */
function referencedKeys(source: Database.Database): string[] {
  const keys: string[] = [];
  for (const row of source.prepare("SELECT storage_key AS key, type FROM media ORDER BY id").all() as {
    key: string;
    type: string;
  }[]) {
    keys.push(`files/${row.key}`);
    if (row.type === "image") keys.push(`files/${row.key.replace(".", ".thumb.")}`);
  }
  const covers = source
    .prepare("SELECT DISTINCT cover_image AS url FROM books WHERE cover_image LIKE '/api/media/render/cover:%'")
    .all() as { url: string }[];
  for (const { url } of covers) keys.push(`covers/${url.split(":").at(-1)}.webp`);
  return keys;
}

async function sha256(stream: ReadableStream<Uint8Array>): Promise<string> {
  const hash = crypto.createHash("sha256");
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) hash.update(chunk);
  return hash.digest("hex");
}

/** A stored file's size and SHA-256, or null when it is not there. */
async function digest(store: MediaStore, key: string): Promise<{ size: number; sha: string } | null> {
  const stat = await store.stat(key);
  if (!stat) return null;
  const stream = stat.size > 0 ? await store.read(key, 0, stat.size - 1) : null;
  return { size: stat.size, sha: await sha256(stream ?? new Blob([]).stream()) };
}

/** Copies one file; one already there with the same bytes is kept (a copy run again after a failure). */
async function copyFile(from: MediaStore, to: MediaStore, key: string, scratch: string) {
  const source = await digest(from, key);
  if (!source) return null;
  const there = await digest(to, key);
  if (there && there.sha === source.sha) return source;
  if (there) throw new CopyRefused(`${key} is already in the destination with other bytes: it was not overwritten.`);
  await from.withLocalFile(key, async (file) => {
    // The destination consumes what it is given: it gets a copy, never the source's own file.
    const copy = path.join(scratch, crypto.randomBytes(8).toString("hex"));
    fs.copyFileSync(file, copy);
    await to.put(key, { file: copy }, "application/octet-stream");
  });
  const copied = await digest(to, key);
  if (copied?.sha !== source.sha) throw new Error(`${key}: the copy's SHA-256 differs from the original's.`);
  return source;
}

export async function copyInstallation({
  dataDir,
  postgresUrl,
  mediaTo,
  log = () => {},
}: {
  dataDir: string;
  postgresUrl: string;
  mediaTo: S3Settings | null;
  log?: (line: string) => void;
}): Promise<CopyReport> {
  const file = path.join(dataDir, "heirloom.db");
  if (!fs.existsSync(file)) throw new CopyRefused(`there is no Heirloom database at ${file}.`);
  const source = new Database(file, { readonly: true, fileMustExist: true });
  const pool = new pg.Pool({ connectionString: postgresUrl, max: 2 });
  try {
    // One read transaction: every table is read from the same moment, also while the app is still writing.
    source.exec("BEGIN");
    const from = drizzleSqlite({ client: source });
    await migratePostgres(postgresUrl);
    const to = drizzlePg({ client: pool });
    const sqliteTables = tablesOf<SQLiteTable>(sqliteSchema);
    const pgTables = tablesOf<PgTable>(pgSchema);
    const counts = {} as Record<TableName, number>;
    const rowsIn = async (name: TableName) => (await to.select({ n: count() }).from(pgTables.get(name)!))[0]?.n ?? 0;
    for (const name of TABLES) {
      const n = await rowsIn(name);
      if (n > 0)
        throw new CopyRefused(
          `the PostgreSQL database is not empty (${name} has ${n} rows): Heirloom copies only into an empty one.`,
        );
    }

    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      const into = drizzlePg({ client });
      for (const name of TABLES) {
        const sqliteTable = sqliteTables.get(name)!;
        const pgTable = pgTables.get(name)!;
        const order = Object.values(getTableColumns(sqliteTable)).filter((column) => column.primary);
        const keyColumns = order.length ? order : Object.values(getTableColumns(sqliteTable));
        let copied = 0;
        for (let offset = 0; ; offset += BATCH) {
          const rows = from
            .select()
            .from(sqliteTable)
            .orderBy(...keyColumns.map((column) => asc(column)))
            .limit(BATCH)
            .offset(offset)
            .all();
          if (rows.length === 0) break;
          await into.insert(pgTable).values(rows as never);
          copied += rows.length;
        }
        counts[name] = copied;
        // An identity column goes on after the largest id copied, not from 1.
        if (getTableColumns(pgTable).id?.dataType === "number")
          await client.query(
            `SELECT setval(pg_get_serial_sequence('${name}', 'id'), coalesce(max(id), 1), max(id) IS NOT NULL) ` +
              `FROM ${name}`,
          );
        log(`  ${name}: ${copied} rows`);
      }
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK");
      throw error;
    } finally {
      client.release();
    }
    for (const name of TABLES) {
      const n = await rowsIn(name);
      const expected = from.select({ n: count() }).from(sqliteTables.get(name)!).all()[0]?.n ?? 0;
      if (n !== expected || n !== counts[name])
        throw new Error(`${name}: ${expected} rows in SQLite, ${n} in PostgreSQL after the copy.`);
    }
    // PostgreSQL plans its queries from statistics that a bulk load leaves empty; autovacuum gathers them a minute or
    // so later. Until then every page of the copied installation is planned blind and served several times slower.
    await pool.query("ANALYZE");
    log("  statistics gathered for the query planner (ANALYZE)");

    let media: CopyReport["media"] = null;
    if (mediaTo) {
      const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "heirloom-copy-"));
      try {
        const fromStore = diskStore(path.join(dataDir, "media"));
        const toStore = s3Store(mediaTo, scratch);
        media = { files: 0, bytes: 0, missing: [] };
        for (const key of referencedKeys(source)) {
          const copied = await copyFile(fromStore, toStore, key, scratch);
          if (!copied) {
            media.missing.push(key);
            continue;
          }
          media.files += 1;
          media.bytes += copied.size;
        }
        log(`  media: ${media.files} files, ${media.bytes} bytes, SHA-256 checked`);
      } finally {
        fs.rmSync(scratch, { recursive: true, force: true });
      }
    }
    source.exec("COMMIT");
    return { rows: counts, media };
  } finally {
    if (source.inTransaction) source.exec("ROLLBACK");
    source.close();
    await pool.end();
  }
}
