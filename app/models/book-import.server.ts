import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { db, type Tx } from "~db/client.server";
import { books, media, questions, stories, topics } from "~db/schema";
import type { MessageKey } from "~/i18n/types";
import { COVER_MAX_BYTES } from "~/lib/covers";
import { AppError } from "~/lib/errors";
import { checkKeepsake, IMPORT_LIMITS, type KeepsakeDocument } from "~/lib/keepsake-format";
import { isDirectoryEntry } from "~/lib/keepsake-names";
import { AUDIO_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_MAX_BYTES } from "~/lib/limits";
import { openSafeZip, ZipProblem, type SafeZip } from "~/lib/zip-read.server";
import { logActivity } from "./activity.server";
import { deleteMediaFiles, storeAudio, storeImportedImage, uploadTmpDir, type StoredFile } from "./media-storage.server";
import { deleteCoverIfUnused, saveImportedCover, type StoredCover } from "./media.server";
import { assertRoomFor, assertWithinQuota } from "./storage.server";

// An exported zip made into new books of the signed-in user (ADR 0014). Nothing in the zip is trusted:
// the zip reader refuses unsafe names and bombs, the schema refuses bad or oversized fields, every file
// is judged by its bytes like an upload. All checks that need no file run before anything is stored;
// then the files are stored, then every row of every book is written in one transaction. On any failure
// the stored files are removed again: an import adds everything or nothing.

const JSON_MAX_BYTES = IMPORT_LIMITS.maxEntryBytes;

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
const CAPS: Record<FileKind, number> = { image: IMAGE_UPLOAD_MAX_BYTES, audio: AUDIO_UPLOAD_MAX_BYTES, cover: COVER_MAX_BYTES };

async function readJson(zip: SafeZip, name: string): Promise<unknown> {
  const bytes = await zipStep(() => zip.readBuffer(name, JSON_MAX_BYTES));
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new KeepsakeError("keepsake.badJson", { file: shown(name) });
  }
}

async function readBook(zip: SafeZip, folder: string): Promise<Plan> {
  const name = `${folder}book.json`;
  if (!zip.entries.has(name)) throw new KeepsakeError("keepsake.missingFile", { file: shown(name) });
  const checked = checkKeepsake(await readJson(zip, name), "book");
  if (!checked.ok) {
    if (checked.problem === "wrongVersion") throw new KeepsakeError("keepsake.wrongVersion", { file: shown(name) });
    if (checked.problem === "invalid") throw new KeepsakeError("keepsake.invalid", { file: shown(name), where: shown(checked.where ?? "") });
    throw new KeepsakeError("keepsake.wrongFormat", { file: shown(name) });
  }
  return { folder, doc: checked.doc as KeepsakeDocument };
}

/** The books in the zip: one `book.json` at the top, or the folders `library.json` lists. */
async function readPlans(zip: SafeZip): Promise<Plan[]> {
  if (zip.entries.has("book.json")) return [await readBook(zip, "")];
  if (!zip.entries.has("library.json")) throw new KeepsakeError("keepsake.noBook");
  const checked = checkKeepsake(await readJson(zip, "library.json"), "library");
  if (!checked.ok) {
    if (checked.problem === "wrongVersion") throw new KeepsakeError("keepsake.wrongVersion", { file: "library.json" });
    if (checked.problem === "invalid") throw new KeepsakeError("keepsake.invalid", { file: "library.json", where: shown(checked.where ?? "") });
    throw new KeepsakeError("keepsake.wrongFormat", { file: "library.json" });
  }
  if (checked.kind !== "library" || checked.doc.books.length === 0) throw new KeepsakeError("keepsake.noBooks");
  const plans: Plan[] = [];
  for (const book of checked.doc.books) plans.push(await readBook(zip, book.folder));
  return plans;
}

type FileRef = { entry: string; kind: FileKind };

function referencedFiles(plan: Plan): FileRef[] {
  const refs: FileRef[] = [];
  const cover = plan.doc.book.cover;
  if (cover && "file" in cover) refs.push({ entry: `${plan.folder}${cover.file}`, kind: "cover" });
  for (const topic of plan.doc.topics) for (const story of topic.stories) for (const item of story.media) refs.push({ entry: `${plan.folder}${item.file}`, kind: item.type });
  return refs;
}

/** Every file a book names is in the zip, once, within its kind's cap: checked before anything is stored. */
function checkFiles(zip: SafeZip, refs: FileRef[]): void {
  for (const ref of refs) {
    const entry = zip.entries.get(ref.entry);
    if (!entry || isDirectoryEntry(ref.entry)) throw new KeepsakeError("keepsake.missingFile", { file: shown(ref.entry) });
    if (entry.size > CAPS[ref.kind]) throw new KeepsakeError("keepsake.mediaTooLarge", { file: shown(ref.entry) });
  }
}

type Stored = { files: Map<string, StoredFile>; covers: Map<string, StoredCover> };

