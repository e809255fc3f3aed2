import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, transaction, type Tx } from "~db/client.server";
import { books, media } from "~db/schema";
import { AppError } from "~/lib/errors";
import { env } from "~/platform/env.server";
import { pngBytes, webmBytes } from "../../tests/support/media-files";
import { listUsers } from "./admin.server";
import { copyBook, createBook, updateBook } from "./book.server";
import { addStoryMedia, backfillStoredSizes, saveCover } from "./media.server";
import { storedFilePath } from "../../tests/support/stored-files";
import { assertRoomFor, assertWithinQuota, storageQuota, storageUsed } from "./storage.server";
import { createStory } from "./story.server";
import { createTopic } from "./topic.server";
import { createUser } from "./user.server";

// This file's server has a quota of 1 MB a user (read once, on the first env()).
process.env.USER_STORAGE_QUOTA_MB = "1";
const MB = 1024 * 1024;

const storyInput = { content: "Text", status: "draft" as const };
const bookInput = (title: string) => ({ title, description: "", tone: "", language: "en" as const, coverImage: null });

async function userWithStory(name: string) {
  const user = await createUser({ username: name, email: `${name}@example.com`, password: "secret1" });
  const book = await createBook({ userId: user.id, input: bookInput(`${name}'s book`) });
  const topic = await createTopic({ bookId: book.id, userId: user.id, input: { title: "Childhood", description: "" } });
  const story = await createStory({ topicId: topic.id, userId: user.id, input: { title: "The river", ...storyInput } });
  return { user, book, story };
}

let keys = 0;
const key = (ext: string) => `${(++keys).toString(16).padStart(32, "0")}.${ext}`;

