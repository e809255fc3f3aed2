import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { type Tx, transaction } from "~db/client.server";
import { ensurePrivateDir } from "~db/private-files.server";
import type { MessageKey } from "~/i18n/types";
import { COVER_MAX_BYTES } from "~/lib/covers";
import { AppError } from "~/lib/errors";
import {
  countRows,
  exceededBound,
  IMPORT_BOUNDS,
  IMPORT_LIMITS,
  type KeepsakeDocument,
  type LibraryDocument,
  type RowBound,
  type RowCounts,
} from "~/lib/keepsake-format";
import { isDirectoryEntry } from "~/lib/keepsake-names";
import type { ParsedKeepsake } from "~/lib/keepsake-parse";
import { openKeepsakeParser, type KeepsakeParser } from "~/platform/keepsake-parser.server";
import { AUDIO_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_MAX_BYTES } from "~/lib/limits";
import { openSafeZip, ZipProblem, type SafeZip } from "~/platform/zip-read.server";
import { logActivity } from "./activity.server";
import { importRows, type ImportRows } from "./import-rows.server";
import {
  deleteMediaFiles,
  storeAudio,
  storeImportedImage,
  uploadTmpDir,
  type StoredFile,
} from "./media-storage.server";
import { deleteCoverIfUnused, saveImportedCover, type StoredCover } from "./media.server";
import { assertRoomFor, assertWithinQuota } from "./storage.server";

// An exported zip made into new books of the signed-in user (ADR 0014). Nothing in the zip is trusted:
// the zip reader refuses unsafe names and bombs, the schema refuses bad or oversized fields, every file
// is judged by its bytes like an upload. All checks that need no file run before anything is stored;
// then the files are stored, then every row of every book is written in one transaction. On any failure
// the stored files are removed again: an import adds everything or nothing.
// One import is bounded (IMPORT_BOUNDS, ADR 0023): its documents are parsed and checked in a worker
// thread, and its rows are few enough to be written in one short transaction with prepared statements,
// so that the largest import never holds up the server's other requests for long.

/** A refused import: a 400 whose message names what is wrong, e.g. the entry. */
export class KeepsakeError extends AppError {
  constructor(
    messageKey: MessageKey,
    readonly values: Record<string, string> = {},
  ) {
    super(400, messageKey, "file", "keepsake.importFailed");
    this.name = "KeepsakeError";
  }
}

/** An entry's name fit to show in a message: one line, not too long. */
const shown = (name: string) => {
  const line = name.replace(/[\u0000-\u001f\u007f]/g, "?");
  return line.length > 80 ? `${line.slice(0, 77)}…` : line;
};

function fromZipProblem(problem: ZipProblem): KeepsakeError {
  const file = shown(problem.entry ?? "");
  switch (problem.kind) {
    case "notZip":
      return new KeepsakeError("keepsake.notZip");
    case "unsafeName":
      return new KeepsakeError("keepsake.unsafeName", { file });
    case "duplicateName":
      return new KeepsakeError("keepsake.duplicateName", { file });
    case "tooManyEntries":
      return new KeepsakeError("keepsake.tooManyEntries");
    case "tooLarge":
      return new KeepsakeError("keepsake.unpackedTooLarge");
    case "encrypted":
    case "unsupported":
      return new KeepsakeError("keepsake.encrypted");
    case "damaged":
      return new KeepsakeError("keepsake.damaged");
  }
}

async function zipStep<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw error instanceof ZipProblem ? fromZipProblem(error) : error;
  }
}

type Plan = { folder: string; doc: KeepsakeDocument };
type FileKind = "image" | "audio" | "cover";
const CAPS: Record<FileKind, number> = {
  image: IMAGE_UPLOAD_MAX_BYTES,
  audio: AUDIO_UPLOAD_MAX_BYTES,
  cover: COVER_MAX_BYTES,
};

