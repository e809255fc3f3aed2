import type { Route } from "./+types/media.render";
import { requireUser } from "~/lib/auth.server";
import { UPLOADED_COVER_PREFIX } from "~/lib/covers";
import { apiHandler, jsonError } from "~/lib/http.server";
import { userHasCover } from "~/models/book.server";
import { readCover } from "~/models/media.server";
import { isAdmin } from "~/models/user.server";

/**
 * GET /api/media/render/{ref}: media files, only for their owner or the admin.
 * `cover:{key}` is an uploaded book cover.
 */
export const loader = apiHandler(async (args: Route.LoaderArgs) => {
  const user = requireUser(args);
  const url = `${UPLOADED_COVER_PREFIX}${(args.params.ref ?? "").replace(/^cover:/, "")}`;
  if (!args.params.ref?.startsWith("cover:")) return jsonError(args.context, 404, "errors.notFound");
  if (!isAdmin(user) && !userHasCover({ userId: user.id, coverImage: url })) return jsonError(args.context, 404, "errors.notFound");
  const bytes = await readCover(url);
  if (!bytes) return jsonError(args.context, 404, "errors.notFound");
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(bytes.byteLength),
      // The URL changes whenever the cover does, so it may be kept; but only by this user's browser.
      "Cache-Control": "private, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
