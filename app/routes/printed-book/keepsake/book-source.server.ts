import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { Book, Media } from "~db/schema";
import type { StorytellerAddress } from "~db/storyteller-addresses";
import { fastT } from "~/i18n/fast-t";
import resources from "~/i18n/resources";
import { fallbackCover, isPresetCover } from "~/lib/covers";
import { clockDuration } from "~/lib/duration";
import { publicFile } from "~/http/public-file.server";
import { printableBookInTurns, type PrintableItem } from "~/models/book-print.server";
import { copyMediaFile, readMediaFile } from "~/models/media-storage.server";
import { readCover } from "~/models/media.server";
import { printCopies } from "~/models/print-copies.server";
import { jpegSize } from "~/routes/printed-book/layout/jpeg-size";
import {
  printedText as clean,
  type SourceBook,
  type SourceRecording,
  type SourceStoryLine,
  type WrittenLine,
} from "./source";

/**
 * What a keepsake is made from, without making it: the hash of everything in it (the key of its cached file) and
 * how much there is (the estimate of its length). Null when the book is not there.
 */
export type ScannedBook = { book: Book; storyteller: string | null; hash: string; counts: SourceBook["counts"] };

/**
 * Reads the book in turns (`printableBookInTurns`) and hashes it with `salt` (the keepsake, its options, the layout's
 * version, the share link's address): one story at a time, so that any length costs time, never memory.
 */
export async function scanBook(bookId: number, salt: unknown): Promise<ScannedBook | null> {
  const hash = crypto.createHash("sha256").update(JSON.stringify(salt));
  const counts = { chapters: 0, stories: 0, characters: 0, photos: 0, recordings: 0 };
  let head: { book: Book; storyteller: string | null } | null = null;
  for await (const item of printableBookInTurns(bookId)) {
    if (item.kind === "book") {
      head = item;
      const { title, description, language, coverImage } = item.book;
      hash.update(JSON.stringify([title, description, language, coverImage, item.storyteller]));
    } else if (item.kind === "topic") {
      counts.chapters++;
      hash.update(JSON.stringify(["topic", item.topic.title, item.topic.description]));
    } else {
      const { story } = item;
      counts.stories++;
      counts.characters += storyText(story).length;
      counts.photos += item.media.filter((entry) => entry.type === "image").length;
      counts.recordings += item.media.filter((entry) => entry.type === "audio").length;
      const mediaKey = (entry: Media) => [entry.id, entry.type, entry.storageKey, entry.description, entry.durationMs];
      // The long texts are hashed as they are, each after its length: no copy of them is made to be hashed.
      hash.update(JSON.stringify([story.id, story.title, item.address, item.media.map(mediaKey)]));
      for (const text of [story.content, story.refinedContent ?? ""]) hash.update(`${text.length}:`).update(text);
    }
  }
  if (!head) return null;
  return { ...head, hash: hash.digest("hex").slice(0, 32), counts };
}

/** What a keepsake's source holds besides the text. */
export type SourceOptions = {
  /** The share link's address, for the voice codes and the back cover's code. */
  shareUrl: string | null;
  /** The cover picture's box in pixels, 300 dpi of the page it is printed on. */
  coverBox: { width: number; height: number };
  /** Copies each recording into the folder, for the e-book, which carries them. */
  recordings: boolean;
};

/**
 * Writes a scanned book's source into `dir` (the job's own folder) and returns its file: the photos' print copies,
 * made where missing, the cover as a JPEG, and with `recordings` each recording's file.
 */
export async function writeBookSource(scanned: ScannedBook, dir: string, options: SourceOptions): Promise<string> {
  const file = path.join(dir, "source.ndjson");
  const out = fs.createWriteStream(file, { encoding: "utf8", mode: 0o600 });
  const closed = new Promise<void>((resolve, reject) => {
    out.on("finish", resolve);
    out.on("error", reject);
  });
  const write = async (line: WrittenLine) => {
    if (!out.write(`${JSON.stringify(line)}\n`))
      await new Promise<void>((resolve) => out.once("drain", () => resolve()));
  };
  const language = scanned.book.language;
  const lines = storyLines(language);
  try {
    for await (const item of printableBookInTurns(scanned.book.id)) {
      if (item.kind === "book") {
        await write({
          kind: "book",
          id: item.book.id,
          createdAt: new Date(item.book.createdAt).getTime(),
          title: clean(item.book.title),
          description: clean(item.book.description),
          language,
          storyteller: item.storyteller ? clean(item.storyteller) : null,
          cover: await coverFile(item.book, dir, options.coverBox),
          shareUrl: options.shareUrl,
          counts: scanned.counts,
        });
      } else if (item.kind === "topic") {
        await write({ kind: "chapter", title: clean(item.topic.title), description: clean(item.topic.description) });
      } else {
        await write(await sourceStory(item, dir, options, lines));
      }
    }
  } finally {
    out.end();
    await closed;
  }
  return file;
}