const TOO_MANY: Record<RowBound, MessageKey> = {
  books: "keepsake.tooManyBooks",
  topics: "keepsake.tooManyTopics",
  questions: "keepsake.tooManyQuestions",
  stories: "keepsake.tooManyStories",
  media: "keepsake.tooManyMedia",
};
const tooMany = (bound: RowBound) => new KeepsakeError(TOO_MANY[bound], { max: String(IMPORT_BOUNDS[bound]) });
const tooMuchText = () =>
  new KeepsakeError("keepsake.tooMuchText", { max: String(IMPORT_BOUNDS.jsonBytes / (1024 * 1024)) });

/**
 * The documents an import reads are within IMPORT_BOUNDS.jsonBytes together, by the sizes the zip
 * declares (the reads stop at them): checked before any is read. A missing one is refused when it is read.
 */
function checkTextSize(zip: SafeZip, names: string[]): void {
  const total = names.reduce((sum, name) => sum + (zip.entries.get(name)?.size ?? 0), 0);
  if (total > IMPORT_BOUNDS.jsonBytes) throw tooMuchText();
}

/** One document of the zip, read and then parsed and checked by the import's parser (a worker thread). */
async function readDocument(
  zip: SafeZip,
  parser: KeepsakeParser,
  name: string,
  expected: "book" | "library",
): Promise<KeepsakeDocument | LibraryDocument> {
  const bytes = await zipStep(() => zip.readBuffer(name, IMPORT_BOUNDS.jsonBytes));
  let result: ParsedKeepsake;
  try {
    result = await parser.parse(bytes, expected);
  } catch (error) {
    // A document within the size bound that fills the parser's memory is a hostile one.
    if (error instanceof Error && "code" in error && error.code === "ERR_WORKER_OUT_OF_MEMORY") throw tooMuchText();
    throw error;
  }
  if (result.ok) return result.doc;
  const file = shown(name);
  switch (result.problem) {
    case "badJson":
      throw new KeepsakeError("keepsake.badJson", { file });
    case "tooMany":
      throw tooMany(result.bound);
    case "wrongVersion":
      throw new KeepsakeError("keepsake.wrongVersion", { file });
    case "invalid":
      throw new KeepsakeError("keepsake.invalid", { file, where: shown(result.where ?? "") });
    default:
      throw new KeepsakeError("keepsake.wrongFormat", { file });
  }
}

/**
 * The books in the zip: one `book.json` at the top, or the folders `library.json` lists, within IMPORT_BOUNDS together.
 */
async function readPlans(zip: SafeZip, parser: KeepsakeParser): Promise<Plan[]> {
  let folders = [""];
  if (!zip.entries.has("book.json")) {
    if (!zip.entries.has("library.json")) throw new KeepsakeError("keepsake.noBook");
    checkTextSize(zip, ["library.json"]);
    const library = (await readDocument(zip, parser, "library.json", "library")) as LibraryDocument;
    if (library.books.length === 0) throw new KeepsakeError("keepsake.noBooks");
    folders = library.books.map((book) => book.folder);
  }
  const names = folders.map((folder) => `${folder}book.json`);
  checkTextSize(zip, folders[0] === "" ? names : ["library.json", ...names]);
  const total: RowCounts = { books: 0, topics: 0, questions: 0, stories: 0, media: 0 };
  const plans: Plan[] = [];
  for (const [i, folder] of folders.entries()) {
    if (!zip.entries.has(names[i]!)) throw new KeepsakeError("keepsake.missingFile", { file: shown(names[i]!) });
    const doc = (await readDocument(zip, parser, names[i]!, "book")) as KeepsakeDocument;
    const counts = countRows(doc, "book");
    for (const bound of Object.keys(total) as RowBound[]) total[bound] += counts[bound];
    const exceeded = exceededBound(total);
    if (exceeded) throw tooMany(exceeded);
    plans.push({ folder, doc });
  }
  return plans;
}

type FileRef = { entry: string; kind: FileKind };

