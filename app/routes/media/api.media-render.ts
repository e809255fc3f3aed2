import type { Route } from "./+types/api.media-render";
import { requireUser } from "~/http/auth.server";
import { UPLOADED_COVER_PREFIX } from "~/lib/covers";
import { fileResponse } from "~/http/file-response.server";
import { apiHandler, jsonError, methodNotAllowed, paramId } from "~/http/responses.server";
import { PLACEHOLDER_SVG } from "~/routes/media/placeholder-image";
import { userHasCover } from "~/models/book.server";
import { mediaFileSize, mediaFileStream } from "~/models/media-storage.server";
import { findMediaByDescription, getMedia, readCover } from "~/models/media.server";
import { isAdmin } from "~/models/user.server";

// A browser may keep a copy ("private": no shared cache), but must ask again before each use ("no-cache"), so
// the owner check runs every time: the cache is per browser, not per user, and after a logout the next user of
// that browser must not be shown the photo from it. A stored file never changes under its key, so asking again
// costs a 304 (the ETag), not the bytes. (ADR 21; ADR 13 had let a copy be used for a day unasked.)
const MEDIA_CACHE = "private, no-cache";

/**
 * GET /api/media/render/{ref}, for the owner of the media or the admin (docs/product.md §7):
 * - `id:{id}` a photo or recording (`?size=thumb` for a photo's thumbnail);
 * - `{description}` the user's own newest media with that description, the fallback when an id fails;
 * - `placeholder` the image shown when a photo cannot be;
 * - `cover:{key}` an uploaded book cover.
 */
export const loader = apiHandler(async (args: Route.LoaderArgs) => {
  const ref = args.params.ref ?? "";
  if (ref === "placeholder") {
    return new Response(PLACEHOLDER_SVG, {
      headers: {
        "Content-Type": "image/svg+xml",
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "public, max-age=86400",
      },
    });
  }
  const user = requireUser(args);
  if (ref.startsWith("cover:"))
    return coverResponse(args, user, `${UPLOADED_COVER_PREFIX}${ref.slice("cover:".length)}`);
  const byId = /^id:(\d{1,10})$/.exec(ref);
  const mediaId = byId ? paramId(byId[1]) : (await findMediaByDescription({ description: ref, userId: user.id }))?.id;
  const item = mediaId ? await getMedia({ mediaId, userId: user.id, admin: isAdmin(user) }) : null;
  if (!item) return jsonError(args.context, 404, "media.notFound");
  const variant =
    item.type === "image" && new URL(args.request.url).searchParams.get("size") === "thumb" ? "thumb" : "full";
  const size = await mediaFileSize(item.storageKey, variant);
  if (size === null) return jsonError(args.context, 404, "media.notFound");
  return fileResponse(args.request, {
    size,
    contentType: item.mimeType,
    etag: `"${item.storageKey}-${variant}"`,
    cacheControl: MEDIA_CACHE,
    open: (start, end) => mediaFileStream(item.storageKey, variant, start, end),
  });
});

async function coverResponse(args: Route.LoaderArgs, user: { id: number; username: string }, url: string) {
  if (!isAdmin(user) && !(await userHasCover({ userId: user.id, coverImage: url })))
    return jsonError(args.context, 404, "errors.notFound");
  const bytes = await readCover(url);
  if (!bytes) return jsonError(args.context, 404, "errors.notFound");
  // The URL changes whenever the cover does, so its key is its ETag; revalidated like the media above.
  return fileResponse(args.request, {
    size: bytes.byteLength,
    contentType: "image/webp",
    etag: `"${url.split(":").pop()}"`,
    cacheControl: MEDIA_CACHE,
    open: (start, end) => new Blob([new Uint8Array(bytes).subarray(start, end + 1)]).stream(),
  });
}

export const action = methodNotAllowed("GET");
