import { checkKeepsake, type FormatCheck } from "./keepsake-format";

export type ParsedKeepsake = FormatCheck | { ok: false; problem: "badJson" };

/**
 * A `book.json` or `library.json` of an import, from its bytes: strict UTF-8, JSON, then `checkKeepsake`
 * (format, version, rows against what one import takes, every field). This is the costly part of an
 * import, a few hundred milliseconds for a large file, so the server runs it in a worker thread
 * (keepsake-parser.server.ts) and gets back only a document that is already within the bounds.
 */
export function parseKeepsake(bytes: Uint8Array, expected: "book" | "library"): ParsedKeepsake {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return { ok: false, problem: "badJson" };
  }
  return checkKeepsake(value, expected);
}
