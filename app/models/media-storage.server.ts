import crypto from "node:crypto";
import fs from "node:fs/promises";
import { openAsBlob } from "node:fs";
import path from "node:path";
import { asc, inArray } from "drizzle-orm";
import { parseFile } from "music-metadata";
import sharp, { type OutputInfo } from "sharp";
import { env } from "~/platform/env.server";
import { db } from "~db/client.server";
import { type MediaStore, MediaStoreUnavailable, mediaStore } from "~db/media-store/index.server";
import type { Source } from "~db/media-store/store";
import { mediaDeletions } from "~db/schema";
import { AppError } from "~/lib/errors";
import { MEDIA_EXTENSIONS, sniffAudio, sniffImage, type AudioType } from "~/lib/sniff";
import { isPlainWebp } from "~/lib/webp";
import { makePrintCopy, printCopyPath } from "./print-copies.server";

// The files of story media: every stored byte goes through this module and the media store (ADR 0033), on
// DATA_DIR's disk or in an S3-compatible bucket alike.

/** An image's web size: sharp enough on a tablet, small enough for a slow phone. */
const IMAGE_WEB_SIZE = 1600;
/** Story cards and the media list show thumbnails of this size. */
const IMAGE_THUMB_SIZE = 320;
// Decoding more pixels than a 50-megapixel photo is refused rather than allowed to take the memory.
const MAX_INPUT_PIXELS = 50_000_000;

const KEY = /^([a-f0-9]{32})\.([a-z0-9]{2,4})$/;

export type MediaVariant = "full" | "thumb";
/** What a page needs to show a kept file before it loads: a photo's pixels, a recording's length. */
export type MediaMeasures = { width: number | null; height: number | null; durationMs: number | null };
/** A kept file: `size` is the file's bytes, `thumbSize` its thumbnail's (0 without one), both counted by the quota. */
export type StoredFile = { storageKey: string; mimeType: string; size: number; thumbSize: number } & MediaMeasures;

const NO_MEASURES: MediaMeasures = { width: null, height: null, durationMs: null };

export function mediaFilesDir(): string {
  return path.join(env().dataDir, "media", "files");
}

/** Uploads stream into this folder first, on the same disk as DATA_DIR/media, so keeping one on disk is a rename. */
export function uploadTmpDir(): string {
  return path.join(env().dataDir, "media", "tmp");
}

function newKey(): string {
  return crypto.randomBytes(16).toString("hex");
}

/** The store's key of a stored file; null for anything that is not a key this module made. */
function objectKey(storageKey: string, variant: MediaVariant = "full"): string | null {
  const match = KEY.exec(storageKey);
  if (!match) return null;
  return `files/${variant === "thumb" ? `${match[1]}.thumb.${match[2]}` : storageKey}`;
}

/** The stored file an object of the store belongs to (the file itself or its thumbnail); null for any other name. */
export function storageKeyOfObject(object: string): string | null {
  if (!object.startsWith("files/")) return null;
  const storageKey = object.slice("files/".length).replace(/^([a-f0-9]{32})\.thumb\./, "$1.");
  return KEY.test(storageKey) ? storageKey : null;
}

/**
 * Runs `work` with the media store; a store that cannot be reached is a 503 in the user's language, after which
 * nothing was kept.
 */
export async function withMediaStore<T>(work: (store: MediaStore) => Promise<T>): Promise<T> {
  try {
    return await work(await mediaStore());
  } catch (error) {
    if (error instanceof MediaStoreUnavailable) {
      console.error("The media store cannot be reached", error.cause);
      throw new AppError(503, "media.storeUnavailable", undefined, "media.storeUnavailableTitle");
    }
    throw error;
  }
}

