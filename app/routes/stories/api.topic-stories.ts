import type { Route } from "./+types/api.topic-stories";
import { requireUser } from "~/http/auth.server";
import { saveStory } from "~/routes/stories/story-save.server";
import { readJsonInput } from "~/http/json-body.server";
import { apiHandler, jsonError, paramId, refuseMethod } from "~/http/responses.server";
import { storySchema } from "~/lib/validation";
import { listMediaOfStories } from "~/models/media.server";
import { listTopicStories } from "~/models/story.server";
import { getTopic } from "~/models/topic.server";

/** GET /api/topics/{id}/stories: the topic's stories in order, each with its media list (docs/product.md §3). */
export const loader = apiHandler(async (args: Route.LoaderArgs) => {
  const user = requireUser(args);
  const topic = await getTopic({ topicId: paramId(args.params.id), userId: user.id });
  if (!topic) return jsonError(args.context, 404, "topics.notFound");
  const stories = await listTopicStories({ topicId: topic.id });
  const media = await listMediaOfStories(stories.map((story) => story.id));
  return stories.map((story) => ({ ...story, media: media.get(story.id) ?? [] }));
});

/**
 * POST /api/topics/{id}/stories: a new story in the topic (201), through the story editor's save (`saveStory`). With
 * `refineContent` its text is refined first, synchronously, and the response carries `refinedContent` (ADR 0010).
 */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  const user = requireUser(args);
  if (args.request.method !== "POST") return refuseMethod(args.context, ["GET", "POST"]);
  const input = await readJsonInput(args.context, args.request, storySchema);
  const target = { topicId: paramId(args.params.id) };
  const { story } = await saveStory(user, { target, input, signal: args.request.signal });
  return Response.json(story, { status: 201 });
});
