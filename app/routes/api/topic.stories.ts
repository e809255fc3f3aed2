import type { Route } from "./+types/topic.stories";
import { requireUser } from "~/lib/auth.server";
import { apiHandler, jsonError, paramId, parseOrThrow, readJson } from "~/lib/http.server";
import { storySchema } from "~/lib/validation";
import { createStory, listTopicStories } from "~/models/story.server";
import { getTopic } from "~/models/topic.server";

/** GET /api/topics/{id}/stories: the topic's stories in order. */
export const loader = apiHandler((args: Route.LoaderArgs) => {
  const user = requireUser(args);
  const topic = getTopic({ topicId: paramId(args.params.id), userId: user.id });
  if (!topic) return jsonError(args.context, 404, "topics.notFound");
  return listTopicStories({ topicId: topic.id });
});

/** POST /api/topics/{id}/stories: a new story in the topic (201). */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  const user = requireUser(args);
  if (args.request.method !== "POST") return jsonError(args.context, 405, "errors.methodNotAllowed");
  const body = parseOrThrow(args.context, storySchema, await readJson(args.context, args.request));
  const story = createStory({
    topicId: paramId(args.params.id),
    userId: user.id,
    input: { title: body.title, content: body.content, questionId: body.questionId, status: body.status, hasAudio: body.hasAudio, hasImages: body.hasImages },
  });
  return Response.json(story, { status: 201 });
});
