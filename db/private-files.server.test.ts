import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { finished } from "node:stream/promises";
import {
  createPrivateFileSync,
  createPrivateWriteStream,
  ensurePrivateDir,
  ensurePrivateDirSync,
  keepPrivate,
  tightenIfPresent,
  tightenTree,
  writePrivateFile,
} from "~db/private-files.server";

const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);
const dirs: string[] = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heirloom-private-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs `work` with a umask that would leave everything readable and writable by everyone. */
async function withOpenUmask<T>(work: () => Promise<T> | T): Promise<T> {
  const previous = process.umask(0o000);
  try {
    return await work();
  } finally {
    process.umask(previous);
  }
}

describe("private files", () => {
  it("makes folders 0700 and files 0600 whatever the umask, the folders it makes on the way too", async () => {
    const base = tmp();
    await withOpenUmask(async () => {
      ensurePrivateDirSync(path.join(base, "a", "b"));
      await ensurePrivateDir(path.join(base, "c", "d"));
      createPrivateFileSync(path.join(base, "a", "b", "db"));
      await writePrivateFile(path.join(base, "c", "d", "photo"), new Uint8Array([1, 2, 3]));
      fs.writeFileSync(path.join(base, "c", "upload"), "x");
      await keepPrivate(path.join(base, "c", "upload"));
    });
    expect(
      Object.fromEntries(
        ["a", "a/b", "a/b/db", "c", "c/d", "c/d/photo", "c/upload"].map((name) => [name, mode(path.join(base, name))]),
      ),
    ).toEqual({
      a: "700",
      "a/b": "700",
      "a/b/db": "600",
      c: "700",
      "c/d": "700",
      "c/d/photo": "600",
      "c/upload": "600",
    });
    // The folder it was given is left as it was above the first one it made.
    expect(mode(base)).toBe("700"); // mkdtemp's own
  });

  it("tightens what an older version left open, and ignores what is not there", async () => {
    const base = tmp();
    const dir = path.join(base, "data");
    fs.mkdirSync(dir, { mode: 0o755 });
    fs.chmodSync(dir, 0o755);
    fs.writeFileSync(path.join(dir, "heirloom.db"), "", { mode: 0o644 });
    fs.chmodSync(path.join(dir, "heirloom.db"), 0o644);
    ensurePrivateDirSync(dir);
    createPrivateFileSync(path.join(dir, "heirloom.db"));
    tightenIfPresent([path.join(dir, "heirloom.db-wal")]);
    expect([mode(dir), mode(path.join(dir, "heirloom.db"))]).toEqual(["700", "600"]);
    expect(fs.existsSync(path.join(dir, "heirloom.db-wal"))).toBe(false);
  });

  it("streams a file 0600 whatever the umask: an upload on its way, an unpacked entry, a printed book", async () => {
    const file = path.join(tmp(), "upload.part");
    await withOpenUmask(async () => {
      const out = createPrivateWriteStream(file, "wx");
      out.end("bytes");
      await finished(out);
    });
    expect(mode(file)).toBe("600");
  });

  it("tightens a whole tree an older version left open, and ignores one that is not there", async () => {
    const cache = path.join(tmp(), "cache");
    fs.mkdirSync(path.join(cache, "printed-books", "7"), { recursive: true });
    fs.writeFileSync(path.join(cache, "printed-books", "7", "a5-1.pdf"), "%PDF");
    for (const [name, loose] of [
      ["", 0o755],
      ["printed-books", 0o755],
      ["printed-books/7", 0o755],
      ["printed-books/7/a5-1.pdf", 0o644],
    ] as const)
      fs.chmodSync(path.join(cache, name), loose);
    await tightenTree(cache);
    expect(
      ["", "printed-books", "printed-books/7", "printed-books/7/a5-1.pdf"].map((name) => mode(path.join(cache, name))),
    ).toEqual(["700", "700", "700", "600"]);
    await expect(tightenTree(path.join(cache, "missing"))).resolves.toBeUndefined();
  });
});
