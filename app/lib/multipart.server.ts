import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import Busboy from "busboy";
import type { MessageKey } from "~/i18n/types";
import { AppError } from "./errors";

export type UploadedFile = {
  field: string;
  path: string;
  filename: string;
  declaredType: string;
  size: number;
  /** Over the cap and dropped (only with `oversized: "drop"`): its bytes were not kept. */
  tooLarge?: boolean;
};

export type MultipartForm = {
  /** The text fields, and each file as a File backed by its temporary file on disk. */
  form: FormData;
  files: UploadedFile[];
  /** Removes the temporary files that were not moved elsewhere; call it when the request is done. */
  cleanup: () => Promise<void>;
};

type Options = {
  /** Where the temporary files go: on the same disk as the media, so keeping one is a rename. */
  tmpDir: string;
  /** The largest file accepted; one byte more and the whole request is a 413. */
  maxFileBytes: number;
  maxFiles?: number;
  tooLargeKey?: MessageKey;
  /**
   * "reject" (the default) makes a file over the cap fail the whole request with a 413; "drop" keeps the
   * rest of the form and marks that file `tooLarge`, for a form whose text must not be lost with it.
   */
  oversized?: "reject" | "drop";
};

const FIELD_MAX_BYTES = 1024 * 1024;
const MAX_FIELDS = 100;

export function isMultipart(request: Request): boolean {
  return (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

/**
 * Reads a multipart form as it streams in: files go straight to temporary files on disk and are
 * counted on the way, so memory holds one chunk at a time whatever is uploaded. A file over the cap
 * makes the request a 413; the rest of the body is read and dropped (so the client receives the
 * answer instead of a reset connection) up to a hard ceiling, and nothing is kept on disk.
 */
export async function parseMultipart(
  request: Request,
  { tmpDir, maxFileBytes, maxFiles = 2, tooLargeKey = "errors.tooLarge", oversized = "reject" }: Options,
): Promise<MultipartForm> {
  if (!request.body || !isMultipart(request)) throw new AppError(400, "errors.invalid");
  await fs.promises.mkdir(tmpDir, { recursive: true });
  const files: UploadedFile[] = [];
  const fields: [string, string][] = [];
  const cleanup = () => Promise.all(files.map((file) => fs.promises.rm(file.path, { force: true }))).then(() => undefined);

  let busboy: Busboy.Busboy;
  try {
    busboy = Busboy({
      headers: { "content-type": request.headers.get("Content-Type") ?? "" },
      // Vietnamese file names arrive as UTF-8.
      defParamCharset: "utf8",
      limits: { fileSize: maxFileBytes, files: maxFiles, fields: MAX_FIELDS, fieldSize: FIELD_MAX_BYTES },
    });
  } catch {
    throw new AppError(400, "errors.invalid");
  }
  const source = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  const ceiling = maxFiles * maxFileBytes * 2 + MAX_FIELDS * FIELD_MAX_BYTES;
  let received = 0;
  let failure = null as AppError | null;
  const writes: Promise<void>[] = [];
  const outputs: fs.WriteStream[] = [];

  const done = new Promise<void>((resolve, reject) => {
    busboy.on("field", (name, value, info) => {
      if (info.valueTruncated) failure ??= new AppError(413, tooLargeKey);
      fields.push([name, value]);
    });
    busboy.on("file", (field, stream, info) => {
      // An empty file input is posted as a part with no name and no bytes: there is no file.
      if (!info.filename || failure) {
        stream.resume();
        return;
      }
      const file: UploadedFile = { field, path: path.join(tmpDir, `${crypto.randomBytes(16).toString("hex")}.part`), filename: info.filename, declaredType: info.mimeType, size: 0 };
      files.push(file);
      const out = fs.createWriteStream(file.path, { flags: "wx" });
      outputs.push(out);
      stream.on("data", (chunk: Buffer) => (file.size += chunk.byteLength));
      // A form that ends inside a file ("Unexpected end of form") errors the file's stream too: without a
      // listener that error would stop the server. Busboy's own error rejects the request; close the file.
      stream.on("error", () => out.destroy());
      stream.on("limit", () => {
        if (oversized === "drop") file.tooLarge = true;
        else failure ??= new AppError(413, tooLargeKey);
        stream.unpipe(out);
        out.end();
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
    busboy.on("filesLimit", () => (failure ??= new AppError(400, "errors.invalid")));
    busboy.on("fieldsLimit", () => (failure ??= new AppError(413, tooLargeKey)));
    busboy.on("error", () => reject(new AppError(400, "errors.invalid")));
    busboy.on("close", resolve);
    source.on("data", (chunk: Buffer) => {
      received += chunk.byteLength;
      if (received > ceiling) {
        source.destroy();
        reject(new AppError(413, tooLargeKey));
      }
    });
    source.on("error", () => reject(new AppError(400, "errors.invalid")));
  });
  source.pipe(busboy);

  try {
    await done;
    await Promise.all(writes);
    if (failure) throw failure;
  } catch (error) {
    // A body that stopped midway (the client went away, or the ceiling was passed) leaves a file part
    // that will never end: close its file so the write settles and the temporary file can be removed.
    source.unpipe(busboy);
    for (const out of outputs) out.destroy();
    await Promise.allSettled(writes);
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
