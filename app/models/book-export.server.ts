import { Readable } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import { asc, eq } from "drizzle-orm";
import yazl from "yazl";
import { db } from "~db/client.server";
import { books, type Language } from "~db/schema";
import { fastT } from "~/i18n/fast-t";
import resources from "~/i18n/resources";
import { translateKey } from "~/i18n/translate";
import { isPresetCover } from "~/lib/covers";
import { formatDate } from "~/lib/dates";
import { serverDisplayZone } from "~/platform/server-time-zone.server";
import {
  BOOK_FORMAT,
  KEEPSAKE_VERSION,
  LIBRARY_FORMAT,
  type KeepsakeDocument,
  type LibraryDocument,
} from "~/lib/keepsake-format";
import { attachmentDisposition, slugify } from "~/lib/keepsake-names";
import {
  bookJsonParts,
  HTML_JOIN,
  htmlParts,
  MARKDOWN_JOIN,
  markdownParts,
  renderLibraryIndex,
  type KeepsakeLabels,
} from "~/lib/keepsake-render";
import { textStream } from "~/platform/text-stream.server";
import { MEDIA_EXTENSIONS, type AudioType, type ImageType } from "~/lib/sniff";
import { readBookContentInTurns, type BookContent } from "./book-content.server";
import { mediaFileSize, mediaFileStream } from "./media-storage.server";
import { readCover } from "./media.server";

// A book, or all of a user's books, as a zip (ADR 0014): book.json (everything, machine-readable),
// book.md and book.html (readable, with the pictures) and media/ (the files as stored: full-size photos,
// recordings as recorded, the uploaded cover). The zip streams out as it is made: a file is read from
// the media store when its turn comes, so memory holds the book's text and one chunk of a file at a time. A book is
// read a few rows at a time and its three text files are written a piece at a time as the zip is read,
// with turns of the event loop in between: several large exports at once do not hold up other requests
// (ADR 0023).

type ExportFile = { name: string; storageKey: string; size: number } | { name: string; bytes: Buffer };
type BookExport = { doc: KeepsakeDocument; files: ExportFile[] };

const t = (language: Language) => fastT(language, resources[language].translation, resources.en.translation);

function keepsakeLabels(language: Language, exportedAt: Date): KeepsakeLabels {
  const tr = t(language);
  const label = (key: Parameters<typeof translateKey>[1], values?: Record<string, string>) =>
    translateKey(tr, key, values);
  return {
    contents: label("keepsake.contents"),
    draft: label("keepsake.draft"),
    archived: label("keepsake.archived"),
    question: label("keepsake.question"),
    recording: label("keepsake.recording"),
    transcription: label("keepsake.transcription"),
    exported: label("keepsake.exported", { date: formatDate(exportedAt, serverDisplayZone()) }),
    cover: label("keepsake.cover"),
    noStories: label("keepsake.noStories"),
  };
}

const iso = (date: Date) => date.toISOString();

/**
 * The document and the files of one book. Ids become local references (a question's `key`), storage
 * keys become readable file names (`media/003-ba-noi-o-hue.webp`), and nothing names a user. A photo or
 * recording whose file is missing on disk is left out (and logged) rather than making a zip that cannot
 * be imported again.
 */
export async function buildBookExport(content: BookContent, exportedAt: Date): Promise<BookExport> {
  const { book } = content;
  const files: ExportFile[] = [];
  let cover: KeepsakeDocument["book"]["cover"] = null;
  if (book.coverImage && isPresetCover(book.coverImage)) cover = { preset: book.coverImage };
  else if (book.coverImage) {
    const bytes = await readCover(book.coverImage);
    if (bytes) {
      cover = { file: "media/cover.webp" };
      files.push({ name: cover.file, bytes });
    }
  }

  const keys = new Map<number, string>();
  for (const topic of content.topics)
    for (const question of topic.questions) keys.set(question.id, `q${keys.size + 1}`);

  let counter = 0;
  const topics: KeepsakeDocument["topics"] = [];
  for (const topic of content.topics) {
    const stories: KeepsakeDocument["topics"][number]["stories"] = [];
    for (const story of topic.stories) {
      const media: KeepsakeDocument["topics"][number]["stories"][number]["media"] = [];
      for (const item of story.media) {
        const size = await mediaFileSize(item.storageKey, "full");
        if (size === null) {
          console.warn(`Export of book ${book.id}: the file of media ${item.id} is missing; it is left out.`);
          continue;
        }
        counter += 1;
        const extension = MEDIA_EXTENSIONS[item.mimeType as ImageType | AudioType] ?? item.storageKey.split(".")[1];
        const base = slugify(item.description || item.filename.replace(/\.[A-Za-z0-9]{1,5}$/, ""), {
          fallback: item.type === "image" ? "photo" : "recording",
        });
        const file = `media/${String(counter).padStart(3, "0")}-${base}.${extension}`;
        files.push({ name: file, storageKey: item.storageKey, size });
        media.push({
          file,
          type: item.type,
          mimeType: item.mimeType as KeepsakeDocument["topics"][number]["stories"][number]["media"][number]["mimeType"],
          description: item.description,
          transcription: item.transcription,
          filename: item.filename,
          createdAt: iso(item.createdAt),
        });
      }
      stories.push({
        title: story.title,
        content: story.content,
        refinedContent: story.refinedContent,
        status: story.status,
        question: story.questionId ? (keys.get(story.questionId) ?? null) : null,
        teller: story.source === "storyteller" ? { name: story.tellerName } : null,
        createdAt: iso(story.createdAt),
        updatedAt: iso(story.updatedAt),
        media,
      });
    }
    topics.push({
      title: topic.title,
      description: topic.description,
      preview: topic.preview,
      archived: topic.archived,
      createdAt: iso(topic.createdAt),
      updatedAt: iso(topic.updatedAt),
      questions: topic.questions.map((question) => ({
        key: keys.get(question.id)!,
        question: question.question,
        createdAt: iso(question.createdAt),
      })),
      stories,
    });
  }

  const doc: KeepsakeDocument = {
    format: BOOK_FORMAT,
    version: KEEPSAKE_VERSION,
    exportedAt: iso(exportedAt),
    book: {
      title: book.title,
      description: book.description,
      tone: book.tone,
      language: book.language,
      cover,
      createdAt: iso(book.createdAt),
      updatedAt: iso(book.updatedAt),
    },
    topics,
  };
  return { doc, files };
}

