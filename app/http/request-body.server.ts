import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import Busboy from "busboy";
import { createPrivateWriteStream, ensurePrivateDir } from "~db/private-files.server";
import type { MessageKey } from "~/i18n/types";
import { FORM_MAX_BYTES, JSON_MAX_BYTES } from "./body-caps";
import { AppError } from "../lib/errors";

/*
 * The one module that reads a request body (ADR 0019; tests/unit/one-body-reader.test.ts checks that no
 * other module does). Every body is read against a cap while it streams in: a declared Content-Length
 * over the cap is refused before a byte is read, and a body without one is counted as it arrives and
 * refused the moment it passes the cap. Nothing over a cap is ever held in memory, and files never are.
 *
 * Refusals are AppErrors, so each caller answers in its own shape (a page's toast, /api's JSON message):
 * 413 with `tooLargeKey` over the cap, 400 `errors.malformedBody` for a body that cannot be read (a
 * multipart body without a boundary, a broken one, a form in a type that is not a form), and for JSON
 * 400 `errors.invalidJson`.
 *
 * A refused body is left unread, never cancelled: cancelling destroys the connection before the answer
 * is written. The production server (server/index.mjs) drops the rest of it once the answer is sent.
 */

const TOO_LARGE: MessageKey = "errors.bodyTooLarge";
const MALFORMED: MessageKey = "errors.malformedBody";

type Cap = {
  /** The largest body accepted, in bytes. */
  maxBytes?: number;
  /** The message of the 413. */
  tooLargeKey?: MessageKey;
};

/**
 * A page form's fields (urlencoded, or multipart without files) within `maxBytes`. A file part's bytes
 * count towards the cap and are then dropped: a form read here takes no files. A post without a body
 * is an empty form; a body in any other type is a 400.
 */
export async function readForm(
  request: Request,
  { maxBytes = FORM_MAX_BYTES, tooLargeKey = TOO_LARGE }: Cap = {},
): Promise<FormData> {
  const bytes = await readCapped(request, maxBytes, tooLargeKey);
  const type = mediaType(request);
  if (type === "application/x-www-form-urlencoded") {
    const form = new FormData();
    for (const [name, value] of new URLSearchParams(new TextDecoder().decode(bytes))) form.append(name, value);
    refuseNul(form);
    return form;
  }
  if (type === "multipart/form-data") {
    let parsed: FormData;
    try {
      parsed = await new Response(bytes, {
        headers: { "Content-Type": request.headers.get("Content-Type")! },
      }).formData();
    } catch {
      throw new AppError(400, MALFORMED);
    }
    const form = new FormData();
    for (const [name, value] of parsed) if (typeof value === "string") form.append(name, value);
    refuseNul(form);
    return form;
  }
  if (bytes.byteLength === 0) return new FormData();
  throw new AppError(400, MALFORMED);
}

/**
 * A text with a NUL character (U+0000) in it is refused as unreadable: no one types one, and PostgreSQL's text cannot
 * hold it, so a body is refused alike on either engine (issue 21) instead of failing there with a 500.
 */
const hasNul = (value: string) => value.includes("\u0000");
function refuseNul(fields: Iterable<[string, FormDataEntryValue]>): void {
  for (const [name, value] of fields)
    if (hasNul(name) || (typeof value === "string" && hasNul(value))) throw new AppError(400, MALFORMED);
}

/** The raw body (a mail message piped by a relay) within `maxBytes`; one byte more is a 413. */
export async function readRawBody(request: Request, maxBytes: number): Promise<Buffer> {
  return Buffer.from(await readCapped(request, maxBytes, TOO_LARGE));
}

/** A JSON body within `maxBytes` (1 MB unless said), parsed; malformed JSON is a 400 `errors.invalidJson`. */
export async function readJson(
  request: Request,
  { maxBytes = JSON_MAX_BYTES, tooLargeKey = TOO_LARGE }: Cap = {},
): Promise<unknown> {
  const bytes = await readCapped(request, maxBytes, tooLargeKey);
  let nul = false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(bytes), (key, value) => {
      if (hasNul(key) || (typeof value === "string" && hasNul(value))) nul = true;
      return value;
    });
  } catch {
    throw new AppError(400, "errors.invalidJson");
  }
  if (nul) throw new AppError(400, MALFORMED);
  return parsed;
}

