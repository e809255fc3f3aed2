import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { Media } from "~db/schema";
import { ensurePrivateDir, writePrivateFile } from "~db/private-files.server";
import { env } from "~/platform/env.server";

// A photo's print copy (issue 19, ADR 0029): the stored WebP as a JPEG, which every PDF reader and printer takes, at
// the stored size (1600 px: 350 dpi across a 6 × 9 in page's column). Made when the photo is kept, or on its first
// printing for a photo kept before, and kept as a cache beside the media: it can always be made again.

const KEY = /^([a-f0-9]{32})\.[a-z0-9]{2,4}$/;

function printCopiesDir(): string {
  return path.join(env().dataDir, "cache", "print-copies");
}

/** Where a stored photo's print copy lives; null for anything that is not a key the media store made. */
export function printCopyPath(storageKey: string): string | null {
  const match = KEY.exec(storageKey);
  return match ? path.join(printCopiesDir(), `${match[1]}.jpg`) : null;
}

/** Writes the print copy of an image sharp can read (a path or its bytes); false when it does not decode. */
export async function makePrintCopy(storageKey: string, input: string | Buffer): Promise<boolean> {
  const target = printCopyPath(storageKey);
  if (!target) return false;
  let jpeg: Buffer;
  try {
    jpeg = await sharp(input, { limitInputPixels: 50_000_000 })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 86 })
      .toBuffer();
  } catch {
    return false;
  }
  await ensurePrivateDir(printCopiesDir());
  const partial = `${target}.${crypto.randomBytes(4).toString("hex")}.tmp`;
  await writePrivateFile(partial, jpeg);
  await fs.rename(partial, target);
  return true;
}

/** Whether a file is there (a cached copy, a stored photo). */
export const isFile = (file: string) =>
  fs.stat(file).then(
    (stat) => stat.isFile(),
    () => false,
  );

/**
 * The print copies of a book's photos, by media id, made one at a time where missing: a copy is a decode and an
 * encode of a 1600 px photo, and one at a time leaves the server's thread pool to other requests. A photo whose
 * stored file is gone or does not decode has none, and is left out of the book. The copies are a cache of this
 * machine's (DATA_DIR/cache): another app server makes its own when it first prints the book (ADR 0031).
 */
export async function printCopies(
  items: Media[],
  storedBytes: (storageKey: string) => Promise<Buffer | null>,
): Promise<Map<number, string>> {
  const copies = new Map<number, string>();
  for (const item of items) {
    if (item.type !== "image") continue;
    const target = printCopyPath(item.storageKey);
    if (!target) continue;
    if (await isFile(target)) {
      copies.set(item.id, target);
      continue;
    }
    const bytes = await storedBytes(item.storageKey);
    if (bytes && (await makePrintCopy(item.storageKey, bytes))) copies.set(item.id, target);
  }
  return copies;
}