/**
 * Adds one book's files under `folder` ("" or "books/01-…/"). The text files are streams that are made
 * when the zip reaches them; media are stored as they are: they are compressed already.
 */
function addBook(zip: yazl.ZipFile, folder: string, { doc, files }: BookExport, exportedAt: Date): void {
  const labels = keepsakeLabels(doc.book.language, exportedAt);
  const mtime = exportedAt;
  zip.addReadStreamLazy(`${folder}book.json`, { mtime }, (done) =>
    done(null, textStream(bookJsonParts(doc), { separator: "", end: "" })),
  );
  zip.addReadStreamLazy(`${folder}book.md`, { mtime }, (done) =>
    done(null, textStream(markdownParts(doc, labels), MARKDOWN_JOIN)),
  );
  zip.addReadStreamLazy(`${folder}book.html`, { mtime }, (done) =>
    done(null, textStream(htmlParts(doc, labels), HTML_JOIN)),
  );
  for (const file of files) {
    // Read from the media store as the zip reaches the file: one file's stream open at a time.
    if ("storageKey" in file)
      zip.addReadStreamLazy(`${folder}${file.name}`, { compress: false, mtime, size: file.size }, (done) =>
        mediaFileStream(file.storageKey, "full", 0, Math.max(0, file.size - 1)).then(
          (stream) => done(null, Readable.fromWeb(stream as NodeWebStream)),
          (error: Error) => done(error, undefined as unknown as Readable),
        ),
      );
    else zip.addBuffer(file.bytes, `${folder}${file.name}`, { compress: false, mtime });
  }
}

/**
 * A streamed zip download. `fill` adds the entries (it may be slow: the response starts at once);
 * if it fails, the download is cut off rather than ending as a zip that looks whole.
 */
function zipResponse(fileName: string, fill: (zip: yazl.ZipFile) => Promise<void>): Response {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  const fail = (error: unknown) => {
    console.error("Export failed", error);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  zip.on("error", fail);
  fill(zip).then(() => zip.end(), fail);
  return new Response(Readable.toWeb(output) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": attachmentDisposition(fileName),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** GET /api/books/{id}/export: the caller has checked the book is the user's. */
export async function exportBookResponse(bookId: number): Promise<Response | null> {
  const content = await readBookContentInTurns(bookId);
  if (!content) return null;
  const exportedAt = new Date();
  return zipResponse(`${content.book.title} - Heirloom.zip`, async (zip) =>
    addBook(zip, "", await buildBookExport(content, exportedAt), exportedAt),
  );
}

/**
 * GET /api/export: every book of the user, oldest first, each in its own folder `books/<n>-<slug>/`
 * laid out like a one-book export, with `library.json` (which folders, in order) and `index.html`
 * (a link to each book's page) at the top. One book is read from the database at a time.
 */
export async function exportLibraryResponse({
  userId,
  name,
  language,
}: {
  userId: number;
  name: string;
  language: Language;
}): Promise<Response> {
  const exportedAt = new Date();
  const list = await db()
    .select({ id: books.id, title: books.title })
    .from(books)
    .where(eq(books.userId, userId))
    .orderBy(asc(books.createdAt), asc(books.id));
  const folders = list.map((book, i) => ({
    id: book.id,
    title: book.title,
    folder: `books/${String(i + 1).padStart(2, "0")}-${slugify(book.title, { fallback: "book" })}/`,
  }));
  return zipResponse(`${name} - Heirloom.zip`, async (zip) => {
    const library: LibraryDocument = {
      format: LIBRARY_FORMAT,
      version: KEEPSAKE_VERSION,
      exportedAt: iso(exportedAt),
      books: [],
    };
    for (const entry of folders) {
      const content = await readBookContentInTurns(entry.id);
      if (!content) continue; // deleted meanwhile
      addBook(zip, entry.folder, await buildBookExport(content, exportedAt), exportedAt);
      library.books.push({ folder: entry.folder, title: entry.title });
    }
    zip.addBuffer(Buffer.from(`${JSON.stringify(library, null, 2)}\n`), "library.json", { mtime: exportedAt });
    const tr = t(language);
    zip.addBuffer(
      Buffer.from(
        renderLibraryIndex({
          language,
          title: translateKey(tr, "keepsake.libraryTitle"),
          exported: translateKey(tr, "keepsake.exported", { date: formatDate(exportedAt, serverDisplayZone()) }),
          books: library.books,
        }),
      ),
      "index.html",
      { mtime: exportedAt },
    );
  });
}
