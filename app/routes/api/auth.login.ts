import type { Route } from "./+types/auth.login";
import { apiHandler, jsonError, methodNotAllowed, parseOrThrow, refuseMethod } from "~/lib/http.server";
import { readJson } from "~/lib/request-body.server";
import { attemptLogin } from "~/lib/login.server";
import { loginSchema } from "~/lib/validation";
import { toPublicUser } from "~/models/user.server";

export const action = apiHandler(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return refuseMethod(context, ["POST"]);
  const input = parseOrThrow(context, loginSchema, await readJson(request));
  const result = await attemptLogin(request, context, input);
  if (!result.ok) return jsonError(context, result.status, result.messageKey, undefined, result.headers);
  return Response.json(toPublicUser(result.user), { headers: result.headers });
});

export const loader = methodNotAllowed("POST");