async function head(file: string): Promise<Uint8Array> {
  const handle = await fs.open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(new Uint8Array(64), 0, 64, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Keeps a photo's web file and thumbnail: the thumbnail first, so a kept photo always has one. When the web file
 * cannot be kept, the thumbnail goes too (now, or once the store answers again): nothing is left half-kept.
 */
async function keepPhoto(storageKey: string, web: Source, thumb: Buffer): Promise<void> {
  await withMediaStore(async (store) => {
    await store.put(objectKey(storageKey, "thumb")!, { bytes: thumb }, "image/webp");
    try {
      await store.put(objectKey(storageKey)!, web, "image/webp");
    } catch (error) {
      await removeStoredObjects([objectKey(storageKey, "thumb")!]);
      throw error;
    }
  });
}

/**
 * Keeps an uploaded image: checked by its bytes (JPEG, PNG, GIF or WEBP), then re-encoded, which
 * turns it upright, drops its metadata (GPS included) and anything hidden in it, at a web size and
 * as a thumbnail. The upload itself is not kept.
 */
export async function storeImage(upload: string): Promise<StoredFile> {
  if (!sniffImage(await head(upload))) throw new AppError(400, "media.notImage", "file", "media.notImageTitle");
  let web: { data: Buffer; info: OutputInfo };
  let thumb: Buffer;
  try {
    const image = sharp(upload, { animated: false, limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    web = await image
      .clone()
      .resize({ width: IMAGE_WEB_SIZE, height: IMAGE_WEB_SIZE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    thumb = await image
      .clone()
      .resize({ width: IMAGE_THUMB_SIZE, height: IMAGE_THUMB_SIZE, fit: "cover" })
      .webp({ quality: 70 })
      .toBuffer();
  } catch {
    // The signature matched but the image does not decode: it is not the image it claims to be.
    throw new AppError(400, "media.notImage", "file", "media.notImageTitle");
  }
  const storageKey = `${newKey()}.webp`;
  await keepPhoto(storageKey, { bytes: web.data }, thumb);
  // The printed book's copy, made now rather than on the book's first printing (ADR 0029); should it fail, that
  // printing makes it.
  await makePrintCopy(storageKey, web.data).catch(() => false);
  const { width, height } = web.info;
  return {
    storageKey,
    mimeType: "image/webp",
    size: web.data.byteLength,
    thumbSize: thumb.byteLength,
    width,
    height,
    durationMs: null,
  };
}

/**
 * Keeps an image from an imported zip (ADR 0014). A photo Heirloom stored itself (a plain still WebP at
 * most the web size, no metadata, that decodes) is kept byte for byte, so an export imported again is
 * the same photo and not a re-encoded copy of it; its thumbnail is made afresh, which decodes it whole.
 * Anything else goes through `storeImage` like an upload: checked by its bytes and re-encoded.
 */
export async function storeImportedImage(file: string): Promise<StoredFile> {
  const bytes = await fs.readFile(file);
  if (isPlainWebp(bytes)) {
    let thumb: Buffer | null = null;
    let size = { width: 0, height: 0 };
    try {
      const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      const plain = meta.format === "webp" && (meta.pages ?? 1) === 1 && !meta.exif && !meta.icc && !meta.xmp;
      if (plain && meta.width <= IMAGE_WEB_SIZE && meta.height <= IMAGE_WEB_SIZE) {
        size = { width: meta.width, height: meta.height };
        thumb = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
          .resize({ width: IMAGE_THUMB_SIZE, height: IMAGE_THUMB_SIZE, fit: "cover" })
          .webp({ quality: 70 })
          .toBuffer();
      }
    } catch {
      thumb = null; // it does not decode: storeImage refuses it below
    }
    if (thumb) {
      const storageKey = `${newKey()}.webp`;
      // Kept as it is: on disk the imported file is moved into place, not written again.
      await keepPhoto(storageKey, { file }, thumb);
      return {
        storageKey,
        mimeType: "image/webp",
        size: bytes.byteLength,
        thumbSize: thumb.byteLength,
        ...size,
        durationMs: null,
      };
    }
  }
  return storeImage(file);
}

/** Keeps an uploaded recording as it is, once its bytes show it is audio (WebM, Ogg, MP4/M4A, MP3 or WAV). */
export async function storeAudio(upload: string): Promise<StoredFile & { mimeType: AudioType }> {
  const mimeType = sniffAudio(await head(upload));
  if (!mimeType) throw new AppError(400, "media.notAudio", "file", "media.notAudioTitle");
  const storageKey = `${newKey()}.${MEDIA_EXTENSIONS[mimeType]}`;
  // Measured here, on this machine's copy, before the store takes it.
  const { size } = await fs.stat(upload);
  const durationMs = await recordingLength(upload);
  await withMediaStore((store) => store.put(objectKey(storageKey)!, { file: upload }, mimeType));
  return { storageKey, mimeType, size, thumbSize: 0, ...NO_MEASURES, durationMs };
}

/**
 * A recording's length in milliseconds, read from its bytes by music-metadata (which also walks a WebM from
 * MediaRecorder, whose header has none); null when its container does not tell.
 */
async function recordingLength(file: string): Promise<number | null> {
  try {
    const { format } = await parseFile(file, { duration: true, skipCovers: true });
    const ms = Math.round((format.duration ?? Number.NaN) * 1000);
    return Number.isFinite(ms) && ms > 0 ? ms : null;
  } catch {
    return null;
  }
}

/**
 * Measures a file kept before its measures were (migration 0006): a photo's pixels from its header, a
 * recording's length from its bytes. All null when the file is missing or does not tell.
 */
export async function measureStoredFile(storageKey: string, type: "image" | "audio"): Promise<MediaMeasures> {
  const key = objectKey(storageKey);
  if (!key) return NO_MEASURES;
  const measured = await withMediaStore((store) =>
    store.withLocalFile(key, async (file): Promise<MediaMeasures> => {
      if (type === "audio") return { ...NO_MEASURES, durationMs: await recordingLength(file) };
      const meta = await sharp(file)
        .metadata()
        .catch(() => null);
      return meta ? { width: meta.width, height: meta.height, durationMs: null } : NO_MEASURES;
    }),
  );
  return measured ?? NO_MEASURES;
}

/**
 * Runs `use` with a stored file as a Blob backed by a file on this machine: read as it is used (sent to an AI server),
 * never held whole. Null when the file is not there.
 */
export async function withMediaBlob<T>(storageKey: string, use: (blob: Blob) => Promise<T>): Promise<T | null> {
  const key = objectKey(storageKey);
  if (!key) return null;
  return withMediaStore((store) => store.withLocalFile(key, async (file) => use(await openAsBlob(file))));
}

/** A stored file's bytes, or null when it is not there (an export reads each photo and recording this way). */
export async function readMediaFile(storageKey: string): Promise<Buffer | null> {
  const key = objectKey(storageKey);
  return key ? withMediaStore((store) => store.readBytes(key)) : null;
}

/**
 * Copies a stored file to `target` on this machine (a keepsake's process reads it there, issue 38), streamed and never
 * held whole; false when it is not there.
 */
export async function copyMediaFile(storageKey: string, target: string): Promise<boolean> {
  const key = objectKey(storageKey);
  if (!key) return false;
  const copied = await withMediaStore((store) =>
    store.withLocalFile(key, async (file) => {
      await fs.copyFile(file, target);
      return true;
    }),
  );
  return copied === true;
}

/** The size of a stored file, or null when it is not there (a thumbnail of an audio file, a lost file). */
export async function mediaFileSize(storageKey: string, variant: MediaVariant): Promise<number | null> {
  const key = objectKey(storageKey, variant);
  if (!key) return null;
  return (await withMediaStore((store) => store.stat(key)))?.size ?? null;
}

/** A stored file's bytes from `start` to `end` (inclusive), as a stream for a Response. */
export async function mediaFileStream(
  storageKey: string,
  variant: MediaVariant,
  start: number,
  end: number,
): Promise<ReadableStream<Uint8Array>> {
  const key = objectKey(storageKey, variant);
  const stream = key ? await withMediaStore((store) => store.read(key, start, end)) : null;
  if (!stream) throw new AppError(404, "media.notFound");
  return stream;
}

/**
 * Removes objects from the store once what named them is gone (a story, a book, a user: already deleted and
 * committed). A store out of reach does not undo that: the keys are kept in `media_deletions`, and
 * `retryMediaDeletions` removes them when the store answers again.
 */
export async function removeStoredObjects(keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  try {
    await (await mediaStore()).remove(keys);
  } catch (error) {
    if (!(error instanceof MediaStoreUnavailable)) throw error;
    await db()
      .insert(mediaDeletions)
      .values(keys.map((key) => ({ key })))
      .onConflictDoNothing();
    console.error(`The media store cannot be reached: ${keys.length} file(s) will be removed when it can`, error.cause);
  }
}

// Keys removed per request to the store when deletions are retried.
const RETRY_BATCH = 500;

/** Removes the files whose deletion waited for the store; the number removed (0 while it is still out of reach). */
export async function retryMediaDeletions(): Promise<number> {
  let removed = 0;
  for (;;) {
    const keys = (
      await db()
        .select({ key: mediaDeletions.key })
        .from(mediaDeletions)
        .orderBy(asc(mediaDeletions.createdAt), asc(mediaDeletions.key))
        .limit(RETRY_BATCH)
    ).map((row) => row.key);
    if (keys.length === 0) return removed;
    try {
      await (await mediaStore()).remove(keys);
    } catch (error) {
      if (error instanceof MediaStoreUnavailable) return removed;
      throw error;
    }
    await db().delete(mediaDeletions).where(inArray(mediaDeletions.key, keys));
    removed += keys.length;
  }
}

/** Removes stored files, their thumbnails and print copies (keys are server-made; anything else is ignored). */
export async function deleteMediaFiles(keys: string[]): Promise<void> {
  const stored = keys.flatMap((key) => [objectKey(key), objectKey(key, "thumb")]).filter((key) => key !== null);
  const copies = keys.map(printCopyPath).filter((file) => file !== null);
  await Promise.all(copies.map((file) => fs.rm(file, { force: true })));
  await removeStoredObjects(stored);
}
