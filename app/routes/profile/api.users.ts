import type { Route } from "./+types/api.users";
import { requireUser } from "~/http/auth.server";
import { readJsonInput } from "~/http/json-body.server";
import { apiHandler, jsonError, methodNotAllowed, refuseMethod } from "~/http/responses.server";
import { readSessionToken } from "~/http/session.server";
import { profileSchema } from "~/lib/validation";
import { toPublicUser, updateProfile } from "~/models/user.server";

/** PUT /api/users/{id}: a user changes their own profile, and only their own. */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  const { request, context, params } = args;
  const user = requireUser(args);
  if (request.method !== "PUT") return refuseMethod(context, ["PUT"]);
  if (Number(params.id) !== user.id) return jsonError(context, 403, "profile.onlyOwn");
  const input = await readJsonInput(context, request, profileSchema);
  // A new password signs the user out everywhere but here.
  const updated = await updateProfile(user, input, { sessionToken: readSessionToken(request) });
  return toPublicUser(updated ?? user);
});

export const loader = methodNotAllowed("PUT");
