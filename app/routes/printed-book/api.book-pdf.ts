import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import type { Route } from "./+types/api.book-pdf";
import { PRINT_SIZES, DEFAULT_PRINT_SIZE, type PrintSize } from "~/routes/printed-book/layout/print-job";
import { apiHandler, jsonError, methodNotAllowed, paramId } from "~/http/responses.server";
import { fileResponse } from "~/http/file-response.server";
import { attachmentDisposition } from "~/lib/keepsake-names";
import { shareUrl } from "~/http/share-url.server";
import { refuseCrossSiteWrite } from "~/http/writing-get.server";
import { getBook } from "~/models/book.server";
import { isAdmin } from "~/models/user.server";
import { requireUser } from "~/http/auth.server";
import { printedBook } from "~/routes/printed-book/book-pdf.server";

const isPrintSize = (value: string): value is PrintSize => (PRINT_SIZES as readonly string[]).includes(value);

/**
 * GET /api/books/{id}/book.pdf?size=6x9|a5|letter: the printed book (issue 19), for its owner or the admin. The file
 * streams from the cache, where it is kept by the hash of what it is made from: its ETag, answered with 304.
 */
export const loader = apiHandler(async (args: Route.LoaderArgs) => {
  const user = requireUser(args);
  // Laying a book out takes seconds of CPU and writes the cache: a GET another site starts is refused (ADR 0022).
  refuseCrossSiteWrite(args);
  const bookId = paramId(args.params.id);
  // The admin may print any book; a book that is not there is a 404 from printedBook.
  if (!isAdmin(user) && !(await getBook({ bookId, userId: user.id })))
    return jsonError(args.context, 404, "books.notFound");
  const size = new URL(args.request.url).searchParams.get("size") || DEFAULT_PRINT_SIZE;
  if (!isPrintSize(size)) return jsonError(args.context, 400, "printedBook.badSize");
  const printed = await printedBook({ bookId, size, linkAddress: (token) => shareUrl(args.request, token) });
  return fileResponse(args.request, {
    size: printed.size,
    contentType: "application/pdf",
    etag: printed.etag,
    // Private, and asked again each time: the book changes as the family writes; the ETag makes a repeat cheap.
    cacheControl: "private, no-cache",
    open: (start, end) => Readable.toWeb(createReadStream(printed.file, { start, end })) as ReadableStream<Uint8Array>,
    extraHeaders: { "Content-Disposition": attachmentDisposition(printed.fileName) },
  });
});

export const action = methodNotAllowed("GET");
