import crypto from "node:crypto";
import path from "node:path";
import { and, asc, count, desc, eq, inArray, isNull, like } from "drizzle-orm";
import sharp from "sharp";
import { db, type Tx, transaction } from "~db/client.server";
import { books, media, stories, type Media } from "~db/schema";
import { COVER_MAX_BYTES, UPLOADED_COVER_PREFIX } from "~/lib/covers";
import { env } from "~/platform/env.server";
import { MEDIA_DESCRIPTION_MAX } from "~/lib/limits";
import { AppError } from "~/lib/errors";
import { sniffImage } from "~/lib/sniff";
import { isPlainWebp } from "~/lib/webp";
import { logBookChange } from "./activity.server";
import { isCoverInUse } from "./book.server";
import {
  deleteMediaFiles,
  mediaFileSize,
  removeStoredObjects,
  storeAudio,
  storeImage,
  type StoredFile,
  withMediaStore,
} from "./media-storage.server";
import { assertRoomFor, assertWithinQuota } from "./storage.server";
import { ownedStory } from "./story.server";

export { deleteMediaFiles } from "./media-storage.server";

// Covers' files go through the media store (ADR 0033), like photos and recordings (media-storage.server.ts).

const COVER_WIDTH = 600;
const COVER_HEIGHT = 900;

export function coversDir(): string {
  return path.join(env().dataDir, "media", "covers");
}

function coverKey(url: string): string | null {
  if (!url.startsWith(UPLOADED_COVER_PREFIX)) return null;
  const key = url.slice(UPLOADED_COVER_PREFIX.length);
  return /^[a-f0-9]{32}$/.test(key) ? key : null;
}

/** Checks a cover by its bytes (type and size), without storing anything. */
function assertCoverBytes(bytes: Uint8Array): void {
  if (bytes.byteLength > COVER_MAX_BYTES) throw new AppError(413, "books.tooLarge", "cover", "books.tooLargeTitle");
  if (!sniffImage(bytes)) throw new AppError(400, "books.formatError", "cover", "books.formatErrorTitle");
}

/** A cover file just stored: the URL the book keeps, and the file's bytes (counted by the storage quota). */
export type StoredCover = { url: string; bytes: number };

/** The store's key of an uploaded cover's file. */
const coverObject = (key: string) => `covers/${key}.webp`;

/** The URL a book keeps for an uploaded cover's object in the store; null for any other name. */
export function coverUrlOfObject(object: string): string | null {
  const match = /^covers\/([a-f0-9]{32})\.webp$/.exec(object);
  return match ? `${UPLOADED_COVER_PREFIX}${match[1]}` : null;
}

async function writeCover(bytes: Uint8Array): Promise<StoredCover> {
  const key = crypto.randomBytes(16).toString("hex");
  await withMediaStore((store) => store.put(coverObject(key), { bytes }, "image/webp"));
  return { url: `${UPLOADED_COVER_PREFIX}${key}`, bytes: bytes.byteLength };
}

/**
 * Stores an uploaded cover: checked by its bytes, re-encoded (which also strips metadata and anything
 * hidden in the file) and resized to the cover size. The quota is checked where the book's row is written.
 */
export async function saveCover(bytes: Uint8Array): Promise<StoredCover> {
  assertCoverBytes(bytes);
  let webp: Buffer;
  try {
    webp = await sharp(bytes, { animated: false, limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: COVER_WIDTH, height: COVER_HEIGHT, fit: "cover" })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    // The signature matched but the image does not decode: it is not the image it claims to be.
    throw new AppError(400, "books.formatError", "cover", "books.formatErrorTitle");
  }
  return writeCover(webp);
}

/**
 * Stores a cover from an imported zip: one this app made (a plain WebP of the cover size that decodes) is
 * kept byte for byte, so a round trip gives the same cover; anything else is checked and re-encoded like
 * an upload by `saveCover` (ADR 0014).
 */
