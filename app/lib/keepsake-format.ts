import { z } from "zod";
import { MEDIA_TYPES, STORY_STATUSES } from "~db/schema";
import { PRESET_COVERS } from "./covers";
import { entryNameProblem, isDirectoryEntry } from "./keepsake-names";
import { LONG_TEXT_MAX, MEDIA_DESCRIPTION_MAX } from "./limits";
import { AUDIO_TYPES, IMAGE_TYPES } from "./sniff";
import { TONE_MAX } from "./validation";

/**
 * The machine-readable heart of an export (ADR 0014): `book.json`, format "heirloom-book", version 1.
 * It holds everything a family wrote, with no id, storage key or user id of this server: a story names
 * its interview question by the question's local `key` ("q1", "q2", … unique in the book), and a photo
 * or recording names its file in the zip (`media/…`). The same schema checks a zip being imported, so
 * its limits are the app's own (validation.ts): nothing an import writes could not have been typed in.
 */
export const BOOK_FORMAT = "heirloom-book";
export const LIBRARY_FORMAT = "heirloom-library";
export const KEEPSAKE_VERSION = 1;

/**
 * What one import takes at most, all the books of the zip together (ADR 0023). A family's book has tens of
 * topics, a few hundred interview questions and stories, and fewer photos than a 200 MB zip can carry; these
 * are several times that, and small enough that the largest import writes its rows in one short
 * transaction. `jsonBytes` bounds the text: book.json and library.json, added up.
 */
export const IMPORT_BOUNDS = {
  books: 20,
  topics: 200,
  questions: 2000,
  stories: 1500,
  media: 1500,
  jsonBytes: 4 * 1024 * 1024,
} as const;
export type RowBound = Exclude<keyof typeof IMPORT_BOUNDS, "jsonBytes">;
export type RowCounts = Record<RowBound, number>;
const MEDIA_PER_STORY_MAX = 200;
/** The largest zip an import takes (the upload), and what it may unpack to. */
export const IMPORT_MAX_BYTES = 200 * 1024 * 1024;
export const IMPORT_LIMITS = {
  maxEntries: 20_000,
  maxEntryBytes: 32 * 1024 * 1024,
  maxTotalBytes: 1024 * 1024 * 1024,
} as const;

const timestamp = z.iso.datetime();
const notBlank = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => value.trim().length > 0, { error: "blank" });

/** A file of the zip, relative to the book's folder: `media/<name>`, a plain path (no `..`, no `/` in front). */
const mediaPath = z
  .string()
  .max(300)
  .refine((value) => value.startsWith("media/") && !isDirectoryEntry(value) && entryNameProblem(value) === null, {
    error: "unsafe path",
  });

const mediaSchema = z.object({
  file: mediaPath,
  type: z.enum(MEDIA_TYPES),
  // What the file was when exported; an import trusts the bytes, never this.
  mimeType: z.enum([...IMAGE_TYPES, ...AUDIO_TYPES]),
  description: z.string().max(MEDIA_DESCRIPTION_MAX),
  transcription: z.string().max(LONG_TEXT_MAX).nullable(),
  filename: z.string().max(255),
  createdAt: timestamp,
});

const storySchema = z.object({
  title: notBlank(300),
  content: z.string().max(LONG_TEXT_MAX),
  refinedContent: z.string().max(LONG_TEXT_MAX).nullable(),
  status: z.enum(STORY_STATUSES),
  /** The `key` of the interview question the story answers, or null. */
  question: z.string().max(20).nullable(),
  /**
   * Told by a storyteller through her link (issue 18), with the name the link gave her; absent or null when the family
   * wrote it. A draft she told stays out of previews and shares after an import too.
   */
  teller: z
    .object({ name: z.string().max(100).nullable() })
    .nullable()
    .optional(),
  createdAt: timestamp,
  updatedAt: timestamp,
  media: z.array(mediaSchema).max(MEDIA_PER_STORY_MAX),
});

const questionSchema = z.object({
  key: z.string().regex(/^q[0-9]{1,7}$/),
  question: notBlank(1000),
  createdAt: timestamp,
});

const topicSchema = z.object({
  title: notBlank(200),
  description: z.string().max(5000),
  /** The topic's saved draft narrative. */
  preview: z.string().max(LONG_TEXT_MAX).nullable(),
  archived: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
  questions: z.array(questionSchema).max(IMPORT_BOUNDS.questions),
  stories: z.array(storySchema).max(IMPORT_BOUNDS.stories),
});

const coverSchema = z.union([
  z.null(),
  z.strictObject({ preset: z.enum(PRESET_COVERS as [string, ...string[]]) }),
  z.strictObject({ file: mediaPath }),
]);

const bookSchema = z.object({
  title: notBlank(200),
  description: z.string().max(5000),
  tone: z.string().max(TONE_MAX),
  language: z.enum(["en", "vi"]),
  cover: coverSchema,
  createdAt: timestamp,
  updatedAt: timestamp,
});

