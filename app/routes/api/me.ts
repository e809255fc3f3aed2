import type { Route } from "./+types/me";
import { getOptionalUser } from "~/lib/auth.server";
import { jsonError, methodNotAllowed } from "~/lib/http.server";
import { toPublicUser } from "~/models/user.server";

// Never cached: it is how a client learns whether it is still signed in.
const NO_STORE = { "Cache-Control": "no-store" };

export function loader({ context }: Route.LoaderArgs) {
  const user = getOptionalUser(context);
  if (!user) return jsonError(context, 401, "errors.unauthenticated", undefined, NO_STORE);
  return Response.json(toPublicUser(user), { headers: NO_STORE });
}

export const action = methodNotAllowed("GET");
