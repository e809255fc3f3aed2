import { Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";

/** About how much text one turn of the event loop makes before it lets other requests in. */
const CHUNK_CHARS = 64 * 1024;

/**
 * A file made of text pieces as a byte stream: `separator` between pieces, `end` after the last. The
 * pieces are made as the stream is read, and after every ~64 KB the event loop gets a turn, so that a
 * large file (a book's HTML, its JSON) never holds up other requests while it is written (ADR 0023).
 */
export function textStream(parts: Iterable<string>, { separator, end }: { separator: string; end: string }): Readable {
  async function* chunks() {
    let batch = "";
    let first = true;
    for (const part of parts) {
      batch += first ? part : separator + part;
      first = false;
      if (batch.length >= CHUNK_CHARS) {
        yield Buffer.from(batch);
        batch = "";
        await nextTurn();
      }
    }
    yield Buffer.from(batch + end);
  }
  return Readable.from(chunks(), { objectMode: false });
}
