import type { z } from "zod";
import type { User } from "~db/schema";
import type { Locale } from "~/i18n/config";
import { type BookInput, type BookSummary, createBook, getBook, updateBook } from "~/models/book.server";
import { deleteCoverIfUnused, saveCover } from "~/models/media.server";
import { isPresetCover } from "~/lib/covers";
import { AppError } from "~/lib/errors";
import type { bookSchema } from "~/lib/validation";

type ParsedBook = z.infer<typeof bookSchema>;

/**
 * A book save as every caller asks for it: the create-book and edit-book dialogs (home, library, workspace),
 * POST /api/books and PUT /api/books/{id}. The fields were checked with the book form's one schema (bookSchema).
 */
export type BookSave = {
  /** The book changed; none for a new book. */
  bookId?: number;
  input: ParsedBook;
  /** The bytes of the form's cover file, when one was chosen (JSON sends a cover as a data: URL in `coverImage`). */
  upload?: Uint8Array | null;
  /** A new book's language when the body names none: the language the user reads the app in. */
  uiLanguage: Locale;
};

/**
 * Saves a book: the one use case of every book save (ADR 37). A change reads the book once, the user's or a 404,
 * since its cover and language decide what is written; a new cover is stored before the write and removed again if
 * the write fails (the storage quota), and a cover no longer used is removed after it. Answers the book as the
 * library lists it, with its story count.
 */
export async function saveBook(user: User, { bookId, input, upload, uiLanguage }: BookSave): Promise<BookSummary> {
  if (bookId === undefined) {
    const cover = await resolveCover({ requested: input.coverImage, upload });
    const book = await writeWithCover(cover, () =>
      createBook({ userId: user.id, input: toBookInput(input, cover, uiLanguage) }),
    );
    return { ...book, storyCount: 0 };
  }
  const current = await getBook({ bookId, userId: user.id });
  if (!current) throw new AppError(404, "books.notFound");
  const cover = await resolveCover({ requested: input.coverImage, upload, current: current.coverImage });
  const book = await writeWithCover(cover, () =>
    updateBook({ bookId, userId: user.id, input: toBookInput(input, cover, current.language) }),
  );
  if (current.coverImage !== book.coverImage) await deleteCoverIfUnused(current.coverImage);
  return { ...book, storyCount: current.storyCount };
}

/**
 * The cover a book will store: its URL (or none), and when a file was stored for it now, that file's bytes
 * (`stored`), which the book's write counts against the storage quota. `coverBytes` undefined keeps the
 * book's current cover as it is.
 */
type CoverChoice = { coverImage: string | null; coverBytes?: number | null; stored: boolean };

/**
 * Turns a requested cover into what the book stores: nothing, a preset path, the cover it already has,
 * or a newly stored upload (from a data: URL in JSON, or the bytes of a form's file field).
 */
async function resolveCover({
  requested,
  upload,
  current,
}: {
  requested: string | null | undefined;
  upload?: Uint8Array | null;
  current?: string | null;
}): Promise<CoverChoice> {
  const stored = async (bytes: Uint8Array): Promise<CoverChoice> => {
    const cover = await saveCover(bytes);
    return { coverImage: cover.url, coverBytes: cover.bytes, stored: true };
  };
  if (upload && upload.byteLength > 0) return stored(upload);
  if (requested === undefined || (requested !== null && requested !== "" && requested === current))
    return { coverImage: current ?? null, stored: false };
  if (requested === null || requested === "") return { coverImage: null, coverBytes: null, stored: false };
  if (isPresetCover(requested)) return { coverImage: requested, coverBytes: null, stored: false };
  const bytes = decodeDataUrl(requested);
  if (bytes) return stored(bytes);
  throw new AppError(400, "books.formatError", "cover", "books.formatErrorTitle");
}

/**
 * Writes a book with its cover; when the write fails (the storage quota, a book deleted meanwhile), a cover
 * file stored for it is removed again, so nothing is left behind.
 */
async function writeWithCover<T>(cover: CoverChoice, write: () => Promise<T> | T): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (cover.stored && cover.coverImage) await deleteCoverIfUnused(cover.coverImage);
    throw error;
  }
}

/** Decodes a `data:image/...;base64,...` URL; null when it is not one. */
function decodeDataUrl(value: string): Uint8Array | null {
  const match = /^data:[\w.+-]+\/[\w.+-]+;base64,([A-Za-z0-9+/=\s]*)$/.exec(value);
  if (!match) return null;
  return new Uint8Array(Buffer.from(match[1]!, "base64"));
}

/** The stored fields of a book from a parsed form or body; the language, when it names none, is `fallbackLanguage`. */
function toBookInput(parsed: ParsedBook, cover: CoverChoice, fallbackLanguage: Locale): BookInput {
  return {
    title: parsed.title,
    description: parsed.description,
    tone: parsed.tone,
    language: parsed.language ?? fallbackLanguage,
    coverImage: cover.coverImage,
    coverBytes: cover.coverBytes,
  };
}
