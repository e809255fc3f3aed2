import type { Route } from "./+types/api.story";
import { requireUser } from "~/http/auth.server";
import { saveStory } from "~/routes/stories/story-save.server";
import { readJsonInput } from "~/http/json-body.server";
import { apiHandler, jsonError, paramId, refuseMethod } from "~/http/responses.server";
import { storySchema } from "~/lib/validation";
import { deleteMediaFiles, listStoryMedia } from "~/models/media.server";
import { deleteStory, getStory } from "~/models/story.server";

/** GET /api/stories/{id}, with its media list (docs/product.md §3). */
export const loader = apiHandler(async (args: Route.LoaderArgs) => {
  const user = requireUser(args);
  const story = await getStory({ storyId: paramId(args.params.id), userId: user.id });
  if (!story) return jsonError(args.context, 404, "stories.notFound");
  return { ...story, media: await listStoryMedia({ storyId: story.id, userId: user.id }) };
});

/**
 * PUT and DELETE /api/stories/{id}, for the book's owner only. A PUT is the story editor's save (`saveStory`); with
 * `refineContent` it stores the text refined by the AI provider as `refinedContent` (ADR 0010).
 */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  const user = requireUser(args);
  const storyId = paramId(args.params.id);
  if (args.request.method === "PUT") {
    const input = await readJsonInput(args.context, args.request, storySchema);
    return (await saveStory(user, { target: { storyId }, input, signal: args.request.signal })).story;
  }
  if (args.request.method === "DELETE") {
    const { mediaKeys } = await deleteStory({ storyId, userId: user.id });
    await deleteMediaFiles(mediaKeys);
    return { ok: true, id: storyId };
  }
  return refuseMethod(args.context, ["GET", "PUT", "DELETE"]);
});
