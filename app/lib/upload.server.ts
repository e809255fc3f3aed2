import type { MessageKey } from "~/i18n/types";
import { AppError } from "./errors";

/**
 * How much of a body over its cap is still read (and dropped) so that the client, which is still
 * sending, receives the 413 instead of a reset connection; past this the connection is cut.
 */
export const OVERSIZED_BODY_DRAIN_BYTES = 32 * 1024 * 1024;

/**
 * Reads a request body with a hard cap while it streams in, so a huge upload is refused after
 * `maxBytes` rather than buffered whole. Returns the bytes; over the cap throws 413.
 */
export async function readBodyLimited(
  request: Request,
  maxBytes: number,
  tooLargeKey: MessageKey = "errors.tooLarge",
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > maxBytes) throw new AppError(413, tooLargeKey);
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // Cancelling at once would destroy the connection before the 413 is written: drop the rest first.
      for (let dropped = size; dropped <= maxBytes + OVERSIZED_BODY_DRAIN_BYTES; ) {
        const next = await reader.read();
        if (next.done) throw new AppError(413, tooLargeKey);
        dropped += next.value.byteLength;
      }
      await reader.cancel();
      throw new AppError(413, tooLargeKey);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(new ArrayBuffer(size));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** A multipart form read within a size cap (the cap covers the whole body). */
export async function readFormDataLimited(request: Request, maxBytes: number, tooLargeKey?: MessageKey): Promise<FormData> {
  const body = await readBodyLimited(request, maxBytes, tooLargeKey);
  return new Request(request.url, { method: "POST", headers: request.headers, body }).formData();
}

/** Decodes a `data:image/...;base64,...` URL; null when it is not one. */
export function decodeDataUrl(value: string): Uint8Array | null {
  const match = /^data:[\w.+-]+\/[\w.+-]+;base64,([A-Za-z0-9+/=\s]*)$/.exec(value);
  if (!match) return null;
  return new Uint8Array(Buffer.from(match[1]!, "base64"));
}
