import type { Route } from "./+types/api.logout";
import { apiHandler, methodNotAllowed, refuseMethod } from "~/http/responses.server";
import { endSession } from "~/http/session.server";

export const action = apiHandler(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return refuseMethod(context, ["POST"]);
  return Response.json({ ok: true }, { headers: { "Set-Cookie": await endSession(request) } });
});

export const loader = methodNotAllowed("POST");
