import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import type { RouterContextProvider } from "react-router";
import { requireUser } from "~/http/auth.server";
import { fileResponse } from "~/http/file-response.server";
import { jsonError, paramId } from "~/http/responses.server";
import { shareUrl } from "~/http/share-url.server";
import { attachmentDisposition } from "~/lib/keepsake-names";
import { askedKeepsake, mayHaveKeepsakes } from "~/routes/printed-book/keepsake-request.server";
import { keepsakeState } from "~/routes/printed-book/keepsakes.server";
import type { KeepsakeKind } from "~/routes/printed-book/keepsake/keepsake-task";

/** How long a request waits for a book that may be ready soon (a small one's), before answering 202. */
const WAIT_MS = 1500;
/** When to ask again while a book is being prepared. */
const RETRY_AFTER_SECONDS = 2;

const CONTENT_TYPE: Record<KeepsakeKind, string> = {
  pdf: "application/pdf",
  print: "application/zip",
  epub: "application/epub+zip",
};

type Args = { request: Request; params: { id?: string }; context: Readonly<RouterContextProvider> };

/**
 * A keepsake's GET (issue 38), for the book's owner or the admin (its route has refused another site's first): 202
 * with `Retry-After` and `{status: "preparing", page, pages}` while it is being prepared, then the file from the
 * cache, kept by the hash of what it is made from: its ETag, answered with 304.
 */
export async function keepsakeResponse(args: Args, kind: KeepsakeKind): Promise<Response> {
  const user = requireUser(args);
  const bookId = paramId(args.params.id);
  // The admin may have any book's; a book that is not there is a 404 from keepsakeState.
  if (!(await mayHaveKeepsakes(user, bookId))) return jsonError(args.context, 404, "books.notFound");
  const asked = askedKeepsake(kind, new URL(args.request.url));
  if ("error" in asked) return jsonError(args.context, 400, asked.error);
  const state = await keepsakeState({
    ...asked,
    bookId,
    userId: user.id,
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
    contentType: CONTENT_TYPE[kind],
    etag: state.etag,
    // Private, and asked again each time: the book changes as the family writes; the ETag makes a repeat cheap.
    cacheControl: "private, no-cache",
    open: (start, end) => Readable.toWeb(createReadStream(state.file, { start, end })) as ReadableStream<Uint8Array>,
    extraHeaders: { "Content-Disposition": attachmentDisposition(state.fileName) },
  });
}
