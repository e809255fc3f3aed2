import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import type { Route } from "./+types/api.book-pdf";
import { apiHandler, jsonError, methodNotAllowed, paramId } from "~/http/responses.server";
import { fileResponse } from "~/http/file-response.server";
import { attachmentDisposition } from "~/lib/keepsake-names";
import { shareUrl } from "~/http/share-url.server";
import { refuseCrossSiteWrite } from "~/http/writing-get.server";
import { requireUser } from "~/http/auth.server";
import { keepsakeState } from "~/routes/printed-book/book-pdf.server";
import { askedSize, mayHaveKeepsakes } from "~/routes/printed-book/keepsake-request.server";

/** How long a request waits for a book that may be ready soon (a small one's), before answering 202. */
const WAIT_MS = 1500;
/** When to ask again while a book is being prepared. */
const RETRY_AFTER_SECONDS = 2;

/**
 * GET /api/books/{id}/book.pdf?size=6x9|a5|letter: the printed book (issue 19), for its owner or the admin. A book is
 * made by a job (issue 38): while it is being prepared, 202 with `Retry-After` and `{status: "preparing", page,
 * pages}`; once it is ready, the file streams from the cache, where it is kept by the hash of what it is made from:
 * its ETag, answered with 304.
 */
export const loader = apiHandler(async (args: Route.LoaderArgs) => {
  const user = requireUser(args);
  // Laying a book out takes seconds of CPU and writes the cache: a GET another site starts is refused (ADR 0022).
  refuseCrossSiteWrite(args);
  const bookId = paramId(args.params.id);
  // The admin may print any book; a book that is not there is a 404 from keepsakeState.
  if (!(await mayHaveKeepsakes(user, bookId))) return jsonError(args.context, 404, "books.notFound");
  const size = askedSize(new URL(args.request.url));
  if (!size) return jsonError(args.context, 400, "printedBook.badSize");
  const state = await keepsakeState({
    kind: "pdf",
    bookId,
    userId: user.id,
    size,
    linkAddress: (token) => shareUrl(args.request, token),
    waitMs: WAIT_MS,
  });
  if (state.status === "preparing")
    return Response.json(
      { status: "preparing", page: state.page, pages: state.pages },
      { status: 202, headers: { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" } },
    );
  return fileResponse(args.request, {
    size: state.size,
    contentType: "application/pdf",
    etag: state.etag,
    // Private, and asked again each time: the book changes as the family writes; the ETag makes a repeat cheap.
    cacheControl: "private, no-cache",
    open: (start, end) => Readable.toWeb(createReadStream(state.file, { start, end })) as ReadableStream<Uint8Array>,
    extraHeaders: { "Content-Disposition": attachmentDisposition(state.fileName) },
  });
});

export const action = methodNotAllowed("GET");
