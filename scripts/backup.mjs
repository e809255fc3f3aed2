// npm run backup [-- DESTINATION]: a consistent copy of Heirloom's data, taken while the app runs.
//
//   DATA_DIR     the app's data folder (default ./data, from the project folder, as `npm start` reads it)
//   BACKUP_DIR   where timestamped backups go (default ./backups): BACKUP_DIR/heirloom-YYYYMMDD-HHmmss/
//   DESTINATION  the exact folder to create instead (relative to where you typed the command)
//
// The folder holds heirloom.db (SQLite's online backup of the database), media/ (covers and story files),
// secrets.json when the app generated one, and manifest.json. It is written under a hidden temporary name
// and renamed at the very end, so a folder with the final name is always a finished, checked backup.
// Runs on the project's own Node (node_modules/.bin) with no build: it needs only better-sqlite3.
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import url from "node:url";
import Database from "better-sqlite3";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");

// Names the app uses (db/client.server.ts, app/platform/secrets.server.ts, app/models/media*.server.ts,
// app/lib/covers.ts).
const DB_FILE = "heirloom.db";
const SECRETS_FILE = "secrets.json";
const MEDIA_DIR = "media";
const UPLOAD_TMP_DIR = "tmp"; // media/tmp: uploads still streaming in, not yet kept
const UPLOADED_COVER_PREFIX = "/api/media/render/cover:";
// A snapshot is retaken when the app deleted a file the snapshot still refers to while media were copied.
const MAX_SNAPSHOTS = 3;
// better-sqlite3 copies this many pages per step; "all of them" makes the copy one step (see snapshot()).
const ALL_PAGES = 0x7fffffff;

/** An error the user can fix: printed as one sentence, without a stack trace. */
export class BackupError extends Error {}

const exists = (file) => fs.existsSync(file);

/** 20261122-143005, in local time: the name people see when they list their backups. */
export function timestamp(date = new Date()) {
  const two = (n) => String(n).padStart(2, "0");
  const day = `${date.getFullYear()}${two(date.getMonth() + 1)}${two(date.getDate())}`;
  return `${day}-${two(date.getHours())}${two(date.getMinutes())}${two(date.getSeconds())}`;
}

/**
 * Where the data is and where the backup goes. DATA_DIR and BACKUP_DIR are read from the project folder,
 * exactly as `npm start` reads DATA_DIR (scripts/start.mjs runs there); a DESTINATION on the command line
 * is read from the folder the command was typed in (npm keeps it in INIT_CWD).
 */
export function resolveTarget({ args = process.argv.slice(2), env = process.env, now = new Date() } = {}) {
  const positional = args.filter((arg) => !arg.startsWith("-"));
  const unknown = args.filter((arg) => arg.startsWith("-"));
  if (unknown.length > 0 || positional.length > 1)
    throw new BackupError(`usage: npm run backup [-- DESTINATION] (got ${args.join(" ")})`);
  const dataDir = path.resolve(root, env.DATA_DIR || "./data");
  const destination = positional[0]
    ? path.resolve(env.INIT_CWD || process.cwd(), positional[0])
    : path.join(path.resolve(root, env.BACKUP_DIR || "./backups"), `heirloom-${timestamp(now)}`);
  return { dataDir, destination };
}

const inside = (child, parent) => {
  const relative = path.relative(parent, child);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
};

function checkTarget({ dataDir, destination }) {
  // With DATABASE_URL the data are in PostgreSQL (issue 21, ADR 0032): a copy of a SQLite file left in DATA_DIR
  // would look like a backup of them and be none.
  if (/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL?.trim() ?? "")) {
    throw new BackupError(
      "the database is PostgreSQL (DATABASE_URL), which this script does not copy: back it up with pg_dump or " +
        "PostgreSQL's own backups, and the media with the bucket's (see Backups in docs/operations.md).",
    );
  }
  if (!exists(dataDir) || !fs.statSync(dataDir).isDirectory()) {
    throw new BackupError(
      `the data folder ${dataDir} does not exist. Set DATA_DIR to the folder Heirloom keeps its data in ` +
        "(default ./data).",
    );
  }
  if (!exists(path.join(dataDir, DB_FILE))) {
    throw new BackupError(
      `there is no ${DB_FILE} in ${dataDir}. Is DATA_DIR the folder the app uses? ` +
        "(The app creates the database on its first start.)",
    );
  }
  if (exists(destination))
    throw new BackupError(
      `${destination} already exists. A backup never writes over anything: choose another destination.`,
    );
  if (inside(destination, path.join(dataDir, MEDIA_DIR))) {
    throw new BackupError(`the destination ${destination} must not be inside the media folder it copies.`);
  }
}