export type UploadedFile = {
  field: string;
  path: string;
  filename: string;
  declaredType: string;
  size: number;
  /** Over the cap and dropped (only with `oversized: "drop"`): its bytes were not kept. */
  tooLarge?: boolean;
};

export type FormWithFiles = {
  /** The text fields, and each file as a File backed by its temporary file on disk. */
  form: FormData;
  files: UploadedFile[];
  /** Removes the temporary files that were not moved elsewhere; call it when the request is done. */
  cleanup: () => Promise<void>;
};

type UploadOptions = {
  /** Where the temporary files go: on the same disk as the media, so keeping one is a rename. */
  tmpDir: string;
  /** The largest file accepted. */
  maxFileBytes: number;
  maxFiles?: number;
  /** The text fields' cap, all together (and the whole body's, when the form comes urlencoded). */
  maxFieldBytes?: number;
  tooLargeKey?: MessageKey;
  /**
   * "reject" (the default) makes a file over the cap fail the whole request with a 413 at once; "drop"
   * keeps the rest of the form and marks that file `tooLarge`, for a form whose text must not be lost with it.
   */
  oversized?: "reject" | "drop";
};

const MAX_FIELDS = 100;
/** Room for the boundaries and part headers of a multipart body, beyond its files and fields. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * A form that may carry files. Multipart is read as it streams in: files go straight to temporary
 * files on disk and are counted on the way, so memory holds one chunk at a time whatever is uploaded;
 * the text fields are capped by `maxFieldBytes`. A form posted urlencoded has only fields, read as
 * `readForm` reads them.
 */
export async function readFormWithFiles(request: Request, options: UploadOptions): Promise<FormWithFiles> {
  const { maxFieldBytes = FORM_MAX_BYTES, tooLargeKey = TOO_LARGE } = options;
  if (mediaType(request) !== "multipart/form-data") {
    return {
      form: await readForm(request, { maxBytes: maxFieldBytes, tooLargeKey }),
      files: [],
      cleanup: async () => {},
    };
  }
  return streamMultipart(request, { ...options, maxFieldBytes, tooLargeKey });
}

/**
 * The whole-body cap of a multipart form read by `readFormWithFiles`: its files, its fields and their part
 * headers. A body past it is refused while it streams in, whatever its parts (a text field is cut at its
 * cap but only refused when its part ends, so the whole-body cap is what stops one that never ends).
 */
export function uploadBodyCap({
  maxFileBytes,
  maxFiles = 1,
  maxFieldBytes = FORM_MAX_BYTES,
  oversized = "reject",
}: Omit<UploadOptions, "tmpDir" | "tooLargeKey">): number {
  // A dropped file may run past its cap (its bytes are counted, not kept): the body may be that much longer.
  return maxFiles * maxFileBytes * (oversized === "drop" ? 2 : 1) + maxFieldBytes + MULTIPART_OVERHEAD_BYTES;
}

// ---------------------------------------------------------------------------------------------

function mediaType(request: Request): string {
  return (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
}

function refuseDeclaredLength(request: Request, maxBytes: number, tooLargeKey: MessageKey) {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > maxBytes) throw new AppError(413, tooLargeKey);
}

/** The whole body, as long as it stays within `maxBytes`; one byte more is a 413, and the rest stays unread. */
async function readCapped(
  request: Request,
  maxBytes: number,
  tooLargeKey: MessageKey,
): Promise<Uint8Array<ArrayBuffer>> {
  refuseDeclaredLength(request, maxBytes, tooLargeKey);
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw new AppError(413, tooLargeKey);
      chunks.push(value);
    }
  } catch (error) {
    // A body that broke off midway (the client went away): nobody is left to read the answer.
    throw error instanceof AppError ? error : new AppError(400, MALFORMED);
  } finally {
    reader.releaseLock();
  }
  const out = new Uint8Array(new ArrayBuffer(size));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

