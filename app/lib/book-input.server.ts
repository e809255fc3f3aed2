import type { z } from "zod";
import type { Locale } from "~/i18n/config";
import type { BookInput } from "~/models/book.server";
import { saveCover } from "~/models/media.server";
import { isPresetCover } from "./covers";
import { AppError } from "./errors";
import type { bookSchema } from "./validation";

type ParsedBook = z.infer<typeof bookSchema>;

/**
 * Turns a requested cover into what the book stores: nothing, a preset path, the cover it already has,
 * or a newly stored upload (from a data: URL in JSON, or the bytes of a form's file field).
 */
export async function resolveCover({
  requested,
  upload,
  current,
}: {
  requested: string | null | undefined;
  upload?: Uint8Array | null;
  current?: string | null;
}): Promise<string | null> {
  if (upload && upload.byteLength > 0) return saveCover(upload);
  if (requested === undefined) return current ?? null;
  if (requested === null || requested === "") return null;
  if (isPresetCover(requested) || requested === current) return requested;
  const bytes = decodeDataUrl(requested);
  if (bytes) return saveCover(bytes);
  throw new AppError(400, "books.formatError", "cover", "books.formatErrorTitle");
}

/** Decodes a `data:image/...;base64,...` URL; null when it is not one. */
function decodeDataUrl(value: string): Uint8Array | null {
  const match = /^data:[\w.+-]+\/[\w.+-]+;base64,([A-Za-z0-9+/=\s]*)$/.exec(value);
  if (!match) return null;
  return new Uint8Array(Buffer.from(match[1]!, "base64"));
}

/** The stored fields of a book from a parsed form or body; the language defaults to the UI language. */
export function toBookInput(parsed: ParsedBook, coverImage: string | null, uiLanguage: Locale): BookInput {
  return {
    title: parsed.title,
    description: parsed.description,
    tone: parsed.tone,
    language: parsed.language ?? uiLanguage,
    coverImage,
  };
}