/**
 * SQLite's online backup API, from a connection of our own to the live database. In WAL mode the app
 * keeps writing while we read. better-sqlite3 copies 100 pages per step by default, and a write from
 * another connection (the app's) between two steps restarts the copy, which under steady writes may
 * never finish; asking for every page at once makes the copy one step inside one read transaction, so
 * it is a snapshot of one instant and the app is never blocked (WAL readers do not block writers).
 * The copy is then switched from WAL to a rollback journal: the backup is one self-contained file, with
 * no -wal or -shm beside it. The app switches it back to WAL when it opens it after a restore.
 */
async function snapshot(source, file) {
  await fsp.rm(file, { force: true });
  await source.backup(file, { progress: () => ALL_PAGES });
  const copy = new Database(file, { fileMustExist: true });
  try {
    copy.pragma("journal_mode = DELETE");
  } finally {
    copy.close();
  }
}

/** Every file the copied database refers to, as paths relative to media/. */
function referencedFiles(dbFile) {
  const copy = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    // A photo also has its thumbnail, `<name>.thumb.<ext>` (app/models/media-storage.server.ts).
    const files = copy
      .prepare("SELECT storage_key AS key, type FROM media")
      .all()
      .flatMap(({ key, type }) =>
        (type === "image" ? [key, key.replace(/^([^.]+)\./, "$1.thumb.")] : [key]).map((name) =>
          path.join("files", name),
        ),
      );
    const covers = copy
      .prepare("SELECT DISTINCT cover_image FROM books WHERE substr(cover_image, 1, ?) = ?")
      .pluck()
      .all(UPLOADED_COVER_PREFIX.length, UPLOADED_COVER_PREFIX)
      .map((url) => path.join("covers", `${url.slice(UPLOADED_COVER_PREFIX.length)}.webp`));
    return [...files, ...covers];
  } finally {
    copy.close();
  }
}

async function syncFile(file) {
  const handle = await fsp.open(file, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Copies media/ into the backup, except media/tmp (uploads in flight) and `*.tmp` (a file being written
 * before its rename). Media files never change once written (server-made names, written to a .tmp
 * name and renamed), so a file already in the backup is not copied again on a retry. A file that
 * disappears between listing and copying was deleted by the app; the reference check decides whether
 * that matters.
 */
async function copyMedia(from, to, top = true) {
  let entries;
  try {
    entries = await fsp.readdir(from, { withFileTypes: true });
  } catch (error) {
    if (error.code === "ENOENT") return; // no media yet, or a folder removed meanwhile
    throw error;
  }
  await fsp.mkdir(to, { recursive: true, mode: 0o700 });
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      if (top && entry.name === UPLOAD_TMP_DIR) continue;
      await copyMedia(source, target, false);
    } else if (entry.isFile() && !entry.name.endsWith(".tmp") && !exists(target)) {
      try {
        // A reflink where the file system offers one (instant, no extra space), else a plain copy.
        await fsp.copyFile(source, target, fs.constants.COPYFILE_EXCL | fs.constants.COPYFILE_FICLONE);
      } catch (error) {
        if (error.code === "ENOENT") continue;
        throw error;
      }
      await syncFile(target);
    }
  }
}

async function sha256(file) {
  const hash = crypto.createHash("sha256");
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk);
  return hash.digest("hex");
}

/** Opens the copy read-only and asks SQLite to check every page, index and constraint of it. */
function verify(dbFile) {
  const copy = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const problems = copy.pragma("integrity_check").map((row) => row.integrity_check);
    if (problems.length !== 1 || problems[0] !== "ok") {
      throw new BackupError(`the copy of the database failed its integrity check: ${problems.slice(0, 5).join("; ")}`);
    }
    const count = (table) => copy.prepare(`SELECT count(*) FROM ${table}`).pluck().get();
    const migrations = copy
      .prepare("SELECT count(*) AS count, max(created_at) AS last FROM __drizzle_migrations")
      .get();
    return {
      rows: { users: count("users"), books: count("books"), stories: count("stories"), media: count("media") },
      // drizzle records each migration's folder time: the schema the copy has, for restoring into an app at least as
      // new.
      migrations: {
        count: migrations.count,
        last: migrations.last ? new Date(Number(migrations.last)).toISOString() : null,
      },
    };
  } finally {
    copy.close();
  }
}

