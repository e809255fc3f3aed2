import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { db } from "~db/client.server";
import { books, media, stories } from "~db/schema";
import { COVER_MAX_BYTES, UPLOADED_COVER_PREFIX } from "~/lib/covers";
import { env } from "~/lib/env.server";
import { AppError } from "~/lib/errors";
import { sniffImage } from "~/lib/sniff";
import { isCoverInUse } from "./book.server";

// All file I/O for media stays in this module, so storage can move to object storage later.

const COVER_WIDTH = 600;
const COVER_HEIGHT = 900;

function coversDir(): string {
  return path.join(env().dataDir, "media", "covers");
}

function coverKey(url: string): string | null {
  if (!url.startsWith(UPLOADED_COVER_PREFIX)) return null;
  const key = url.slice(UPLOADED_COVER_PREFIX.length);
  return /^[a-f0-9]{32}$/.test(key) ? key : null;
}

/** Checks a cover by its bytes (type and size), without storing anything. */
export function assertCoverBytes(bytes: Uint8Array): void {
  if (bytes.byteLength > COVER_MAX_BYTES) throw new AppError(413, "books.tooLarge", "cover", "books.tooLargeTitle");
  if (!sniffImage(bytes)) throw new AppError(400, "books.formatError", "cover", "books.formatErrorTitle");
}

/**
 * Stores an uploaded cover: checked by its bytes, re-encoded (which also strips metadata and anything
 * hidden in the file) and resized to the cover size. Returns the URL the book keeps.
 */
export async function saveCover(bytes: Uint8Array): Promise<string> {
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
  const key = crypto.randomBytes(16).toString("hex");
  await fs.mkdir(coversDir(), { recursive: true });
  const file = path.join(coversDir(), `${key}.webp`);
  await fs.writeFile(`${file}.tmp`, webp);
  await fs.rename(`${file}.tmp`, file);
  return `${UPLOADED_COVER_PREFIX}${key}`;
}

export async function readCover(url: string): Promise<Buffer | null> {
  const key = coverKey(url);
  if (!key) return null;
  return fs.readFile(path.join(coversDir(), `${key}.webp`)).catch(() => null);
}

/** Removes an uploaded cover's file once no book uses it any more (copies share covers). */
export async function deleteCoverIfUnused(url: string | null | undefined): Promise<void> {
  const key = url ? coverKey(url) : null;
  if (!key || isCoverInUse(url!)) return;
  await fs.rm(path.join(coversDir(), `${key}.webp`), { force: true });
}

function mediaFilesDir(): string {
  return path.join(env().dataDir, "media", "files");
}

/** Removes the files of deleted media rows (keys are server-made; anything else is ignored). */
export async function deleteMediaFiles(keys: string[]): Promise<void> {
  await Promise.all(
    keys.filter((key) => /^[a-f0-9]{32}(\.[a-z0-9]+)?$/.test(key)).map((key) => fs.rm(path.join(mediaFilesDir(), key), { force: true })),
  );
}

// A story holds a handful of photos and recordings; the cap only keeps one request bounded.
export const STORY_MEDIA_LIMIT = 200;

export type StoryMediaView = { id: number; type: "image" | "audio"; filename: string; description: string; mimeType: string; size: number; createdAt: Date };

/**
 * A story's media, oldest first, only through its book's owner (anyone else gets an empty list).
 * The storage key stays on the server: the browser reaches a file through /api/media/render.
 */
export function listStoryMedia({ storyId, userId }: { storyId: number; userId: number }): StoryMediaView[] {
  return db()
    .select({
      id: media.id,
      type: media.type,
      filename: media.filename,
      description: media.description,
      mimeType: media.mimeType,
      size: media.size,
      createdAt: media.createdAt,
    })
    .from(media)
    .innerJoin(stories, eq(stories.id, media.storyId))
    .innerJoin(books, eq(books.id, stories.bookId))
    .where(and(eq(media.storyId, storyId), eq(books.userId, userId)))
    .orderBy(asc(media.createdAt), asc(media.id))
    .limit(STORY_MEDIA_LIMIT)
    .all();
}
