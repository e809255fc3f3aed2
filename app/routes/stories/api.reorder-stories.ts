import type { Route } from "./+types/api.reorder-stories";
import { requireUser } from "~/http/auth.server";
import { readJsonInput } from "~/http/json-body.server";
import { apiHandler, methodNotAllowed, paramId, refuseMethod } from "~/http/responses.server";
import { reorderStoriesSchema } from "~/lib/validation";
import { reorderStories } from "~/models/story.server";

/** POST /api/topics/{id}/reorder-stories: { storyIds } — exactly the topic's own story ids. */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  const user = requireUser(args);
  if (args.request.method !== "POST") return refuseMethod(args.context, ["POST"]);
  const { storyIds } = await readJsonInput(args.context, args.request, reorderStoriesSchema);
  await reorderStories({ topicId: paramId(args.params.id), userId: user.id, storyIds });
  return { ok: true };
});

export const loader = methodNotAllowed("POST");
