import type { Route } from "./+types/api.link";
import { requireUser } from "~/http/auth.server";
import { readJsonInput } from "~/http/json-body.server";
import { apiHandler, methodNotAllowed, paramId, refuseMethod } from "~/http/responses.server";
import { storytellerAddressSchema } from "~/lib/validation";
import { revokeStorytellerLink, setStorytellerAddress } from "~/models/storyteller-link.server";

/**
 * PUT /api/storyteller-links/{id} `{address}`: how her page addresses her from now on (issue 35), answered
 * `{id, address}`. DELETE revokes a link of one of the user's books; her page says so at once.
 */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  const user = requireUser(args);
  const { method } = args.request;
  if (method !== "PUT" && method !== "DELETE") return refuseMethod(args.context, ["PUT", "DELETE"]);
  const linkId = paramId(args.params.id);
  if (method === "PUT") {
    const { address } = await readJsonInput(args.context, args.request, storytellerAddressSchema);
    const link = await setStorytellerAddress({ linkId, userId: user.id, address });
    return { id: link.id, address: link.address };
  }
  const link = await revokeStorytellerLink({ linkId, userId: user.id });
  return { ok: true, id: link.id };
});

export const loader = methodNotAllowed("PUT", "DELETE");
