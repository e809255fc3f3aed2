import type { Route } from "./+types/api.shares";
import { requireUser } from "~/http/auth.server";
import { apiHandler, methodNotAllowed, refuseMethod } from "~/http/responses.server";
import { revokeShareByToken } from "~/models/share.server";

/** DELETE /api/shares/{token}: revokes a link of one of the user's books; the page behind it is gone at once. */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  const user = requireUser(args);
  if (args.request.method !== "DELETE") return refuseMethod(args.context, ["DELETE"]);
  const share = await revokeShareByToken({ token: args.params.token ?? "", userId: user.id });
  return { ok: true, id: share.id };
});

export const loader = methodNotAllowed("DELETE");
