import type { Route } from "./+types/topic.reorder-stories";
import { requireUser } from "~/services/auth.server";
import { apiHandler, methodNotAllowed, paramId, parseOrThrow, refuseMethod } from "~/lib/http.server";
import { readJson } from "~/lib/request-body.server";
import { reorderStoriesSchema } from "~/lib/validation";
import { reorderStories } from "~/models/story.server";

/** POST /api/topics/{id}/reorder-stories: { storyIds } — exactly the topic's own story ids. */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  const user = requireUser(args);
  if (args.request.method !== "POST") return refuseMethod(args.context, ["POST"]);
  const { storyIds } = parseOrThrow(args.context, reorderStoriesSchema, await readJson(args.request));
  reorderStories({ topicId: paramId(args.params.id), userId: user.id, storyIds });
  return { ok: true };
});

export const loader = methodNotAllowed("POST");
