import type { Route } from "./+types/api.book-links";
import { requireUser } from "~/http/auth.server";
import { readJsonInput } from "~/http/json-body.server";
import { apiHandler, jsonError, paramId, refuseMethod } from "~/http/responses.server";
import { siteOrigin } from "~/http/request-origin.server";
import { storytellerUrl } from "~/routes/storyteller/storyteller-url.server";
import { storytellerLinkSchema } from "~/lib/validation";
import { createStorytellerLink, listStorytellerLinks } from "~/models/storyteller-link.server";

/**
 * GET /api/books/{id}/storyteller-links: the book's storyteller links, newest first, without their tokens (which are
 * not kept), each with its answer count and last use.
 */
export const loader = apiHandler(async (args: Route.LoaderArgs) => {
  const user = requireUser(args);
  const links = await listStorytellerLinks({ bookId: paramId(args.params.id), userId: user.id });
  return links ?? jsonError(args.context, 404, "books.notFound");
});

/**
 * POST /api/books/{id}/storyteller-links `{name?, address?, topicIds?, expiresAt?}`: a new link, 201
 * `{id, token, url, name, address, expiresAt}`; the only time the token is seen. Without an address, the one her name
 * begins with, else "ban" (the schema reads it).
 */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  const user = requireUser(args);
  if (args.request.method !== "POST") return refuseMethod(args.context, ["GET", "POST"]);
  const body = await readJsonInput(args.context, args.request, storytellerLinkSchema);
  const { token, link } = await createStorytellerLink({
    bookId: paramId(args.params.id),
    userId: user.id,
    name: body.name,
    address: body.address,
    // Left out: every topic not archived, those the family adds later too.
    topicIds: body.topicIds ?? null,
    expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
    origin: siteOrigin(args.request),
  });
  return Response.json(
    {
      id: link.id,
      token,
      url: storytellerUrl(args.request, token),
      name: link.name,
      address: link.address,
      expiresAt: link.expiresAt,
    },
    { status: 201 },
  );
});