async function streamMultipart(
  request: Request,
  {
    tmpDir,
    maxFileBytes,
    maxFiles = 1,
    maxFieldBytes,
    tooLargeKey,
    oversized = "reject",
  }: UploadOptions & { maxFieldBytes: number; tooLargeKey: MessageKey },
): Promise<FormWithFiles> {
  const ceiling = uploadBodyCap({ maxFileBytes, maxFiles, maxFieldBytes, oversized });
  refuseDeclaredLength(request, ceiling, tooLargeKey);
  if (!request.body) throw new AppError(400, MALFORMED);
  let busboy: Busboy.Busboy;
  try {
    busboy = Busboy({
      headers: { "content-type": request.headers.get("Content-Type") ?? "" },
      // Vietnamese file names arrive as UTF-8.
      defParamCharset: "utf8",
      limits: { fileSize: maxFileBytes, files: maxFiles, fields: MAX_FIELDS, fieldSize: maxFieldBytes },
    });
  } catch {
    // No boundary, or not multipart after all.
    throw new AppError(400, MALFORMED);
  }
  // An upload on its way is the family's too: readable by the app's user only, like everything in DATA_DIR.
  await ensurePrivateDir(tmpDir);
  const files: UploadedFile[] = [];
  const fields: [string, string][] = [];
  const cleanup = () =>
    Promise.all(files.map((file) => fs.promises.rm(file.path, { force: true }))).then(() => undefined);
  const source = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  const writes: Promise<void>[] = [];
  const outputs: fs.WriteStream[] = [];
  let received = 0;
  let fieldBytes = 0;

  const done = new Promise<void>((resolve, reject) => {
    // The first refusal settles the request at once; whatever busboy says after it changes nothing.
    const refuse = (status: 400 | 413, key: MessageKey) => reject(new AppError(status, key));
    busboy.on("field", (name, value, info) => {
      fieldBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
      // The text, not a file: the general message.
      if (info.valueTruncated || fieldBytes > maxFieldBytes) return refuse(413, TOO_LARGE);
      fields.push([name, value]);
    });
    busboy.on("file", (field, stream, info) => {
      // An empty file input is posted as a part with no name and no bytes: there is no file.
      if (!info.filename) {
        stream.resume();
        return;
      }
      const file: UploadedFile = {
        field,
        path: path.join(tmpDir, `${crypto.randomBytes(16).toString("hex")}.part`),
        filename: info.filename,
        declaredType: info.mimeType,
        size: 0,
      };
      files.push(file);
      const out = createPrivateWriteStream(file.path, "wx");
      outputs.push(out);
      stream.on("data", (chunk: Buffer) => (file.size += chunk.byteLength));
      // A form that ends inside a file ("Unexpected end of form") errors the file's stream too: without a
      // listener that error would stop the server. Busboy's own error refuses the request; close the file.
      stream.on("error", () => out.destroy());
      stream.on("limit", () => {
        stream.unpipe(out);
        out.end();
        if (oversized === "reject") return refuse(413, tooLargeKey);
        file.tooLarge = true;
        stream.resume();
      });
      stream.pipe(out);
      writes.push(
        new Promise((resolveWrite, rejectWrite) => {
          out.on("close", resolveWrite);
          out.on("error", rejectWrite);
        }),
      );
    });
    busboy.on("filesLimit", () => refuse(400, "errors.invalid"));
    busboy.on("fieldsLimit", () => refuse(413, TOO_LARGE));
    busboy.on("error", () => refuse(400, MALFORMED));
    busboy.on("close", resolve);
    source.on("data", (chunk: Buffer) => {
      received += chunk.byteLength;
      if (received > ceiling) refuse(413, tooLargeKey);
    });
    source.on("error", () => refuse(400, MALFORMED));
  });
  source.pipe(busboy);

  try {
    await done;
    await Promise.all(writes);
  } catch (error) {
    // Stop reading (the rest of the body stays unread, see above) and close the files, so that their
    // writes settle and the temporary files can be removed.
    source.unpipe(busboy);
    source.pause();
    for (const out of outputs) out.destroy();
    await Promise.allSettled(writes);
    await cleanup();
    throw error;
  }

  try {
    refuseNul(fields);
  } catch (error) {
    await cleanup();
    throw error;
  }
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  for (const file of files.filter((f) => f.tooLarge)) await fs.promises.rm(file.path, { force: true });
  for (const file of files.filter((f) => !f.tooLarge)) {
    const blob = await fs.openAsBlob(file.path, { type: file.declaredType });
    form.append(file.field, new File([blob], file.filename, { type: file.declaredType }));
  }
  return { form, files, cleanup };
}
