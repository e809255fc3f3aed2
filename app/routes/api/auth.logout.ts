import type { Route } from "./+types/auth.logout";
import { apiHandler, jsonError } from "~/lib/http.server";
import { endSession } from "~/lib/session.server";

export const action = apiHandler(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return jsonError(context, 405, "errors.methodNotAllowed");
  return Response.json({ ok: true }, { headers: { "Set-Cookie": endSession(request) } });
});
