import type { Route } from "./+types/api.story-media";
import { requireUser } from "~/http/auth.server";
import { apiHandler, jsonError, methodNotAllowed, paramId, refuseMethod, translate } from "~/http/responses.server";
import { MEDIA_UPLOAD_MAX_BYTES, mediaKind, saveStoryUpload } from "~/routes/stories/story-upload.server";
import { withFormBody } from "~/http/form-body.server";
import { getStory } from "~/models/story.server";

/**
 * POST /api/stories/{id}/media: multipart `file`, `type` (image or audio), optional `description`.
 * The story is checked before a byte is read; the file streams to disk within its cap and is kept only
 * when its bytes are what `type` says. Answers 201 with the media row; a recording's `transcription`
 * is its text, or null with `transcriptionError` saying why (the recording is kept either way).
 */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  const user = requireUser(args);
  if (args.request.method !== "POST") return refuseMethod(args.context, ["POST"]);
  const storyId = paramId(args.params.id);
  if (!(await getStory({ storyId, userId: user.id }))) return jsonError(args.context, 404, "stories.notFound");
  const body = { files: { maxFileBytes: MEDIA_UPLOAD_MAX_BYTES, maxFiles: 1 }, tooLargeKey: "media.tooLarge" as const };
  return withFormBody(args.request, body, async ({ form, files }) => {
    const description = form.get("description");
    const { media, transcription } = await saveStoryUpload({
      storyId,
      userId: user.id,
      kind: mediaKind(form.get("type")),
      file: files.find((file) => file.field === "file"),
      description: typeof description === "string" ? description : undefined,
      fallbackDescription: translate(args.context, "media.defaultImageDescription"),
      signal: args.request.signal,
    });
    const reason = transcription?.reason ? { transcriptionError: translate(args.context, transcription.reason) } : {};
    return Response.json({ ...media, ...reason }, { status: 201 });
  });
});

export const loader = methodNotAllowed("POST");