function referencedFiles(plan: Plan): FileRef[] {
  const refs: FileRef[] = [];
  const cover = plan.doc.book.cover;
  if (cover && "file" in cover) refs.push({ entry: `${plan.folder}${cover.file}`, kind: "cover" });
  for (const topic of plan.doc.topics)
    for (const story of topic.stories)
      for (const item of story.media) refs.push({ entry: `${plan.folder}${item.file}`, kind: item.type });
  return refs;
}

/** Every file a book names is in the zip, once, within its kind's cap: checked before anything is stored. */
function checkFiles(zip: SafeZip, refs: FileRef[]): void {
  for (const ref of refs) {
    const entry = zip.entries.get(ref.entry);
    if (!entry || isDirectoryEntry(ref.entry))
      throw new KeepsakeError("keepsake.missingFile", { file: shown(ref.entry) });
    if (entry.size > CAPS[ref.kind]) throw new KeepsakeError("keepsake.mediaTooLarge", { file: shown(ref.entry) });
  }
}

type Stored = { files: Map<string, StoredFile>; covers: Map<string, StoredCover> };

/** Stores one referenced file the way an upload is stored, or refuses it by its bytes. */
async function storeFile(zip: SafeZip, ref: FileRef, stored: Stored): Promise<void> {
  const refuse = (error: unknown): never => {
    if (error instanceof ZipProblem && error.kind === "tooLarge")
      throw new KeepsakeError("keepsake.mediaTooLarge", { file: shown(ref.entry) });
    if (error instanceof ZipProblem) throw fromZipProblem(error);
    if (error instanceof AppError) throw new KeepsakeError("keepsake.badMedia", { file: shown(ref.entry) });
    throw error;
  };
  if (ref.kind === "cover") {
    const bytes = await zip.readBuffer(ref.entry, CAPS.cover).catch(refuse);
    stored.covers.set(ref.entry, await saveImportedCover(bytes).catch(refuse));
    return;
  }
  await ensurePrivateDir(uploadTmpDir());
  const tmp = path.join(uploadTmpDir(), `${crypto.randomBytes(16).toString("hex")}.part`);
  try {
    await zip.extractTo(ref.entry, tmp, CAPS[ref.kind]).catch(refuse);
    const file = await (ref.kind === "image" ? storeImportedImage(tmp) : storeAudio(tmp)).catch(refuse);
    stored.files.set(ref.entry, file);
  } finally {
    await fs.rm(tmp, { force: true });
  }
}

const date = (value: string) => new Date(Date.parse(value));

