import type { Route } from "./+types/me";
import { requireUser } from "~/lib/auth.server";
import { apiHandler } from "~/lib/http.server";
import { toPublicUser } from "~/models/user.server";

const NO_STORE = { "Cache-Control": "no-store" };

export const loader = apiHandler(async (args: Route.LoaderArgs) => {
  try {
    return Response.json(toPublicUser(requireUser(args)), { headers: NO_STORE });
  } catch (error) {
    if (error instanceof Response) error.headers.set("Cache-Control", "no-store");
    throw error;
  }
});