/** The lines printed beside a story's recordings, in the book's language. */
function storyLines(language: Book["language"]) {
  const t = fastT(language, resources[language].translation);
  const addressWords = resources[language].translation.storyteller.addresses;
  return {
    // "Bản ghi âm: 3:25": there is a recording, and how long, with a code to open it or without (issue 35).
    recording: (item: Media) =>
      item.durationMs
        ? t("printedBook.recording", { length: clockDuration(item.durationMs) })
        : t("printedBook.recordingNoLength"),
    voice: (address: StorytellerAddress | null) =>
      language === "vi" && address && address !== "ban"
        ? t("printedBook.voiceBy", { address: addressWords[address] })
        : t("printedBook.voice"),
  };
}

async function sourceStory(
  item: Extract<PrintableItem, { kind: "story" }>,
  dir: string,
  options: SourceOptions,
  lines: ReturnType<typeof storyLines>,
): Promise<SourceStoryLine> {
  const { story } = item;
  const copies = await printCopies(item.media, readMediaFile);
  const photos = [];
  for (const entry of item.media) {
    const file = copies.get(entry.id);
    if (!file) continue;
    // The print copy has the stored photo's pixels: its row says how many, or else its JPEG header does. No image
    // library runs on the server for it.
    const size = entry.width && entry.height ? { width: entry.width, height: entry.height } : await headerSize(file);
    if (size) photos.push({ mediaId: entry.id, file, caption: clean(entry.description), ...size });
  }
  const recordings: SourceRecording[] = [];
  for (const entry of item.media.filter((candidate) => candidate.type === "audio")) {
    let file: string | null = null;
    if (options.recordings) {
      const target = path.join(dir, `recording-${entry.id}`);
      file = (await copyMediaFile(entry.storageKey, target)) ? target : null;
    }
    recordings.push({
      mediaId: entry.id,
      file,
      mimeType: entry.mimeType,
      durationMs: entry.durationMs,
      line: lines.recording(entry),
    });
  }
  return {
    kind: "story",
    id: story.id,
    title: clean(story.title),
    // As it was kept: the keepsake's process composes it (`openSource`).
    text: storyText(story),
    photos,
    recordings,
    voice:
      options.shareUrl && recordings.length
        ? { url: `${options.shareUrl}#story-${story.id}`, line: lines.voice(item.address) }
        : null,
  };
}

/** A JPEG file's pixel size from its first bytes, where its frame header is; null when it cannot be read. */
async function headerSize(file: string): Promise<{ width: number; height: number } | null> {
  const handle = await fsp.open(file, "r").catch(() => null);
  if (!handle) return null;
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(65_536), 0, 65_536, 0);
    return jpegSize(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/** The text a story is printed with: its refined version when there is one. */
function storyText(story: { content: string; refinedContent: string | null }): string {
  return story.refinedContent?.trim() ? story.refinedContent : story.content;
}

/** The cover as a JPEG at 300 dpi of the page at most, prepared with sharp off the event loop; null without one. */
async function coverFile(book: Book, dir: string, box: SourceOptions["coverBox"]): Promise<string | null> {
  const url = book.coverImage ?? fallbackCover(book.id);
  const input = isPresetCover(url) ? publicFile(url) : await readCover(url);
  if (!input) return null;
  const file = path.join(dir, "cover.jpg");
  try {
    await sharp(input, { limitInputPixels: 50_000_000 })
      .flatten({ background: "#ffffff" })
      .resize({ ...box, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 86 })
      .toFile(file);
    return file;
  } catch {
    return null;
  }
}
