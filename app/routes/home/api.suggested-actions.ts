import type { Route } from "./+types/api.suggested-actions";
import { requireUser } from "~/http/auth.server";
import { apiHandler, methodNotAllowed } from "~/http/responses.server";
import { apiQueryNumbers } from "~/http/query.server";
import { listSuggestedActions } from "~/models/question.server";

/** GET /api/suggested-actions[?limit=1…20, default 2]: unanswered questions, the most recently worked-on book first. */
export const loader = apiHandler(async (args: Route.LoaderArgs) => {
  const user = requireUser(args);
  const { limit } = apiQueryNumbers(args, "api/suggested-actions");
  return { suggestedActions: await listSuggestedActions({ userId: user.id, limit }) };
});

export const action = methodNotAllowed("GET");
