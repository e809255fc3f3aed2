import crypto from "node:crypto";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import sharp from "sharp";
import type { Book, Media } from "~db/schema";
import { ensurePrivateDir, keepPrivate } from "~db/private-files.server";
import { fastT } from "~/i18n/fast-t";
import resources from "~/i18n/resources";
import { PAGE_GEOMETRY } from "~/routes/printed-book/layout/page-geometry";
import type { PrintImage, PrintJob, PrintSize, PrintStory } from "~/routes/printed-book/layout/print-job";
import { printBook } from "~/routes/printed-book/layout/print-book.server";
import { fallbackCover, isPresetCover } from "~/lib/covers";
import { clockDuration } from "~/lib/duration";
import { env } from "~/platform/env.server";
import { AppError } from "~/lib/errors";
import { publicFile } from "~/http/public-file.server";
import { storyParagraphs } from "~/lib/text";
import { printableBook, type PrintableBook } from "~/models/book-print.server";
import { readMediaFile } from "~/models/media-storage.server";
import { isFile as exists, printCopies } from "~/models/print-copies.server";
import { readCover } from "~/models/media.server";
import { printLinkFor } from "~/models/share.server";

/**
 * Bumped whenever the layout changes, so that books cached in the old one are made again: 2 prints a line for each
 * recording and keeps a title with its voice code (issue 35).
 */
const PRINT_FORMAT = 2;

const require = createRequire(import.meta.url);
const fontFile = (weight: string) => require.resolve(`@expo-google-fonts/noto-serif/${weight}/NotoSerif_${weight}.ttf`);
/** Noto Serif's full TrueType files: every Vietnamese letter with its diacritics is in them (ADR 0029). */
const FONTS = () => ({
  regular: fontFile("400Regular"),
  bold: fontFile("700Bold"),
  italic: fontFile("400Regular_Italic"),
});

export type PrintedBookFile = { file: string; size: number; etag: string; fileName: string; pages: number | null };

/**
 * The printed book as a PDF file (issue 19): from the cache while what it is made from is unchanged (its hash is
 * the key, as for the book preview), laid out in a worker thread otherwise. `linkAddress` makes the address of the
 * share link that the voice codes open. Callers check who may print the book.
 */
export async function printedBook({
  bookId,
  size,
  linkAddress,
}: {
  bookId: number;
  size: PrintSize;
  linkAddress: (token: string) => string;
}): Promise<PrintedBookFile> {
  const book = await printableBook(bookId);
  if (!book) throw new AppError(404, "books.notFound");
  if (book.topics.length === 0) throw new AppError(400, "printedBook.noStories");
  const link = await printLinkFor(bookId);
  const shareUrl = link ? linkAddress(link.token) : null;
  const hash = contentHash(book, size, shareUrl);
  const file = path.join(cacheDir(bookId), `${size}-${hash}.pdf`);
  const pages = await once(file, () => makeBook(book, size, shareUrl, file));
  const stat = await fs.stat(file);
  return { file, size: stat.size, etag: `"${hash}"`, fileName: `${book.book.title}.pdf`, pages };
}

function cacheDir(bookId: number): string {
  return path.join(env().dataDir, "cache", "printed-books", String(bookId));
}

/** Removes a deleted book's printed copies: a PDF holds its stories, which must not outlive it on disk. */
export async function forgetPrintedBook(bookId: number): Promise<void> {
  await fs.rm(cacheDir(bookId), { recursive: true, force: true });
}

/** Everything the PDF is made from, and the layout's version: a change to any of it makes a new book. */
function contentHash(book: PrintableBook, size: PrintSize, shareUrl: string | null): string {
  const hash = crypto.createHash("sha256");
  const mediaKey = (item: Media) => [item.id, item.type, item.storageKey, item.description, item.durationMs];
  hash.update(
    JSON.stringify([
      PRINT_FORMAT,
      size,
      shareUrl,
      [book.book.title, book.book.description, book.book.language, book.book.coverImage],
      book.topics.map((topic) => [
        topic.title,
        topic.description,
        topic.stories.map((story) => [
          story.id,
          story.title,
          story.content,
          story.refinedContent,
          book.addresses.get(story.id) ?? null,
          story.media.map(mediaKey),
        ]),
      ]),
    ]),
  );
  return hash.digest("hex").slice(0, 32);
}

const running = new Map<string, Promise<number | null>>();
let queue: Promise<unknown> = Promise.resolve();

/**
 * Makes the file unless it is there, once however many ask at the same time; one book is laid out at a time, so that
 * two downloads never take both of the machine's cores (and twice the memory) from everyone else.
 */
