import type { Route } from "./+types/api.login";
import { readJsonInput } from "~/http/json-body.server";
import { apiHandler, jsonError, methodNotAllowed, refuseMethod } from "~/http/responses.server";
import { LoginRefused, signIn } from "~/routes/auth/sign-in.server";
import { loginSchema } from "~/lib/validation";
import { toPublicUser } from "~/models/user.server";

export const action = apiHandler(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return refuseMethod(context, ["POST"]);
  const input = await readJsonInput(context, request, loginSchema);
  try {
    const { user, headers } = await signIn(request, context, input);
    return Response.json(toPublicUser(user), { headers });
  } catch (error) {
    if (!(error instanceof LoginRefused)) throw error;
    return jsonError(context, error.status, error.messageKey, undefined, error.headers);
  }
});

export const loader = methodNotAllowed("POST");