export async function saveImportedCover(bytes: Uint8Array): Promise<StoredCover> {
  assertCoverBytes(bytes);
  if (isPlainWebp(bytes)) {
    const decoded = await sharp(bytes, { limitInputPixels: 40_000_000 })
      .raw()
      .toBuffer({ resolveWithObject: true })
      .catch(() => null);
    if (decoded && decoded.info.width === COVER_WIDTH && decoded.info.height === COVER_HEIGHT) return writeCover(bytes);
  }
  return saveCover(bytes);
}

export async function readCover(url: string): Promise<Buffer | null> {
  const key = coverKey(url);
  if (!key) return null;
  return withMediaStore((store) => store.readBytes(coverObject(key)));
}

/** The bytes of an uploaded cover's file, or null when it is not there. */
async function coverFileSize(url: string): Promise<number | null> {
  const key = coverKey(url);
  return key ? ((await withMediaStore((store) => store.stat(coverObject(key))))?.size ?? null) : null;
}

/**
 * Measures, once, the files of rows older than the sizes the quota sums (migration 0004): photos'
 * thumbnails and uploaded covers. Run at start; a file that is missing counts as 0.
 */
export async function backfillStoredSizes(): Promise<number> {
  const thumbs = await db()
    .select({ id: media.id, storageKey: media.storageKey })
    .from(media)
    .where(isNull(media.thumbSize));
  for (const row of thumbs) {
    const size = (await mediaFileSize(row.storageKey, "thumb")) ?? 0;
    await db().update(media).set({ thumbSize: size }).where(eq(media.id, row.id));
  }
  const covers = await db()
    .selectDistinct({ url: books.coverImage })
    .from(books)
    .where(and(isNull(books.coverBytes), like(books.coverImage, `${UPLOADED_COVER_PREFIX}%`)));
  for (const { url } of covers) {
    const bytes = (await coverFileSize(url!)) ?? 0;
    await db().update(books).set({ coverBytes: bytes }).where(eq(books.coverImage, url!));
  }
  return thumbs.length + covers.length;
}

/** Removes an uploaded cover's file once no book uses it any more (copies share covers). */
export async function deleteCoverIfUnused(url: string | null | undefined): Promise<void> {
  const key = url ? coverKey(url) : null;
  if (!key || (await isCoverInUse(url!))) return;
  await removeStoredObjects([coverObject(key)]);
}

// A story holds a handful of photos and recordings; the cap only keeps one request bounded.
const STORY_MEDIA_LIMIT = 200;

/** What the API and the pages see of a media row (docs/product.md §3): the storage key stays on the server. */
export type MediaView = {
  id: number;
  storyId: number;
  type: "image" | "audio";
  url: string;
  description: string;
  transcription: string | null;
  filename: string;
  mimeType: string;
  size: number;
  /** A recording's length, measured when it was kept; null for a photo, or a recording whose file does not tell. */
  durationMs: number | null;
  createdAt: Date;
};

const viewColumns = {
  id: media.id,
  storyId: media.storyId,
  type: media.type,
  description: media.description,
  transcription: media.transcription,
  filename: media.filename,
  mimeType: media.mimeType,
  size: media.size,
  durationMs: media.durationMs,
  createdAt: media.createdAt,
};

const mediaUrl = (id: number) => `/api/media/render/id:${id}`;

function toView<T extends { id: number }>(row: T): T & { url: string } {
  return { ...row, url: mediaUrl(row.id) };
}

/**
 * A story's media, oldest first, only through its book's owner (anyone else gets an empty list).
 * The browser reaches a file through /api/media/render.
 */
export async function listStoryMedia({ storyId, userId }: { storyId: number; userId: number }): Promise<MediaView[]> {
  return (
    await db()
      .select(viewColumns)
      .from(media)
      .innerJoin(stories, eq(stories.id, media.storyId))
      .innerJoin(books, eq(books.id, stories.bookId))
      .where(and(eq(media.storyId, storyId), eq(books.userId, userId)))
      .orderBy(asc(media.createdAt), asc(media.id))
      .limit(STORY_MEDIA_LIMIT)
  ).map(toView);
}