async function once(file: string, make: () => Promise<number>): Promise<number | null> {
  if (await exists(file)) return null;
  let pending = running.get(file);
  if (!pending) {
    const turn = queue.then(async () => ((await exists(file)) ? null : make()));
    queue = turn.catch(() => undefined);
    pending = turn.finally(() => running.delete(file));
    running.set(file, pending);
  }
  return pending;
}

async function makeBook(book: PrintableBook, size: PrintSize, shareUrl: string | null, file: string): Promise<number> {
  const job = await printJob(book, size, shareUrl);
  const dir = path.dirname(file);
  await ensurePrivateDir(dir);
  const partial = `${file}.${crypto.randomBytes(6).toString("hex")}.part`;
  try {
    const pages = await printBook(job, partial);
    // Written 0600 already; stated here too, whatever the umask took away.
    await keepPrivate(partial);
    await fs.rename(partial, file);
    await removeOlder(dir, size, file);
    return pages;
  } catch (error) {
    await fs.rm(partial, { force: true });
    console.error("Printing a book failed", error);
    throw new AppError(503, "printedBook.failed");
  }
}

/** The book's earlier PDFs at this size: a cache keeps the current one only. */
async function removeOlder(dir: string, size: PrintSize, keep: string): Promise<void> {
  const names = await fs.readdir(dir);
  await Promise.all(
    names
      .filter((name) => name.startsWith(`${size}-`) && name.endsWith(".pdf") && path.join(dir, name) !== keep)
      .map((name) => fs.rm(path.join(dir, name), { force: true })),
  );
}

async function printJob(book: PrintableBook, size: PrintSize, shareUrl: string | null): Promise<PrintJob> {
  const language = book.book.language;
  const t = fastT(language, resources[language].translation);
  const addressWords = resources[language].translation.storyteller.addresses;
  const voiceLine = (storyId: number) => {
    const address = book.addresses.get(storyId);
    return language === "vi" && address && address !== "ban"
      ? t("printedBook.voiceBy", { address: addressWords[address] })
      : t("printedBook.voice");
  };
  // "Bản ghi âm: 3:25": there is a recording, and how long, with a code to open it or without (issue 35).
  const recordingLine = (item: Media) =>
    item.durationMs
      ? t("printedBook.recording", { length: clockDuration(item.durationMs) })
      : t("printedBook.recordingNoLength");
  const photoFiles = await printCopies(
    book.topics.flatMap((topic) => topic.stories.flatMap((story) => story.media)),
    readMediaFile,
  );
  const chapters = await Promise.all(
    book.topics.map(async (topic) => ({
      title: clean(topic.title),
      description: clean(topic.description),
      stories: await Promise.all(
        topic.stories.map(
          async (story): Promise<PrintStory> => ({
            title: clean(story.title),
            paragraphs: storyParagraphs(clean(story.refinedContent?.trim() ? story.refinedContent : story.content)),
            photos: story.media.flatMap((item) => {
              const file = photoFiles.get(item.id);
              return file ? [{ file, caption: clean(item.description) }] : [];
            }),
            voice:
              shareUrl && story.media.some((item) => item.type === "audio")
                ? { url: `${shareUrl}#story-${story.id}`, line: voiceLine(story.id) }
                : null,
            recordings: story.media.filter((item) => item.type === "audio").map(recordingLine),
          }),
        ),
      ),
    })),
  );
  return {
    size,
    language,
    fonts: FONTS(),
    labels: { contents: t("printedBook.contents") },
    book: {
      title: clean(book.book.title),
      description: clean(book.book.description),
      cover: await coverImage(book.book, size),
    },
    chapters,
  };
}

/** Text as it is printed: composed (NFC), so that every Vietnamese letter is one glyph and extracts as written. */
function clean(text: string): string {
  return text
    .normalize("NFC")
    .replace(/\r\n?/g, "\n")
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, "")
    .trim();
}

/**
 * The cover as JPEG at 300 dpi of the page at most, prepared with sharp off the event loop. Photos are not prepared
 * here: the layout reads their print copies from disk one at a time (`printCopies`).
 */
async function coverImage(book: Book, size: PrintSize): Promise<PrintImage | null> {
  const page = PAGE_GEOMETRY[size];
  const box = { width: Math.round((page.width / 72) * 300), height: Math.round((page.height / 72) * 300) };
  const url = book.coverImage ?? fallbackCover(book.id);
  const input = isPresetCover(url) ? publicFile(url) : await readCover(url);
  if (!input) return null;
  try {
    const { data, info } = await sharp(input, { limitInputPixels: 50_000_000 })
      .flatten({ background: "#ffffff" })
      .resize({ ...box, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 86 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    return null;
  }
}