/** One book's rows, with new ids; a story's question key becomes the new question's id. */
async function writeBook(
  tx: Tx,
  insert: ImportRows,
  userId: number,
  { folder, doc }: Plan,
  stored: Stored,
  importedAt: Date,
): Promise<number> {
  const cover = doc.book.cover;
  const file = cover === null || "preset" in cover ? null : stored.covers.get(`${folder}${cover.file}`)!;
  const coverImage = cover === null ? null : "preset" in cover ? cover.preset : file!.url;
  const { book: meta } = doc;
  const [bookId] = await insert.books([
    {
      userId,
      title: meta.title,
      description: meta.description,
      tone: meta.tone,
      language: meta.language,
      coverImage,
      coverBytes: file?.bytes ?? null,
      createdAt: date(meta.createdAt),
      updatedAt: importedAt,
      // The import's own date, never one from the document: a copy imported again is marked anew.
      importedAt,
    },
  ]);
  // A table at a time, parents first: every topic and question before the stories, since a story may answer a
  // question of another topic (keys are the book's).
  const topicIds = await insert.topics(
    doc.topics.map((topic, position) => ({
      bookId: bookId!,
      title: topic.title,
      description: topic.description,
      preview: topic.preview,
      archived: topic.archived,
      position,
      createdAt: date(topic.createdAt),
      updatedAt: date(topic.updatedAt),
    })),
  );
  const asked = doc.topics.flatMap((topic, t) =>
    topic.questions.map((question, position) => ({ question, t, position })),
  );
  const askedIds = await insert.questions(
    asked.map(({ question, t, position }) => ({
      topicId: topicIds[t]!,
      question: question.question,
      position,
      createdAt: date(question.createdAt),
    })),
  );
  const questionIds = new Map(asked.map(({ question }, i) => [question.key, askedIds[i]!]));
  const told = doc.topics.flatMap((topic, t) => topic.stories.map((story, position) => ({ story, t, position })));
  const storyIds = await insert.stories(
    told.map(({ story, t, position }) => ({
      topicId: topicIds[t]!,
      bookId: bookId!,
      questionId: story.question === null ? null : questionIds.get(story.question)!,
      title: story.title,
      content: story.content,
      refinedContent: story.refinedContent,
      status: story.status,
      hasAudio: story.media.some((item) => item.type === "audio"),
      hasImages: story.media.some((item) => item.type === "image"),
      position,
      createdAt: date(story.createdAt),
      updatedAt: date(story.updatedAt),
      source: story.teller ? ("storyteller" as const) : ("family" as const),
      tellerName: story.teller?.name ?? null,
    })),
  );
  const items = told.flatMap(({ story }, s) => story.media.map((item) => ({ item, storyId: storyIds[s]! })));
  await insert.media(
    items.map(({ item, storyId }) => {
      const kept = stored.files.get(`${folder}${item.file}`)!;
      return {
        storyId,
        type: item.type,
        storageKey: kept.storageKey,
        mimeType: kept.mimeType,
        filename: item.filename,
        size: kept.size,
        thumbSize: kept.thumbSize,
        width: kept.width,
        height: kept.height,
        durationMs: kept.durationMs,
        description: item.description,
        transcription: item.transcription,
        createdAt: date(item.createdAt),
      };
    }),
  );
  const storyCount = told.length;
  const mediaCount = items.length;
  await logActivity(tx, {
    userId,
    action: "import",
    resource: "book",
    details: { id: bookId, title: doc.book.title, topics: doc.topics.length, stories: storyCount, media: mediaCount },
  });
  return bookId!;
}

/**
 * Imports the zip at `zipPath` (a temporary file of the request) as new books of `userId`, in the zip's
 * order. Returns the new books' ids; a KeepsakeError (400) says what is wrong, an AppError 413 that the
 * files would take the user past the storage quota, and then nothing is kept.
 */
export async function importKeepsake({
  userId,
  zipPath,
}: {
  userId: number;
  zipPath: string;
}): Promise<{ bookIds: number[] }> {
  const zip = await zipStep(() => openSafeZip(zipPath, IMPORT_LIMITS));
  const stored: Stored = { files: new Map(), covers: new Map() };
  const parser = openKeepsakeParser();
  try {
    const plans = await readPlans(zip, parser);
    parser.close();
    const refs = plans.flatMap(referencedFiles);
    checkFiles(zip, refs);
    // The storage quota, early: recordings are kept as they are, so their sizes are known before anything is
    // unpacked (photos and covers may shrink when re-encoded). The check that counts follows the rows.
    if (refs.length)
      await assertRoomFor(
        userId,
        refs.filter((ref) => ref.kind === "audio").reduce((sum, ref) => sum + zip.entries.get(ref.entry)!.size, 0),
      );
    for (const ref of refs) await storeFile(zip, ref, stored);
    const bookIds = await transaction(async (tx) => {
      const insert = importRows(tx);
      const importedAt = new Date();
      const ids: number[] = [];
      for (const plan of plans) ids.push(await writeBook(tx, insert, userId, plan, stored, importedAt));
      if (refs.length) await assertWithinQuota(tx, userId);
      return ids;
    });
    return { bookIds };
  } catch (error) {
    await deleteMediaFiles([...stored.files.values()].map((file) => file.storageKey));
    for (const cover of stored.covers.values()) await deleteCoverIfUnused(cover.url);
    throw error;
  } finally {
    parser.close();
    zip.close();
  }
}
