import type { Route } from "./+types/api.me";
import { getOptionalUser } from "~/http/auth.server";
import { jsonError, methodNotAllowed } from "~/http/responses.server";
import { toPublicUser } from "~/models/user.server";

export function loader({ context }: Route.LoaderArgs) {
  const user = getOptionalUser(context);
  // Never cached, like every answer that depends on the session (cache-control.server.ts).
  if (!user) return jsonError(context, 401, "errors.unauthenticated");
  return Response.json(toPublicUser(user));
}

export const action = methodNotAllowed("GET");