/** The media of several stories (a topic page's cards) in one query, oldest first, grouped by story. */
export async function listMediaOfStories(storyIds: number[]): Promise<Map<number, MediaView[]>> {
  const grouped = new Map<number, MediaView[]>();
  if (storyIds.length === 0) return grouped;
  const rows = await db()
    .select(viewColumns)
    .from(media)
    .where(inArray(media.storyId, storyIds))
    .orderBy(asc(media.createdAt), asc(media.id));
  for (const row of rows) {
    const list = grouped.get(row.storyId) ?? [];
    list.push(toView(row));
    grouped.set(row.storyId, list);
  }
  return grouped;
}

/** A media item with the book it belongs to, for its owner or the admin; anyone else gets null. */
export async function getMedia({
  mediaId,
  userId,
  admin = false,
}: {
  mediaId: number;
  userId: number;
  admin?: boolean;
}): Promise<(MediaView & { storageKey: string; bookId: number }) | null> {
  const row = (
    await db()
      .select({ ...viewColumns, storageKey: media.storageKey, bookId: stories.bookId, ownerId: books.userId })
      .from(media)
      .innerJoin(stories, eq(stories.id, media.storyId))
      .innerJoin(books, eq(books.id, stories.bookId))
      .where(eq(media.id, mediaId))
  )[0];
  if (!row || (row.ownerId !== userId && !admin)) return null;
  const { ownerId: _owner, ...rest } = row;
  return toView(rest);
}

/** The user's own newest media with this exact description: the fallback address of an image (docs/product.md §7). */
export async function findMediaByDescription({
  description,
  userId,
}: {
  description: string;
  userId: number;
}): Promise<{ id: number } | null> {
  // A NUL names no description: none holds one (PostgreSQL's text cannot), and PostgreSQL refuses to compare it.
  if (description.includes("\u0000")) return null;
  return (
    (
      await db()
        .select({ id: media.id })
        .from(media)
        .innerJoin(stories, eq(stories.id, media.storyId))
        .innerJoin(books, eq(books.id, stories.bookId))
        .where(and(eq(books.userId, userId), eq(media.description, description)))
        .orderBy(desc(media.createdAt), desc(media.id))
        .limit(1)
    )[0] ?? null
  );
}

/** A story's hasAudio / hasImages follow the media it actually has. */
async function syncStoryFlags(tx: Tx, storyId: number): Promise<void> {
  const counts = await tx
    .select({ type: media.type, n: count() })
    .from(media)
    .where(eq(media.storyId, storyId))
    .groupBy(media.type);
  const has = (type: Media["type"]) => counts.some((row) => row.type === type && row.n > 0);
  await tx
    .update(stories)
    .set({ hasAudio: has("audio"), hasImages: has("image") })
    .where(eq(stories.id, storyId));
}

/** "IMG_2031 bà nội.jpg" → "IMG 2031 bà nội": an image's description until its owner writes one. */
export function descriptionFromFilename(filename: string): string {
  return filename
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    .replace(/[_]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MEDIA_DESCRIPTION_MAX);
}

type NewMedia = {
  storyId: number;
  userId: number;
  type: Media["type"];
  /** The uploaded file on disk (a temporary file of the request), the name it came with, and its bytes. */
  upload: { path: string; filename: string; size?: number };
  description?: string;
  /** An image's description when neither the form nor the file name gives one. */
  fallbackDescription: string;
};

/**
 * Adds a photo or a recording to a story of the user's. The story is checked first, then the file by
 * its bytes (400 when it is not the type it should be), then the row is written with the story's flags.
 * If the story went away meanwhile, or the file takes the user past the storage quota (413), the stored
 * file is removed again: nothing is left half-written.
 */
