import type { Route } from "./+types/api.reorder-topics";
import { requireUser } from "~/http/auth.server";
import { readJsonInput } from "~/http/json-body.server";
import { apiHandler, methodNotAllowed, paramId, refuseMethod } from "~/http/responses.server";
import { reorderTopicsSchema } from "~/lib/validation";
import { reorderTopics } from "~/models/topic.server";

/** POST /api/books/{id}/reorder-topics: { topicIds } — exactly the book's own topic ids, in the new order. */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  const user = requireUser(args);
  if (args.request.method !== "POST") return refuseMethod(args.context, ["POST"]);
  const { topicIds } = await readJsonInput(args.context, args.request, reorderTopicsSchema);
  await reorderTopics({ bookId: paramId(args.params.id), userId: user.id, topicIds });
  return { ok: true };
});

export const loader = methodNotAllowed("POST");
