import type { Route } from "./+types/storyteller-link";
import { requireUser } from "~/services/auth.server";
import { apiHandler, methodNotAllowed, paramId, refuseMethod } from "~/lib/http.server";
import { revokeStorytellerLink } from "~/models/storyteller-link.server";

/** DELETE /api/storyteller-links/{id}: revokes a link of one of the user's books; her page says so at once. */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  const user = requireUser(args);
  if (args.request.method !== "DELETE") return refuseMethod(args.context, ["DELETE"]);
  const link = await revokeStorytellerLink({ linkId: paramId(args.params.id), userId: user.id });
  return { ok: true, id: link.id };
});

export const loader = methodNotAllowed("DELETE");
