import type { Route } from "./+types/api.user";
import { requireAdmin } from "~/http/auth.server";
import { readJsonInput } from "~/http/json-body.server";
import { apiHandler, jsonError, methodNotAllowed, paramId, refuseMethod } from "~/http/responses.server";
import { readSessionToken } from "~/http/session.server";
import { updateUserSchema } from "~/lib/validation";
import { deleteUser, toPublicUser, updateUser } from "~/models/user.server";

/** PUT and DELETE /api/admin/users/{id}. */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  const admin = requireAdmin(args);
  const { request, context, params } = args;
  const id = paramId(params.id);
  if (id < 0) return jsonError(context, 404, "errors.notFound");
  if (request.method === "PUT") {
    const input = await readJsonInput(context, request, updateUserSchema);
    // A reset password signs the user out everywhere (the admin keeps their own session when it is theirs).
    return toPublicUser(await updateUser(id, input, admin.id, { keepSessionToken: readSessionToken(request) }));
  }
  if (request.method === "DELETE") {
    await deleteUser(id, admin.id);
    return { ok: true };
  }
  return refuseMethod(context, ["PUT", "DELETE"]);
});

export const loader = methodNotAllowed("PUT", "DELETE");