/** Stores one referenced file the way an upload is stored, or refuses it by its bytes. */
async function storeFile(zip: SafeZip, ref: FileRef, stored: Stored): Promise<void> {
  const refuse = (error: unknown): never => {
    if (error instanceof ZipProblem && error.kind === "tooLarge") throw new KeepsakeError("keepsake.mediaTooLarge", { file: shown(ref.entry) });
    if (error instanceof ZipProblem) throw fromZipProblem(error);
    if (error instanceof AppError) throw new KeepsakeError("keepsake.badMedia", { file: shown(ref.entry) });
    throw error;
  };
  if (ref.kind === "cover") {
    const bytes = await zip.readBuffer(ref.entry, CAPS.cover).catch(refuse);
    stored.covers.set(ref.entry, await saveImportedCover(bytes).catch(refuse));
    return;
  }
  await fs.mkdir(uploadTmpDir(), { recursive: true });
  const tmp = path.join(uploadTmpDir(), `${crypto.randomBytes(16).toString("hex")}.part`);
  try {
    await zip.extractTo(ref.entry, tmp, CAPS[ref.kind]).catch(refuse);
    const file = await (ref.kind === "image" ? storeImportedImage(tmp) : storeAudio(tmp)).catch(refuse);
    stored.files.set(ref.entry, file);
  } finally {
    await fs.rm(tmp, { force: true });
  }
}

const date = (value: string) => new Date(value);

/** One book's rows, with new ids; a story's question key becomes the new question's id. */
function writeBook(tx: Tx, userId: number, { folder, doc }: Plan, stored: Stored): number {
  const cover = doc.book.cover;
  const file = cover === null || "preset" in cover ? null : stored.covers.get(`${folder}${cover.file}`)!;
  const coverImage = cover === null ? null : "preset" in cover ? cover.preset : file!.url;
  const book = tx
    .insert(books)
    .values({ userId, title: doc.book.title, description: doc.book.description, tone: doc.book.tone, language: doc.book.language, coverImage, coverBytes: file?.bytes ?? null, createdAt: date(doc.book.createdAt), updatedAt: new Date() })
    .returning({ id: books.id })
    .get();
  const questionIds = new Map<string, number>();
  const topicIds = doc.topics.map((topic, position) => {
    const row = tx
      .insert(topics)
      .values({ bookId: book.id, title: topic.title, description: topic.description, preview: topic.preview, archived: topic.archived, position, createdAt: date(topic.createdAt), updatedAt: date(topic.updatedAt) })
      .returning({ id: topics.id })
      .get();
    topic.questions.forEach((question, index) => {
      const inserted = tx.insert(questions).values({ topicId: row.id, question: question.question, position: index, createdAt: date(question.createdAt) }).returning({ id: questions.id }).get();
      questionIds.set(question.key, inserted.id);
    });
    return row.id;
  });
  let storyCount = 0;
  let mediaCount = 0;
  doc.topics.forEach((topic, t) =>
    topic.stories.forEach((story, position) => {
      const row = tx
        .insert(stories)
        .values({
          topicId: topicIds[t]!,
          bookId: book.id,
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
        })
        .returning({ id: stories.id })
        .get();
      storyCount += 1;
      for (const item of story.media) {
        const file = stored.files.get(`${folder}${item.file}`)!;
        tx.insert(media)
          .values({
            storyId: row.id,
            type: item.type,
            storageKey: file.storageKey,
            mimeType: file.mimeType,
            filename: item.filename,
            size: file.size,
            thumbSize: file.thumbSize,
            description: item.description,
            transcription: item.transcription,
            createdAt: date(item.createdAt),
          })
          .run();
        mediaCount += 1;
      }
    }),
  );
  logActivity(tx, { userId, action: "import", resource: "book", details: { id: book.id, title: doc.book.title, topics: doc.topics.length, stories: storyCount, media: mediaCount } });
  return book.id;
}

/**
 * Imports the zip at `zipPath` (a temporary file of the request) as new books of `userId`, in the zip's
 * order. Returns the new books' ids; a KeepsakeError (400) says what is wrong, an AppError 413 that the
 * files would take the user past the storage quota, and then nothing is kept.
 */
export async function importKeepsake({ userId, zipPath }: { userId: number; zipPath: string }): Promise<{ bookIds: number[] }> {
  const zip = await zipStep(() => openSafeZip(zipPath, IMPORT_LIMITS));
  const stored: Stored = { files: new Map(), covers: new Map() };
  try {
    const plans = await readPlans(zip);
    const refs = plans.flatMap(referencedFiles);
    checkFiles(zip, refs);
    // The storage quota, early: recordings are kept as they are, so their sizes are known before anything is
    // unpacked (photos and covers may shrink when re-encoded). The check that counts follows the rows.
    if (refs.length) assertRoomFor(userId, refs.filter((ref) => ref.kind === "audio").reduce((sum, ref) => sum + zip.entries.get(ref.entry)!.size, 0));
    for (const ref of refs) await storeFile(zip, ref, stored);
    const bookIds = db().transaction((tx) => {
      const ids = plans.map((plan) => writeBook(tx, userId, plan, stored));
      if (refs.length) assertWithinQuota(tx, userId);
      return ids;
    });
    return { bookIds };
  } catch (error) {
    await deleteMediaFiles([...stored.files.values()].map((file) => file.storageKey));
    for (const cover of stored.covers.values()) await deleteCoverIfUnused(cover.url);
    throw error;
  } finally {
    zip.close();
  }
}
