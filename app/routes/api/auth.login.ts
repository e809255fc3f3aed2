import type { Route } from "./+types/auth.login";
import { apiHandler, jsonError, methodNotAllowed, parseOrThrow, refuseMethod } from "~/lib/http.server";
import { readJson } from "~/lib/request-body.server";
import { LoginRefused, loginForm, signIn } from "~/services/login.server";
import { loginSchema } from "~/lib/validation";
import { toPublicUser } from "~/models/user.server";

export const action = apiHandler(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return refuseMethod(context, ["POST"]);
  const input = parseOrThrow(context, loginSchema, await readJson(request));
  try {
    const { user, headers } = await signIn(request, context, loginForm(input));
    return Response.json(toPublicUser(user), { headers });
  } catch (error) {
    if (!(error instanceof LoginRefused)) throw error;
    return jsonError(context, error.status, error.messageKey, undefined, error.headers);
  }
});

export const loader = methodNotAllowed("POST");