/** A recording of `size` bytes as a request's temporary upload would leave it. */
function upload(size: number): { path: string; filename: string; size: number } {
  const dir = path.join(env().dataDir, "media", "tmp");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${key("part")}`);
  fs.writeFileSync(file, webmBytes(size));
  return { path: file, filename: "voice.webm", size };
}

const filesOnDisk = () =>
  fs.existsSync(path.join(env().dataDir, "media", "files"))
    ? fs.readdirSync(path.join(env().dataDir, "media", "files")).sort()
    : [];
const keyOf = async (mediaId: number) =>
  (await db().select({ key: media.storageKey }).from(media).where(eq(media.id, mediaId)))[0]!.key;

describe("a user's storage", () => {
  it("is the sum of their photos, thumbnails, recordings and covers, in SQL, a shared cover counted once", async () => {
    const lan = await userWithStory("lan");
    const minh = await userWithStory("minh");
    await db()
      .insert(media)
      .values([
        {
          storyId: lan.story.id,
          type: "image",
          storageKey: key("webp"),
          mimeType: "image/webp",
          size: 300_000,
          thumbSize: 20_000,
        },
        {
          storyId: lan.story.id,
          type: "audio",
          storageKey: key("webm"),
          mimeType: "audio/webm",
          size: 500_000,
          thumbSize: 0,
        },
        // A row older than the thumbnail column, not yet measured: its file still counts.
        {
          storyId: lan.story.id,
          type: "image",
          storageKey: key("webp"),
          mimeType: "image/webp",
          size: 1_000,
          thumbSize: null,
        },
        {
          storyId: minh.story.id,
          type: "audio",
          storageKey: key("webm"),
          mimeType: "audio/webm",
          size: 7_000_000,
          thumbSize: 0,
        },
      ]);
    expect(await storageUsed(lan.user.id)).toBe(821_000);

    const cover = await saveCover(await pngBytes(120, 180));
    expect(cover.bytes).toBe(
      fs.statSync(path.join(env().dataDir, "media", "covers", `${cover.url.split(":").at(-1)}.webp`)).size,
    );
    const withCover = await createBook({
      userId: lan.user.id,
      input: { ...bookInput("With a cover"), coverImage: cover.url, coverBytes: cover.bytes },
    });
    expect(await storageUsed(lan.user.id)).toBe(821_000 + cover.bytes);
    // A copy shares the cover's file: the quota counts it once.
    await copyBook({ bookId: withCover.id, userId: lan.user.id, suffix: " (Copy)" });
    expect(await storageUsed(lan.user.id)).toBe(821_000 + cover.bytes);
    // A preset cover is no file of theirs.
    await updateBook({
      bookId: withCover.id,
      userId: lan.user.id,
      input: { ...bookInput("With a cover"), coverImage: "/covers/3.webp", coverBytes: null },
    });
    expect(await storageUsed(lan.user.id)).toBe(821_000 + cover.bytes);

    expect(await storageUsed(minh.user.id)).toBe(7_000_000);
    const nobody = await createUser({ username: "nobody", email: "nobody@example.com", password: "secret1" });
    expect(await storageUsed(nobody.id)).toBe(0);
    // The admin's Users tab shows the same figures, in the list's one query.
    const rows = (await listUsers({ q: "", sort: "id", dir: "asc", role: "all", page: 1, pageSize: 20 })).users;
    expect(Object.fromEntries(rows.map((row) => [row.username, row.storageBytes]))).toMatchObject({
      lan: 821_000 + cover.bytes,
      minh: 7_000_000,
      nobody: 0,
    });
  });

  it("is checked against the quota: up to it passes, one byte over is a 413, and 0 turns it off", async () => {
    const { user, story } = await userWithStory("thu");
    expect(storageQuota()).toBe(MB);
    // Inside the transaction, on its connection: the row is rolled back with it.
    const add = (tx: Tx, size: number) =>
      tx.insert(media).values({
        storyId: story.id,
        type: "audio",
        storageKey: key("webm"),
        mimeType: "audio/webm",
        size,
        thumbSize: 0,
      });
    const refused = async (work: () => Promise<unknown>) => {
      try {
        await work();
      } catch (error) {
        return error instanceof AppError ? [error.status, error.messageKey, error.titleKey] : error;
      }
      return null;
    };
    expect(
      await refused(() =>
        transaction(async (tx) => {
          await add(tx, MB);
          return assertWithinQuota(tx, user.id);
        }),
      ),
    ).toBeNull();
    expect(await storageUsed(user.id)).toBe(MB);
    expect(
      await refused(() =>
        transaction(async (tx) => {
          await add(tx, 1);
          return assertWithinQuota(tx, user.id);
        }),
      ),
    ).toEqual([413, "storage.quotaExceeded", "storage.quotaExceededTitle"]);
    // The refused row was rolled back with its transaction.
    expect(await storageUsed(user.id)).toBe(MB);
    expect(await refused(() => assertRoomFor(user.id, 0))).toEqual([
      413,
      "storage.quotaExceeded",
      "storage.quotaExceededTitle",
    ]);
    expect(
      await refused(() =>
        transaction(async (tx) => {
          await add(tx, 5 * MB);
          return assertWithinQuota(tx, user.id, { quota: null });
        }),
      ),
    ).toBeNull();
    expect(await refused(() => assertRoomFor(user.id, 5 * MB, { quota: null }))).toBeNull();
  });

  it(
    "refuses a recording over the quota and keeps nothing of it; " + "of two at once that do not both fit, one is kept",
    async () => {
      const { user, story } = await userWithStory("hoa");
      const before = filesOnDisk();
      const first = await addStoryMedia({
        storyId: story.id,
        userId: user.id,
        type: "audio",
        upload: upload(600 * 1024),
        fallbackDescription: "",
      });
      expect(first.size).toBe(600 * 1024);
      // Known before it is stored: the early answer, nothing written.
      await expect(
        addStoryMedia({
          storyId: story.id,
          userId: user.id,
          type: "audio",
          upload: upload(600 * 1024),
          fallbackDescription: "",
        }),
      ).rejects.toMatchObject({ status: 413, messageKey: "storage.quotaExceeded" });
      expect(filesOnDisk()).toEqual([...before, await keyOf(first.id)].sort());
      expect(await storageUsed(user.id)).toBe(600 * 1024);

      // Two at once, each of which fits alone (424 KB are left after the first two): the transaction lets one in.
      const other = await userWithStory("binh");
      const both = (kb: number) =>
        Promise.allSettled(
          [kb, kb].map((size) =>
            addStoryMedia({
              storyId: other.story.id,
              userId: other.user.id,
              type: "audio",
              upload: upload(size * 1024),
              fallbackDescription: "",
            }),
          ),
        );
      expect((await both(300)).map((result) => result.status)).toEqual(["fulfilled", "fulfilled"]);
      const third = await both(300);
      expect(third.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
      expect((third.find((result) => result.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({
        status: 413,
        messageKey: "storage.quotaExceeded",
      });
      expect(await storageUsed(other.user.id)).toBe(900 * 1024);
      const rows = (await db().select({ key: media.storageKey }).from(media)).map((row) => row.key);
      // Every recording file on disk has its row, and no row lacks its file.
      const recordings = filesOnDisk().filter((file) => file.endsWith(".webm"));
      expect(recordings.filter((file) => !rows.includes(file))).toEqual([]);
      expect(rows.filter((row) => row.endsWith(".webm") && fs.existsSync(storedFilePath(row))).length).toBe(
        recordings.length,
      );
    },
  );

  it("a photo counts its thumbnail too, and rows from before the sizes were kept are measured at start", async () => {
    const { user, story } = await userWithStory("an");
    const file = path.join(env().dataDir, "media", "tmp", key("part"));
    fs.writeFileSync(file, await pngBytes(400, 300));
    const photo = await addStoryMedia({
      storyId: story.id,
      userId: user.id,
      type: "image",
      upload: { path: file, filename: "garden.png" },
      fallbackDescription: "",
    });
    const row = (await db().select().from(media).where(eq(media.id, photo.id)))[0]!;
    expect(row.thumbSize).toBe(fs.statSync(storedFilePath(row.storageKey, "thumb")).size);
    expect(await storageUsed(user.id)).toBe(row.size + row.thumbSize!);

    // As migration 0004 leaves an older photo and an older uploaded cover: sizes unknown.
    const cover = await saveCover(await pngBytes(60, 90));
    const book = await createBook({ userId: user.id, input: { ...bookInput("Old"), coverImage: cover.url } });
    await db().update(media).set({ thumbSize: null }).where(eq(media.id, photo.id));
    expect((await db().select().from(books).where(eq(books.id, book.id)))[0]!.coverBytes).toBeNull();
    expect(await backfillStoredSizes()).toBeGreaterThanOrEqual(2);
    expect((await db().select().from(media).where(eq(media.id, photo.id)))[0]!.thumbSize).toBe(row.thumbSize);
    expect((await db().select().from(books).where(eq(books.id, book.id)))[0]!.coverBytes).toBe(cover.bytes);
    expect(await backfillStoredSizes()).toBe(0);
  });
});
