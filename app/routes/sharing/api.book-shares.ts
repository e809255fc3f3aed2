import type { Route } from "./+types/api.book-shares";
import { requireUser } from "~/http/auth.server";
import { readJsonInput } from "~/http/json-body.server";
import { apiHandler, jsonError, paramId, refuseMethod } from "~/http/responses.server";
import { shareUrl } from "~/http/share-url.server";
import { shareSchema } from "~/lib/validation";
import { createShare, listShares } from "~/models/share.server";

/** GET /api/books/{id}/shares: the book's read-only links, newest first (their tokens are not kept). */
export const loader = apiHandler(async (args: Route.LoaderArgs) => {
  const user = requireUser(args);
  return (
    (await listShares({ bookId: paramId(args.params.id), userId: user.id })) ??
    jsonError(args.context, 404, "books.notFound")
  );
});

/**
 * POST /api/books/{id}/shares `{expiresAt?}`: a new link, 201 `{id, token, url, createdAt, expiresAt}`; the only time
 * the token is seen.
 */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  const user = requireUser(args);
  if (args.request.method !== "POST") return refuseMethod(args.context, ["GET", "POST"]);
  const body = await readJsonInput(args.context, args.request, shareSchema);
  const { token, share } = await createShare({
    bookId: paramId(args.params.id),
    userId: user.id,
    expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
  });
  return Response.json(
    { id: share.id, token, url: shareUrl(args.request, token), createdAt: share.createdAt, expiresAt: share.expiresAt },
    { status: 201 },
  );
});
