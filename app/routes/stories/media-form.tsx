import { FormRouteToaster } from "~/components/ui/form-route-toaster";
import type { MessageKey } from "~/i18n/types";
import { AppError } from "~/lib/errors";
import { formAction } from "~/http/form-route.server";
import { paramId, translate, formId } from "~/http/responses.server";
import { MEDIA_UPLOAD_MAX_BYTES, mediaKind, saveStoryUpload } from "~/routes/stories/story-upload.server";
import { firstMessage, parseSubmission, replyTo } from "~/lib/submission";
import { mediaDescriptionSchema } from "~/lib/validation";
import { deleteMedia, getMedia, updateMediaDescription } from "~/models/media.server";
import { getStoryInBook } from "~/models/story.server";

/** A failure keeps its own title, or gets the one of the step that failed. */
async function titled<T>(title: MessageKey, step: () => Promise<T> | T): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof AppError && !error.titleKey)
      throw new AppError(error.status, error.messageKey, error.field, title);
    throw error;
  }
}

/**
 * POST /books/{id}/stories/{storyId}/media: the media files tab's forms, without JavaScript too.
 * Three intents: upload a photo or a recording (multipart), describe one, delete one. Every id must
 * belong to this story of this book of this user (404 otherwise); success returns to the story's media tab.
 */
export const action = formAction({
  failureTitle: "media.uploadFailed",
  maxFileBytes: MEDIA_UPLOAD_MAX_BYTES,
  run: async ({ form, uploads, user, params, request, context }) => {
    const bookId = paramId(params.bookId);
    const storyId = paramId(params.storyId);
    if (!(await getStoryInBook({ storyId, bookId, userId: user.id }))) throw new AppError(404, "stories.notFound");
    const back = `/books/${bookId}?storyId=${storyId}&tab=media`;
    const intent = form.get("intent");
    if (intent === "upload") {
      const description = form.get("description");
      await saveStoryUpload({
        storyId,
        userId: user.id,
        kind: mediaKind(form.get("type")),
        file: uploads.find((file) => file.field === "file"),
        description: typeof description === "string" ? description : undefined,
        fallbackDescription: translate(context, "media.defaultImageDescription"),
        signal: request.signal,
      });
      return { to: back, toast: { kind: "success", title: "media.uploaded" } };
    }
    const mediaId = formId(form, "mediaId");
    const inStory = async () => {
      if ((await getMedia({ mediaId, userId: user.id }))?.storyId !== storyId)
        throw new AppError(404, "media.notFound");
    };
    if (intent === "describe") {
      return titled("media.updateFailed", async () => {
        await inStory();
        const submission = parseSubmission(form, mediaDescriptionSchema);
        if (submission.status !== "success")
          throw new AppError(400, firstMessage(replyTo(submission)) ?? "errors.invalid", "description");
        await updateMediaDescription({ mediaId, userId: user.id, description: submission.value.description });
        return { to: back, toast: { kind: "success", title: "media.described" } };
      });
    }
    if (intent === "delete") {
      return titled("media.deleteFailed", async () => {
        await inStory();
        await deleteMedia({ mediaId, userId: user.id });
        return { to: back, toast: { kind: "success", title: "media.deleted" } };
      });
    }
    throw new AppError(400, "errors.invalid");
  },
});

export default function FormRoute() {
  return <FormRouteToaster />;
}
