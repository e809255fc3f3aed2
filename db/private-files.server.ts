import fs from "node:fs";
import path from "node:path";

// DATA_DIR holds the family's stories and photos, password hashes and the cookie secret: only the user the
// app runs as may read any of it. Modes are set with chmod, not only asked of mkdir/open: those are cut by
// the umask (which may be 000) and are not applied to a folder or file that is already there.
const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** The folders between `first` (the first one mkdir made) and `dir`, both included. */
function madeNow(first: string | undefined, dir: string): string[] {
  if (!first) return [];
  const chain = [];
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    chain.push(current);
    if (current === path.resolve(first) || current === path.dirname(current)) break;
  }
  return chain;
}

/**
 * chmod of something that may belong to another user (a DATA_DIR an administrator made and lets us write):
 * only its owner may change its mode, so the log says so instead of the start failing.
 */
function chmodExisting(file: string, mode: number): void {
  try {
    fs.chmodSync(file, mode);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return;
    if (code !== "EPERM") throw error;
    console.warn(
      `Heirloom cannot make ${file} private (mode ${mode.toString(8)}): it belongs to another user. ` +
        "Run Heirloom as its owner, or chmod it yourself.",
    );
  }
}

/** mkdir -p: the folder and every folder made for it 0700 (folders above it that were there are left alone). */
export function ensurePrivateDirSync(dir: string): void {
  const first = fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  for (const made of madeNow(first, dir)) fs.chmodSync(made, PRIVATE_DIR_MODE);
  chmodExisting(dir, PRIVATE_DIR_MODE);
}

export async function ensurePrivateDir(dir: string): Promise<void> {
  const first = await fs.promises.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  for (const made of madeNow(first, dir)) await fs.promises.chmod(made, PRIVATE_DIR_MODE);
  chmodExisting(dir, PRIVATE_DIR_MODE);
}

/** Writes a file readable by the app's user only (a rename keeps the mode, so write `.tmp` then rename). */
export async function writePrivateFile(file: string, bytes: Uint8Array): Promise<void> {
  await fs.promises.writeFile(file, bytes, { mode: PRIVATE_FILE_MODE });
  await fs.promises.chmod(file, PRIVATE_FILE_MODE);
}

/** A file moved into DATA_DIR from elsewhere (an upload's temporary file), made readable by the app's user only. */
export async function keepPrivate(file: string): Promise<void> {
  await fs.promises.chmod(file, PRIVATE_FILE_MODE);
}

/**
 * A stream writing a new file readable by the app's user only (the umask can only take more away). For files that are
 * written as they arrive: an upload on its way, a zip's entry unpacked, a printed book being laid out.
 */
export function createPrivateWriteStream(file: string, flags = "w"): fs.WriteStream {
  return fs.createWriteStream(file, { flags, mode: PRIVATE_FILE_MODE });
}

/**
 * Every folder under `dir` 0700 and every file 0600: for what an older version wrote there readable by others (the
 * printed books' cache). Nothing when it is not there.
 */
export async function tightenTree(dir: string): Promise<void> {
  const entries = await fs.promises.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => null);
  if (!entries) return;
  chmodExisting(dir, PRIVATE_DIR_MODE);
  for (const entry of entries) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) chmodExisting(file, PRIVATE_DIR_MODE);
    else if (entry.isFile()) chmodExisting(file, PRIVATE_FILE_MODE);
  }
}

/** chmod 0600 of files that may not exist yet (the database's -wal and -shm, secrets.json). */
export function tightenIfPresent(files: string[]): void {
  for (const file of files) chmodExisting(file, PRIVATE_FILE_MODE);
}

/** Creates an empty file 0600 unless it exists: SQLite then gives the -wal and -shm it makes the same mode. */
export function createPrivateFileSync(file: string): void {
  fs.closeSync(fs.openSync(file, "a", PRIVATE_FILE_MODE));
  chmodExisting(file, PRIVATE_FILE_MODE);
}
