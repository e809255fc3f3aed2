type Range = { start: number; end: number };

/**
 * The one byte range a `Range: bytes=…` header asks for within `size` bytes; "unsatisfiable" when it
 * lies outside the file, null when there is no usable single range (then the whole file is sent).
 */
export function parseRange(header: string | null, size: number): Range | "unsatisfiable" | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === "" && match[2] === "")) return null;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    return suffix === 0 || size === 0 ? "unsatisfiable" : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start >= size || start > end ? "unsatisfiable" : { start, end };
}

type FileToSend = {
  size: number;
  contentType: string;
  /** Quoted, and different whenever the bytes are: stored files never change, so their key will do. */
  etag: string;
  cacheControl: string;
  /** The bytes from `start` to `end`, inclusive; asked for only when the answer sends a body. */
  open: (start: number, end: number) => ReadableStream<Uint8Array> | Promise<ReadableStream<Uint8Array>>;
  extraHeaders?: Record<string, string>;
};

/**
 * A stored file as an HTTP response: the type the server determined (never guessed by the browser),
 * an ETag answered with 304, and byte ranges answered with 206, so a phone can seek in a recording
 * without downloading it all.
 */
export async function fileResponse(request: Request, file: FileToSend): Promise<Response> {
  const headers = new Headers({
    "Content-Type": file.contentType,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": file.cacheControl,
    "Accept-Ranges": "bytes",
    ETag: file.etag,
    ...file.extraHeaders,
  });
  const cached = request.headers.get("If-None-Match");
  if (cached?.split(",").some((tag) => tag.trim() === file.etag || tag.trim() === "*"))
    return new Response(null, { status: 304, headers });
  const ifRange = request.headers.get("If-Range");
  const range = ifRange && ifRange !== file.etag ? null : parseRange(request.headers.get("Range"), file.size);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${file.size}`);
    return new Response(null, { status: 416, headers });
  }
  const { start, end } = range ?? { start: 0, end: file.size - 1 };
  headers.set("Content-Length", String(Math.max(0, end - start + 1)));
  if (range) headers.set("Content-Range", `bytes ${start}-${end}/${file.size}`);
  const body = request.method === "HEAD" || file.size === 0 ? null : await file.open(start, end);
  return new Response(body, { status: range ? 206 : 200, headers });
}