function appVersion() {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).version ?? null;
  } catch {
    return null;
  }
}

const size = (bytes) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 ** 2
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1024 ** 2).toFixed(1)} MB`;

/**
 * Makes the backup and returns its manifest. `hooks.afterSnapshot(attempt)` runs after each database
 * snapshot, before media are copied: tests use it to delete a file the way the app does, at the worst moment.
 */
export async function backup({
  dataDir,
  destination,
  log = console.log,
  hooks = {},
  mediaStore = process.env.MEDIA_STORE?.trim() || null,
}) {
  checkTarget({ dataDir, destination });
  const started = Date.now();
  const parent = path.dirname(destination);
  await fsp.mkdir(parent, { recursive: true });
  // Same folder as the destination, so the final rename is atomic; hidden, so it never looks like a backup.
  const staging = path.join(parent, `.${path.basename(destination)}.incomplete-${process.pid}`);
  // Owner-only: the backup holds password hashes, e-mail addresses and the cookie-signing secret.
  await fsp.mkdir(staging, { mode: 0o700 });
  const removeStaging = () => fs.rmSync(staging, { recursive: true, force: true });
  process.once("exit", removeStaging); // Ctrl-C or a kill leaves no half-made folder behind

  try {
    log(`Backing up ${dataDir} to ${destination}`);
    const dbCopy = path.join(staging, DB_FILE);
    const mediaCopy = path.join(staging, MEDIA_DIR);
    // There even before the first upload, so a restore can copy it as it is.
    await fsp.mkdir(mediaCopy, { mode: 0o700 });

    // Order matters. The app writes a file before the row that names it, and deletes a file only after
    // its row is gone. So the database is copied first, then media: every row in the snapshot names a
    // file that was on disk when the snapshot was taken, and is still there when we copy it unless the
    // app deleted that row (and then the file) since. That case is detected below, and a fresh snapshot,
    // which no longer has the row, is taken; files added meanwhile are copied, and a file copied for
    // nothing stays as an unreferenced file, which is harmless. (Media first, then the database, would
    // instead miss the files of rows written during the copy.)
    // The source connection can write (it never does): when the app is stopped, closing it as the last
    // connection folds the WAL back in and removes the -wal/-shm it opened, so none are left owned by
    // whoever ran the backup (say root from cron), which the app could then not open.
    const source = new Database(path.join(dataDir, DB_FILE), { fileMustExist: true });
    let missing = [];
    let attempt = 0;
    try {
      source.pragma("busy_timeout = 10000");
      // Media kept in a bucket (MEDIA_STORE, ADR 0033) are backed up by the bucket's own versioning or replication:
      // the database is copied alone.
      while (attempt < (mediaStore ? 1 : MAX_SNAPSHOTS)) {
        attempt += 1;
        await snapshot(source, dbCopy);
        await hooks.afterSnapshot?.(attempt);
        if (mediaStore) break;
        await copyMedia(path.join(dataDir, MEDIA_DIR), mediaCopy);
        missing = referencedFiles(dbCopy).filter((file) => !exists(path.join(mediaCopy, file)));
        if (missing.length === 0) break;
        if (attempt < MAX_SNAPSHOTS)
          log(
            `  ${missing.length} file(s) were deleted by the app during the copy: ` +
              "taking a fresh snapshot of the database.",
          );
      }
    } finally {
      source.close();
    }
    if (missing.length > 0) {
      // Still missing after fresh snapshots: the live data itself lacks them (a file lost before the
      // backup). The backup is still worth keeping; the app shows a placeholder for a missing photo.
      log(
        `  Warning: ${missing.length} file(s) named by the database are missing from ` +
          `${path.join(dataDir, MEDIA_DIR)} itself: ` +
          `${missing.slice(0, 5).join(", ")}${missing.length > 5 ? ", …" : ""}`,
      );
    }
    const mediaInBackup = await countFiles(mediaCopy);

    // secrets.json belongs with the database: it holds the cookie-signing secret the app generated
    // (when SESSION_SECRET is not set). The sessions table keeps only hashes of session tokens, and
    // the cookie carries the token signed with this secret: restored without it, the app makes a new
    // secret and every signed-in family member is signed out (and a flash message in flight is lost).
    // It adds little to what the backup already exposes (password hashes), and the folder is owner-only.
    // With SESSION_SECRET set in the environment, the secret lives wherever that is kept, not here.
    const secrets = path.join(dataDir, SECRETS_FILE);
    const secretsIncluded = exists(secrets);
    if (secretsIncluded) {
      await fsp.copyFile(secrets, path.join(staging, SECRETS_FILE));
      await fsp.chmod(path.join(staging, SECRETS_FILE), 0o600);
      await syncFile(path.join(staging, SECRETS_FILE));
    }

    const checked = verify(dbCopy);
    await fsp.chmod(dbCopy, 0o600);
    await syncFile(dbCopy);
    const dbSize = (await fsp.stat(dbCopy)).size;
    const manifest = {
      format: 1,
      app: "heirloom",
      appVersion: appVersion(),
      createdAt: new Date().toISOString(),
      dataDir,
      database: {
        file: DB_FILE,
        size: dbSize,
        sha256: await sha256(dbCopy),
        integrityCheck: "ok",
        migrations: checked.migrations,
        rows: checked.rows,
      },
      media: mediaStore
        ? { store: mediaStore, copied: false }
        : { folder: MEDIA_DIR, files: mediaInBackup.files, bytes: mediaInBackup.bytes, missing },
      secrets: secretsIncluded ? SECRETS_FILE : null,
      snapshots: attempt,
    };
    const manifestFile = path.join(staging, "manifest.json");
    await fsp.writeFile(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
    await syncFile(manifestFile);

    if (exists(destination))
      throw new BackupError(`${destination} appeared while the backup was being made; the backup was not kept.`);
    await fsp.rename(staging, destination);
    await syncFile(parent);
    process.removeListener("exit", removeStaging);
    if (mediaStore)
      log(
        `  Media are kept in ${mediaStore}: back them up with the bucket's versioning or replication ` +
          "(docs/operations.md).",
      );

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    log(
      `Backup complete: ${destination} (${DB_FILE} ${size(dbSize)}, integrity ok, ${checked.rows.stories} stories, ` +
        (mediaStore
          ? `media in ${mediaStore}, not copied`
          : `${manifest.media.files} media files ${size(manifest.media.bytes)}`) +
        `${secretsIncluded ? ", secrets.json" : ""}) in ${seconds} s`,
    );
    return manifest;
  } catch (error) {
    removeStaging();
    process.removeListener("exit", removeStaging);
    throw error;
  }
}

