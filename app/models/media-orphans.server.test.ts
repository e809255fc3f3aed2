import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~db/client.server";
import { mediaStore } from "~db/media-store/index.server";
import { s3Store } from "~db/media-store/s3.server";
import { mediaStoreSettings } from "~db/media-store/settings";
import { type MediaStore, MediaStoreUnavailable } from "~db/media-store/store";
import { books, media } from "~db/schema";
import { UPLOADED_COVER_PREFIX } from "~/lib/covers";
import { type LocalS3, startLocalS3 } from "../../tests/support/s3";
import { createBook } from "./book.server";
import { ORPHAN_AFTER_MS, removeOrphanedMedia, sweepOrphanedMediaInTurn } from "./media-orphans.server";
import { createStory } from "./story.server";
import { createTopic } from "./topic.server";
import { createUser } from "./user.server";

// What a crash leaves between keeping a file and writing its row, swept from the disk and from a bucket alike.

let s3: LocalS3;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "heirloom-orphans-"));
const stores: Record<"disk" | "s3", () => Promise<MediaStore>> = {
  disk: () => mediaStore(),
  s3: async () => s3Store(mediaStoreSettings(s3.env)!, scratch),
};

beforeAll(async () => {
  s3 = await startLocalS3();
});

afterAll(async () => {
  await s3?.remove();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const hex = () => crypto.randomBytes(16).toString("hex");
const later = () => Date.now() + ORPHAN_AFTER_MS + 60_000;

async function keysIn(store: MediaStore): Promise<string[]> {
  const keys: string[] = [];
  for (const folder of ["files", "covers"])
    for await (const page of store.list(folder)) keys.push(...page.map((e) => e.key));
  return keys.sort();
}

describe.each(["disk", "s3"] as const)("objects nothing names, in the %s store", (kind) => {
  let store: MediaStore;
  let userId: number;
  beforeAll(async () => {
    store = await stores[kind]();
    const name = `orphans${kind}`;
    userId = (await createUser({ username: name, email: `${name}@example.com`, password: "secret1" })).id;
  });

  it("are removed a day on; what a photo, a recording or a cover names, and other names, stay", async () => {
    const [photo, voice, lostPhoto, cover, lostCover] = [hex(), hex(), hex(), hex(), hex()];
    const book = await createBook({
      userId,
      input: { title: "Quê nhà", description: "", tone: "", language: "vi", coverImage: null },
    });
    await db()
      .update(books)
      .set({ coverImage: `${UPLOADED_COVER_PREFIX}${cover}` })
      .where(eq(books.id, book.id));
    const topic = await createTopic({ bookId: book.id, userId, input: { title: "Tuổi thơ", description: "" } });
    const story = await createStory({
      topicId: topic.id,
      userId,
      input: { title: "Dòng sông", content: "", status: "draft", recordingAttached: true },
    });
    await db()
      .insert(media)
      .values([
        { storyId: story.id, type: "image", storageKey: `${photo}.webp`, mimeType: "image/webp" },
        { storyId: story.id, type: "audio", storageKey: `${voice}.webm`, mimeType: "audio/webm" },
      ]);
    const kept = [
      `files/${photo}.webp`,
      `files/${photo}.thumb.webp`,
      `files/${voice}.webm`,
      `covers/${cover}.webp`,
      "files/readme.txt",
    ];
    const orphans = [`files/${lostPhoto}.webp`, `files/${lostPhoto}.thumb.webp`, `covers/${lostCover}.webp`];
    for (const key of [...kept, ...orphans])
      await store.put(key, { bytes: new TextEncoder().encode(key) }, "image/webp");
    const before = await keysIn(store);

    // Written just now: an upload or an import may be about to write their rows.
    expect(await removeOrphanedMedia({ store })).toBe(0);
    expect(await keysIn(store)).toEqual(before);

    expect(await removeOrphanedMedia({ store, now: later() })).toBe(3);
    const after = await keysIn(store);
    for (const key of kept) expect(after).toContain(key);
    for (const key of orphans) expect(after).not.toContain(key);
    expect(await removeOrphanedMedia({ store, now: later() })).toBe(0);
  });
});

const HOUR = 60 * 60 * 1000;
// The sweeps in turn below claim their turn at these times, days apart and in order: a turn is kept in the database.
const week = (n: number) => later() + n * 7 * 24 * HOUR;

describe("a sweep while the bucket is out of reach", () => {
  it("fails whole and removes nothing, and gives its turn back; the next one does the work", async () => {
    const store = await stores.s3();
    const lost = `files/${hex()}.webm`;
    await store.put(lost, { bytes: new Uint8Array(16) }, "audio/webm");
    await s3.stop();
    try {
      await expect(sweepOrphanedMediaInTurn({ store, now: week(1) })).rejects.toBeInstanceOf(MediaStoreUnavailable);
    } finally {
      await s3.start();
    }
    expect(await s3.keys()).toContain(lost);
    expect(await sweepOrphanedMediaInTurn({ store, now: week(1) + HOUR })).toBe(1);
    expect(await s3.keys()).not.toContain(lost);
  });
});

describe("sweeps in turn", () => {
  it("run once a day for all the app servers: the first to ask sweeps, the others answer null", async () => {
    const store = await stores.disk();
    const day = week(2);
    const first = `files/${hex()}.webp`;
    await store.put(first, { bytes: new Uint8Array(8) }, "image/webp");
    // Servers started together (a deploy): one sweeps, whichever asked first.
    const answers = await Promise.all([0, 1, 2].map(() => sweepOrphanedMediaInTurn({ store, now: day })));
    expect(answers.filter((answer) => answer === null)).toHaveLength(2);
    expect(answers.find((answer) => answer !== null)).toBe(1);

    // Later that day, another server's start or timer finds the day's sweep done, and leaves what it would remove.
    const second = `files/${hex()}.webp`;
    await store.put(second, { bytes: new Uint8Array(8) }, "image/webp");
    expect(await sweepOrphanedMediaInTurn({ store, now: day + 12 * HOUR })).toBeNull();
    expect(await keysIn(store)).toContain(second);
    // The next day's timer, a little early as timers are, sweeps.
    expect(await sweepOrphanedMediaInTurn({ store, now: day + 24 * HOUR - 60_000 })).toBe(1);
    expect(await keysIn(store)).not.toContain(second);
  });
});