export async function addStoryMedia({
  storyId,
  userId,
  type,
  upload,
  description,
  fallbackDescription,
}: NewMedia): Promise<MediaView> {
  // A read: the story is checked again in the transaction that writes the row.
  await ownedStory(db(), storyId, userId);
  // A recording is kept as it came, so its size is known now; a photo's only once it is re-encoded.
  await assertRoomFor(userId, type === "audio" ? (upload.size ?? 0) : 0);
  const stored: StoredFile = type === "image" ? await storeImage(upload.path) : await storeAudio(upload.path);
  const filename = upload.filename.slice(0, 255);
  const text =
    description?.trim().slice(0, MEDIA_DESCRIPTION_MAX) ||
    (type === "image" ? descriptionFromFilename(filename) || fallbackDescription : "");
  try {
    return await transaction(async (tx) => {
      const story = await ownedStory(tx, storyId, userId);
      const row = (
        await tx
          .insert(media)
          .values({
            storyId,
            type,
            storageKey: stored.storageKey,
            mimeType: stored.mimeType,
            filename,
            size: stored.size,
            thumbSize: stored.thumbSize,
            width: stored.width,
            height: stored.height,
            durationMs: stored.durationMs,
            description: text,
          })
          .returning(viewColumns)
      )[0]!;
      await assertWithinQuota(tx, userId);
      await syncStoryFlags(tx, storyId);
      await logBookChange(tx, story.bookId, {
        userId,
        action: "create",
        resource: "media",
        details: { id: row.id, storyId, type },
      });
      return toView(row);
    });
  } catch (error) {
    await deleteMediaFiles([stored.storageKey]);
    throw error;
  }
}

/** Stores the text a recording was turned into. */
export async function setTranscription({ mediaId, text }: { mediaId: number; text: string }): Promise<void> {
  await db().update(media).set({ transcription: text }).where(eq(media.id, mediaId));
}

async function ownedMedia(tx: Tx, mediaId: number, userId: number) {
  const row = (
    await tx
      .select({ media, bookId: stories.bookId })
      .from(media)
      .innerJoin(stories, eq(stories.id, media.storyId))
      .innerJoin(books, eq(books.id, stories.bookId))
      .where(and(eq(media.id, mediaId), eq(books.userId, userId)))
  )[0];
  if (!row) throw new AppError(404, "media.notFound");
  return row;
}

/** Changes a media item's description; an image keeps one (docs/product.md §3), so it cannot be blank. */
export async function updateMediaDescription({
  mediaId,
  userId,
  description,
}: {
  mediaId: number;
  userId: number;
  description: string;
}): Promise<MediaView> {
  return transaction(async (tx) => {
    const current = await ownedMedia(tx, mediaId, userId);
    const text = description.trim().slice(0, MEDIA_DESCRIPTION_MAX);
    if (!text && current.media.type === "image") throw new AppError(400, "media.descriptionRequired", "description");
    const row = (
      await tx.update(media).set({ description: text }).where(eq(media.id, mediaId)).returning(viewColumns)
    )[0]!;
    await logBookChange(tx, current.bookId, {
      userId,
      action: "update",
      resource: "media",
      details: { id: mediaId, storyId: row.storyId },
    });
    return toView(row);
  });
}

/** Deletes a media item and then its files; the story's flags follow. */
export async function deleteMedia({
  mediaId,
  userId,
}: {
  mediaId: number;
  userId: number;
}): Promise<{ storyId: number; bookId: number }> {
  const { storageKey, storyId, bookId } = await transaction(async (tx) => {
    const current = await ownedMedia(tx, mediaId, userId);
    await tx.delete(media).where(eq(media.id, mediaId));
    await syncStoryFlags(tx, current.media.storyId);
    await logBookChange(tx, current.bookId, {
      userId,
      action: "delete",
      resource: "media",
      details: { id: mediaId, storyId: current.media.storyId, type: current.media.type },
    });
    return { storageKey: current.media.storageKey, storyId: current.media.storyId, bookId: current.bookId };
  });
  await deleteMediaFiles([storageKey]);
  return { storyId, bookId };
}
