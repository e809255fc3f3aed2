import crypto from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { ensurePrivateDir, keepPrivate, writePrivateFile } from "../private-files.server";
import { LIST_PAGE_SIZE, type MediaStore, REMOVE_BATCH_SIZE, type Source } from "./store";

/** A key is the store's own: folders and a file name of letters, digits, dots and dashes, never `..`. */
const KEY = /^[a-z]+\/[a-z0-9][a-z0-9.-]*$/;

/**
 * Media under a folder of this machine (DATA_DIR/media): each key is a path under it. A file is written beside its
 * place under a temporary name and renamed into it, so a crash leaves a whole file or none (and a `.tmp` that the
 * start-up sweep removes). A file source on the same disk (an upload in DATA_DIR/media/tmp) is moved, not copied.
 */
export function diskStore(root: string): MediaStore {
  const fileOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`not a media key: ${key}`);
    return path.join(root, key);
  };
  const statOf = async (key: string) => {
    const stat = await fs.stat(fileOf(key)).catch(() => null);
    return stat?.isFile() ? stat : null;
  };
  return {
    kind: "disk",
    async put(key: string, source: Source) {
      const target = fileOf(key);
      await ensurePrivateDir(path.dirname(target));
      if ("file" in source) {
        await fs.rename(source.file, target);
        await keepPrivate(target);
        return;
      }
      const partial = `${target}.${crypto.randomBytes(4).toString("hex")}.tmp`;
      try {
        await writePrivateFile(partial, source.bytes);
        await fs.rename(partial, target);
      } finally {
        await fs.rm(partial, { force: true });
      }
    },
    async stat(key) {
      const stat = await statOf(key);
      // Keys are never reused for other bytes, so the key with the size and time is a tag that changes with them.
      return stat ? { size: stat.size, etag: `"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"` } : null;
    },
    async read(key, start, end) {
      if (!(await statOf(key))) return null;
      return Readable.toWeb(createReadStream(fileOf(key), { start, end })) as ReadableStream<Uint8Array>;
    },
    async readBytes(key) {
      return fs.readFile(fileOf(key)).catch(() => null);
    },
    async *list(folder, pageSize = LIST_PAGE_SIZE) {
      const names = await fs.readdir(path.join(root, folder)).catch(() => [] as string[]);
      const keys = names.map((name) => `${folder}/${name}`).filter((key) => KEY.test(key) && !key.endsWith(".tmp"));
      for (let start = 0; start < keys.length; start += pageSize) {
        const page = await Promise.all(
          keys.slice(start, start + pageSize).map(async (key) => {
            const stat = await statOf(key);
            return stat ? { key, modifiedAt: stat.mtime } : null;
          }),
        );
        yield page.filter((entry) => entry !== null);
      }
    },
    async remove(keys, batchSize = REMOVE_BATCH_SIZE) {
      for (let start = 0; start < keys.length; start += batchSize)
        await Promise.all(keys.slice(start, start + batchSize).map((key) => fs.rm(fileOf(key), { force: true })));
    },
    async withLocalFile(key, use) {
      return (await statOf(key)) ? use(fileOf(key)) : null;
    },
  };
}
