import type { Route } from "./+types/shared-media";
import { fileResponse } from "~/http/file-response.server";
import { sharedMediaFor } from "~/routes/sharing/shared-book.server";
import { mediaFileSize, mediaFileStream } from "~/models/media-storage.server";
import { readCover } from "~/models/media.server";

// Revalidated on every use (a cheap 304): a revoked link must stop working at once, also from a cache.
const SHARED_CACHE = "private, no-cache";
const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Robots-Tag": "noindex" },
  });

/**
 * GET /s/{token}/media/{id | cover}: a shared book's photo (`?size=thumb`), recording or uploaded cover,
 * only for media of that book's published stories. Byte ranges for recordings, so phones can seek.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const found = await sharedMediaFor(params.token ?? "", params.ref ?? "");
  if (!found) return notFound();
  if (found.kind === "cover") {
    const bytes = await readCover(found.coverImage);
    if (!bytes) return notFound();
    return fileResponse(request, {
      size: bytes.byteLength,
      contentType: "image/webp",
      etag: `"${found.coverImage.split(":").pop()}"`,
      cacheControl: SHARED_CACHE,
      open: (start, end) => new Blob([new Uint8Array(bytes).subarray(start, end + 1)]).stream(),
      extraHeaders: { "X-Robots-Tag": "noindex" },
    });
  }
  const { media } = found;
  const variant =
    media.type === "image" && new URL(request.url).searchParams.get("size") === "thumb" ? "thumb" : "full";
  const size = await mediaFileSize(media.storageKey, variant);
  if (size === null) return notFound();
  return fileResponse(request, {
    size,
    contentType: variant === "thumb" ? "image/webp" : media.mimeType,
    etag: `"${media.storageKey}-${variant}"`,
    cacheControl: SHARED_CACHE,
    open: (start, end) => mediaFileStream(media.storageKey, variant, start, end),
    extraHeaders: { "X-Robots-Tag": "noindex" },
  });
}
