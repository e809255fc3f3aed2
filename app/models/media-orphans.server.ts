import { inArray } from "drizzle-orm";
import { db } from "~db/client.server";
import { mediaStore } from "~db/media-store/index.server";
import type { MediaStore } from "~db/media-store/store";
import { books, media } from "~db/schema";
import { coverUrlOfObject } from "./media.server";
import { storageKeyOfObject } from "./media-storage.server";

// A file is kept in the media store before the row that names it is written: a photo a moment before, an import's
// files all before its rows, in one transaction at the end. A process that stops in between (a crash, a kill, a
// deploy) leaves objects that nothing names, on a disk or in a bucket, which nobody could see or delete (ADR 0033).

/** An object nothing names is left this long: far more than the longest import takes to write its rows. */
export const ORPHAN_AFTER_MS = 24 * 60 * 60 * 1000;

type Folder = {
  name: string;
  /** What a row keeps for the object (a storage key, a cover's URL); null for a name the app does not make. */
  owner: (object: string) => string | null;
  /** Which of these the rows name. */
  named: (owners: string[]) => Promise<string[]>;
};

const FOLDERS: Folder[] = [
  {
    name: "files",
    owner: storageKeyOfObject,
    named: async (keys) =>
      (await db().select({ key: media.storageKey }).from(media).where(inArray(media.storageKey, keys))).map(
        (row) => row.key,
      ),
  },
  {
    name: "covers",
    owner: coverUrlOfObject,
    named: async (urls) =>
      (await db().selectDistinct({ url: books.coverImage }).from(books).where(inArray(books.coverImage, urls))).flatMap(
        (row) => (row.url ? [row.url] : []),
      ),
  },
];

/**
 * Removes the objects written over `ORPHAN_AFTER_MS` ago that no photo, recording or cover names; answers how many.
 * Names the app does not make are left alone, and a database or store that fails stops the sweep before it removes
 * anything it has not checked. Every app server may run it: removing what is already gone is no error.
 */
export async function removeOrphanedMedia({
  store,
  now = Date.now(),
}: {
  store?: MediaStore;
  now?: number;
} = {}): Promise<number> {
  const from = store ?? (await mediaStore());
  let removed = 0;
  for (const folder of FOLDERS) {
    for await (const page of from.list(folder.name)) {
      const old = page
        .filter((entry) => now - entry.modifiedAt.getTime() >= ORPHAN_AFTER_MS)
        .map((entry) => ({ key: entry.key, owner: folder.owner(entry.key) }))
        .filter((entry): entry is { key: string; owner: string } => entry.owner !== null);
      if (old.length === 0) continue;
      const named = new Set(await folder.named([...new Set(old.map((entry) => entry.owner))]));
      const orphans = old.filter((entry) => !named.has(entry.owner)).map((entry) => entry.key);
      if (orphans.length === 0) continue;
      await from.remove(orphans);
      removed += orphans.length;
    }
  }
  return removed;
}
