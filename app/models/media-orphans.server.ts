import { inArray } from "drizzle-orm";
import { db } from "~db/client.server";
import { mediaStore } from "~db/media-store/index.server";
import type { MediaStore } from "~db/media-store/store";
import { books, media } from "~db/schema";
import { coverUrlOfObject } from "./media.server";
import { storageKeyOfObject } from "./media-storage.server";
import { admitAttempt, type Counted, giveBackAttempt } from "./rate-limit.server";

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
 * The sweep's turn, claimed in the database like a sign-in attempt: once in a window of a little under a day (timers
 * drift), whichever app server asks first. The others would list the same folders again for nothing.
 */
const SWEEP_TURN: Counted = { scope: "maintenance", key: "orphaned-media", limit: 1, windowMs: 23 * 60 * 60 * 1000 };

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

/**
 * removeOrphanedMedia by one app server a day: every server asks at its start and then daily, and the first to ask
 * in a day sweeps for all of them; the others answer null. Listing a bucket of millions of objects from every server
 * at every start of a rolling deploy did the same work once per server. A sweep that fails gives its turn back, for
 * the next server that asks.
 */
export async function sweepOrphanedMediaInTurn({
  store,
  now = Date.now(),
}: {
  store?: MediaStore;
  now?: number;
} = {}): Promise<number | null> {
  if ((await admitAttempt([SWEEP_TURN], now)) > 0) return null;
  try {
    return await removeOrphanedMedia({ store, now });
  } catch (error) {
    await giveBackAttempt(SWEEP_TURN, now).catch(() => {});
    throw error;
  }
}
