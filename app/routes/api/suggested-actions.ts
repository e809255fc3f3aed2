import type { Route } from "./+types/suggested-actions";
import { requireUser } from "~/lib/auth.server";
import { apiHandler, methodNotAllowed } from "~/lib/http.server";
import { listSuggestedActions } from "~/models/question.server";

export const SUGGESTED_ACTIONS_LIMIT = 2;

/** GET /api/suggested-actions: unanswered questions, the most recently worked-on book first. */
export const loader = apiHandler((args: Route.LoaderArgs) => {
  const user = requireUser(args);
  const limit = Math.min(Math.max(Number(new URL(args.request.url).searchParams.get("limit")) || SUGGESTED_ACTIONS_LIMIT, 1), 20);
  return { suggestedActions: listSuggestedActions({ userId: user.id, limit }) };
});

export const action = methodNotAllowed("GET");
