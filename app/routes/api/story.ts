import type { Route } from "./+types/story";
import { requireUser } from "~/lib/auth.server";
import { apiHandler, jsonError, paramId, parseOrThrow, readJson } from "~/lib/http.server";
import { storySchema } from "~/lib/validation";
import { deleteMediaFiles } from "~/models/media.server";
import { deleteStory, getStory, updateStory } from "~/models/story.server";

/** GET /api/stories/{id}. */
export const loader = apiHandler((args: Route.LoaderArgs) => {
  const user = requireUser(args);
  return getStory({ storyId: paramId(args.params.id), userId: user.id }) ?? jsonError(args.context, 404, "stories.notFound");
});

/** PUT and DELETE /api/stories/{id}, for the book's owner only. */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  const user = requireUser(args);
  const storyId = paramId(args.params.id);
  if (args.request.method === "PUT") {
    const body = parseOrThrow(args.context, storySchema, await readJson(args.context, args.request));
    return updateStory({
      storyId,
      userId: user.id,
      input: { title: body.title, content: body.content, questionId: body.questionId, status: body.status, hasAudio: body.hasAudio, hasImages: body.hasImages },
    });
  }
  if (args.request.method === "DELETE") {
    const { mediaKeys } = deleteStory({ storyId, userId: user.id });
    await deleteMediaFiles(mediaKeys);
    return { ok: true, id: storyId };
  }
  return jsonError(args.context, 405, "errors.methodNotAllowed");
});
