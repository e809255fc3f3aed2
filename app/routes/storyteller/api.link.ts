import type { Route } from "./+types/api.link";
import { requireUser } from "~/http/auth.server";
import { readJsonInput } from "~/http/json-body.server";
import { apiHandler, methodNotAllowed, paramId, refuseMethod } from "~/http/responses.server";
import { storytellerLinkChangesSchema } from "~/lib/validation";
import { changeStorytellerLink, revokeStorytellerLink } from "~/models/storyteller-link.server";
import { siteOrigin } from "~/http/request-origin.server";

/**
 * PUT /api/storyteller-links/{id} `{address?, email?, schedule?, paused?}`: how her page addresses her (issue 35), her
 * email address and the weekly question's schedule (issue 37), answered with the link as the book's list shows it
 * (with `nextSendAt`). DELETE revokes a link of one of the user's books; her page says so at once.
 */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  const user = requireUser(args);
  const { method } = args.request;
  if (method !== "PUT" && method !== "DELETE") return refuseMethod(args.context, ["PUT", "DELETE"]);
  const linkId = paramId(args.params.id);
  if (method === "PUT") {
    const changes = await readJsonInput(args.context, args.request, storytellerLinkChangesSchema);
    // The site's address as the owner reaches it now, for her email's links (without PUBLIC_URL).
    return (await changeStorytellerLink({ linkId, userId: user.id, changes, origin: siteOrigin(args.request) })).link;
  }
  const link = await revokeStorytellerLink({ linkId, userId: user.id });
  return { ok: true, id: link.id };
});

export const loader = methodNotAllowed("PUT", "DELETE");