const keepsakeSchema = z
  .object({
    format: z.literal(BOOK_FORMAT),
    version: z.literal(KEEPSAKE_VERSION),
    exportedAt: timestamp,
    book: bookSchema,
    topics: z.array(topicSchema).max(IMPORT_BOUNDS.topics),
  })
  .superRefine((doc, ctx) => {
    // Keys are local references: each question's is unique, each story's names one of them, and no
    // file serves twice (an import stores each file once, so one file cannot be multiplied).
    const keys = new Set<string>();
    doc.topics.forEach((topic, t) =>
      topic.questions.forEach((question, q) => {
        if (keys.has(question.key))
          ctx.addIssue({ code: "custom", message: "duplicate key", path: ["topics", t, "questions", q, "key"] });
        keys.add(question.key);
      }),
    );
    const files = new Set<string>(doc.book.cover && "file" in doc.book.cover ? [doc.book.cover.file] : []);
    doc.topics.forEach((topic, t) =>
      topic.stories.forEach((story, s) => {
        if (story.question !== null && !keys.has(story.question))
          ctx.addIssue({ code: "custom", message: "unknown question", path: ["topics", t, "stories", s, "question"] });
        story.media.forEach((item, m) => {
          if (files.has(item.file))
            ctx.addIssue({
              code: "custom",
              message: "file used twice",
              path: ["topics", t, "stories", s, "media", m, "file"],
            });
          files.add(item.file);
        });
      }),
    );
  });

export type KeepsakeDocument = z.infer<typeof keepsakeSchema>;
export type KeepsakeTopic = KeepsakeDocument["topics"][number];
export type KeepsakeStory = KeepsakeTopic["stories"][number];
export type KeepsakeMedia = KeepsakeStory["media"][number];

/** A book's folder in an all-books export: `books/<n>-<slug>/`. */
const folderSchema = z
  .string()
  .max(120)
  .refine((value) => /^books\/[a-z0-9-]{1,80}\/$/.test(value) && entryNameProblem(value) === null, {
    error: "unsafe folder",
  });

/** `library.json` of an all-books export: which folders hold the books, in the library's order. */
const librarySchema = z
  .object({
    format: z.literal(LIBRARY_FORMAT),
    version: z.literal(KEEPSAKE_VERSION),
    exportedAt: timestamp,
    books: z.array(z.object({ folder: folderSchema, title: z.string().max(200) })).max(IMPORT_BOUNDS.books),
  })
  .superRefine((doc, ctx) => {
    const seen = new Set<string>();
    doc.books.forEach((book, b) => {
      if (seen.has(book.folder))
        ctx.addIssue({ code: "custom", message: "duplicate folder", path: ["books", b, "folder"] });
      seen.add(book.folder);
    });
  });

export type LibraryDocument = z.infer<typeof librarySchema>;

export type FormatCheck =
  | { ok: true; kind: "book"; doc: KeepsakeDocument }
  | { ok: true; kind: "library"; doc: LibraryDocument }
  | { ok: false; problem: "notObject" | "wrongFormat" | "wrongVersion" | "invalid"; where?: string }
  | { ok: false; problem: "tooMany"; bound: RowBound };

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const field = (value: unknown, name: string): unknown =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>)[name] : undefined;

/** The rows a parsed document would add, counted before it is checked, so that a huge one is refused cheaply. */
export function countRows(value: unknown, expected: "book" | "library"): RowCounts {
  const counts: RowCounts = { books: 0, topics: 0, questions: 0, stories: 0, media: 0 };
  if (expected === "library") {
    counts.books = list(field(value, "books")).length;
    return counts;
  }
  counts.books = 1;
  for (const topic of list(field(value, "topics"))) {
    counts.topics += 1;
    counts.questions += list(field(topic, "questions")).length;
    for (const story of list(field(topic, "stories"))) {
      counts.stories += 1;
      counts.media += list(field(story, "media")).length;
    }
  }
  return counts;
}

/** The first of `IMPORT_BOUNDS` that `counts` goes past, or null. */
export function exceededBound(counts: RowCounts): RowBound | null {
  return (Object.keys(counts) as RowBound[]).find((bound) => counts[bound] > IMPORT_BOUNDS[bound]) ?? null;
}

/**
 * Reads a parsed `book.json` or `library.json`: the format and version are checked first, so a file of
 * another kind or from a newer Heirloom gets its own message, then the number of rows against what one
 * import takes (`IMPORT_BOUNDS`, before the schema walks them all), then every field. `where` names the first
 * field that is wrong ("topics.2.stories.0.title"), for a message a person can act on.
 */
export function checkKeepsake(value: unknown, expected: "book" | "library"): FormatCheck {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { ok: false, problem: "notObject" };
  const { format, version } = value as { format?: unknown; version?: unknown };
  if (format !== (expected === "book" ? BOOK_FORMAT : LIBRARY_FORMAT)) return { ok: false, problem: "wrongFormat" };
  if (version !== KEEPSAKE_VERSION) return { ok: false, problem: "wrongVersion" };
  const bound = exceededBound(countRows(value, expected));
  if (bound) return { ok: false, problem: "tooMany", bound };
  const result = expected === "book" ? keepsakeSchema.safeParse(value) : librarySchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    return { ok: false, problem: "invalid", where: issue ? issue.path.join(".") || "(root)" : "(root)" };
  }
  return expected === "book"
    ? { ok: true, kind: "book", doc: result.data as KeepsakeDocument }
    : { ok: true, kind: "library", doc: result.data as LibraryDocument };
}
