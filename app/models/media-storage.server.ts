import crypto from "node:crypto";
import fs from "node:fs/promises";
import { createReadStream, openAsBlob } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { env } from "~/lib/env.server";
import { ensurePrivateDir, keepPrivate, writePrivateFile } from "~db/private-files.server";
import { AppError } from "~/lib/errors";
import { MEDIA_EXTENSIONS, sniffAudio, sniffImage, type AudioType } from "~/lib/sniff";
import { isPlainWebp } from "~/lib/webp";

// The files of story media: every byte on disk goes through this module (docs/architecture.md, Conventions: media), so
// storage can
// move to object storage behind the same functions.

/** An image's web size: sharp enough on a tablet, small enough for a slow phone. */
const IMAGE_WEB_SIZE = 1600;
/** Story cards and the media list show thumbnails of this size. */
const IMAGE_THUMB_SIZE = 320;
// Decoding more pixels than a 50-megapixel photo is refused rather than allowed to take the memory.
const MAX_INPUT_PIXELS = 50_000_000;

const KEY = /^([a-f0-9]{32})\.([a-z0-9]{2,4})$/;

export type MediaVariant = "full" | "thumb";
/** A kept file: `size` is the file's bytes, `thumbSize` its thumbnail's (0 without one), both counted by the quota. */
export type StoredFile = { storageKey: string; mimeType: string; size: number; thumbSize: number };

export function mediaFilesDir(): string {
  return path.join(env().dataDir, "media", "files");
}

/** Uploads stream into this folder first, on the same disk, so keeping one is a rename. */
export function uploadTmpDir(): string {
  return path.join(env().dataDir, "media", "tmp");
}

function newKey(): string {
  return crypto.randomBytes(16).toString("hex");
}

/** The path of a stored file; null for anything that is not a key this module made. */
export function mediaFilePath(storageKey: string, variant: MediaVariant = "full"): string | null {
  const match = KEY.exec(storageKey);
  if (!match) return null;
  return path.join(mediaFilesDir(), variant === "thumb" ? `${match[1]}.thumb.${match[2]}` : storageKey);
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

async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  await writePrivateFile(`${file}.tmp`, bytes);
  await fs.rename(`${file}.tmp`, file);
}

/**
 * Keeps an uploaded image: checked by its bytes (JPEG, PNG, GIF or WEBP), then re-encoded, which
 * turns it upright, drops its metadata (GPS included) and anything hidden in it, at a web size and
 * as a thumbnail. The upload itself is not kept.
 */
export async function storeImage(upload: string): Promise<StoredFile> {
  if (!sniffImage(await head(upload))) throw new AppError(400, "media.notImage", "file", "media.notImageTitle");
  let web: Buffer;
  let thumb: Buffer;
  try {
    const image = sharp(upload, { animated: false, limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    web = await image
      .clone()
      .resize({ width: IMAGE_WEB_SIZE, height: IMAGE_WEB_SIZE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
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
  await ensurePrivateDir(mediaFilesDir());
  await writeAtomically(mediaFilePath(storageKey, "thumb")!, thumb);
  await writeAtomically(mediaFilePath(storageKey)!, web);
  return { storageKey, mimeType: "image/webp", size: web.byteLength, thumbSize: thumb.byteLength };
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
    try {
      const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      const plain = meta.format === "webp" && (meta.pages ?? 1) === 1 && !meta.exif && !meta.icc && !meta.xmp;
      if (plain && meta.width <= IMAGE_WEB_SIZE && meta.height <= IMAGE_WEB_SIZE) {
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
      await ensurePrivateDir(mediaFilesDir());
      await writeAtomically(mediaFilePath(storageKey, "thumb")!, thumb);
      await fs.rename(file, mediaFilePath(storageKey)!);
      await keepPrivate(mediaFilePath(storageKey)!);
      return { storageKey, mimeType: "image/webp", size: bytes.byteLength, thumbSize: thumb.byteLength };
    }
  }
  return storeImage(file);
}

/** Keeps an uploaded recording as it is, once its bytes show it is audio (WebM, Ogg, MP4/M4A, MP3 or WAV). */
export async function storeAudio(upload: string): Promise<StoredFile & { mimeType: AudioType }> {
  const mimeType = sniffAudio(await head(upload));
  if (!mimeType) throw new AppError(400, "media.notAudio", "file", "media.notAudioTitle");
  const storageKey = `${newKey()}.${MEDIA_EXTENSIONS[mimeType]}`;
  await ensurePrivateDir(mediaFilesDir());
  await fs.rename(upload, mediaFilePath(storageKey)!);
  await keepPrivate(mediaFilePath(storageKey)!);
  const { size } = await fs.stat(mediaFilePath(storageKey)!);
  return { storageKey, mimeType, size, thumbSize: 0 };
}

/** A stored file as a Blob backed by the disk: read as it is used (sent to an AI server), never held whole. */
export async function openMediaBlob(storageKey: string): Promise<Blob> {
  const file = mediaFilePath(storageKey);
  if (!file) throw new AppError(404, "errors.notFound");
  return openAsBlob(file);
}

/** The size of a stored file, or null when it is not there (a thumbnail of an audio file, a lost file). */
export async function mediaFileSize(storageKey: string, variant: MediaVariant): Promise<number | null> {
  const file = mediaFilePath(storageKey, variant);
  if (!file) return null;
  const stat = await fs.stat(file).catch(() => null);
  return stat?.isFile() ? stat.size : null;
}

/** A stored file's bytes from `start` to `end` (inclusive), as a stream for a Response. */
export function mediaFileStream(
  storageKey: string,
  variant: MediaVariant,
  start: number,
  end: number,
): ReadableStream<Uint8Array> {
  const file = mediaFilePath(storageKey, variant);
  if (!file) throw new AppError(404, "errors.notFound");
  return Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream<Uint8Array>;
}

/** Removes stored files and their thumbnails (keys are server-made; anything else is ignored). */
export async function deleteMediaFiles(keys: string[]): Promise<void> {
  const files = keys
    .flatMap((key) => [mediaFilePath(key), mediaFilePath(key, "thumb")])
    .filter((file): file is string => file !== null);
  await Promise.all(files.map((file) => fs.rm(file, { force: true })));
}