async function countFiles(dir) {
  const totals = { files: 0, bytes: 0 };
  if (!exists(dir)) return totals;
  for (const entry of await fsp.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    totals.files += 1;
    totals.bytes += (await fsp.stat(path.join(entry.parentPath, entry.name))).size;
  }
  return totals;
}

/** Turns the errors a person can act on into one sentence; anything else keeps its stack. */
function explain(error) {
  if (error instanceof BackupError) return error.message;
  const where = error.path ? ` (${error.path})` : "";
  switch (error.code) {
    case "EACCES":
    case "EPERM":
      return (
        `permission denied${where}: run the backup as the user the app runs as, ` +
        "or one who can read DATA_DIR and write the destination."
      );
    case "ENOSPC":
      return `the disk is full${where}.`;
    case "EROFS":
      return `the destination is on a read-only file system${where}.`;
    case "SQLITE_NOTADB":
    case "SQLITE_CORRUPT":
      return `the database in DATA_DIR cannot be read as SQLite (${error.message}).`;
    case "SQLITE_BUSY":
      return "the database stayed locked for more than 10 seconds; try again.";
    case "SQLITE_CANTOPEN":
      return `SQLite cannot open a file (${error.message}); check permissions.`;
    default:
      return null;
  }
}

if (import.meta.url === url.pathToFileURL(process.argv[1] ?? "").href) {
  // Ctrl-C or `kill`: exit (the exit handler removes the half-made folder) with the usual status.
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ])
    process.once(signal, () => process.exit(code));
  if (process.argv.slice(2).some((arg) => arg === "-h" || arg === "--help")) {
    console.log(
      "usage: npm run backup [-- DESTINATION]   " +
        "(DATA_DIR: the data folder, default ./data; BACKUP_DIR: where backups go, default ./backups)",
    );
    process.exit(0);
  }
  try {
    await backup(resolveTarget());
  } catch (error) {
    const message = explain(error);
    if (message) console.error(`Backup failed: ${message}`);
    else console.error("Backup failed unexpectedly:", error);
    process.exitCode = 1;
  }
}
