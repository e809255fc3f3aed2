import type { Route } from "./+types/api.book-preview";
import { requireUser } from "~/http/auth.server";
import { apiHandler, jsonError, paramId, refuseMethod, translate } from "~/http/responses.server";
import { ndjsonResponse } from "~/http/ndjson.server";
import { bookPreview } from "~/routes/previews/previews.server";
import { refuseCrossSiteWrite } from "~/http/writing-get.server";
import { getBook } from "~/models/book.server";
import { fastT } from "~/i18n/fast-t";
import resources from "~/i18n/resources";
import { readablePreviewText } from "~/routes/previews/preview-blocks";

/**
 * `{ preview, fromCache }`: the cached preview while the book is unchanged, else a new one (which is
 * cached); `?force=true` makes a new one. `?stream=1` streams it; `?download=1` answers the text file
 * '<title> Preview.txt' ('<title> Bản thảo.txt' in Vietnamese).
 */
async function preview(args: Route.LoaderArgs | Route.ActionArgs) {
  const user = requireUser(args);
  const bookId = paramId(args.params.id);
  const book = await getBook({ bookId, userId: user.id });
  if (!book) return jsonError(args.context, 404, "books.notFound");
  const params = new URL(args.request.url).searchParams;
  const force = params.get("force") === "true";
  const run = (onText?: (text: string) => void) =>
    bookPreview({ bookId, userId: user.id, force, signal: args.request.signal, onText });
  if (params.get("stream") === "1") return ndjsonResponse(args.context, (onText) => run(onText));
  const result = await run();
  if (params.get("download") !== "1") return result;
  const filename = `${book.title} ${translate(args.context, "preview.fileSuffix")}.txt`;
  // RFC 6266/5987: the UTF-8 name for every browser, an ASCII one for the rest.
  const asciiName = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  // The file is read outside Heirloom: its photos become lines in the book's language, not raw markers.
  const t = fastT(book.language, resources[book.language].translation);
  const text = readablePreviewText(result.preview, (caption) => t("preview.photoLine", { caption }));
  return new Response(text, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    },
  });
}

/**
 * GET /api/books/{id}/preview[?force=true] (docs/product.md §7): a stale or forced preview is generated and cached,
 * so it is a GET that writes: never for another site (403). The download link is one of our own pages'.
 */
export const loader = apiHandler(async (args: Route.LoaderArgs) => {
  refuseCrossSiteWrite(args);
  return preview(args);
});

/** POST /api/books/{id}/preview: the same, as the workspace's Regenerate asks for it (ADR 0022). */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  requireUser(args);
  if (args.request.method !== "POST") return refuseMethod(args.context, ["GET", "POST"]);
  return preview(args);
});
