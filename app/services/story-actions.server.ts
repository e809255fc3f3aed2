import type { User } from "~db/schema";
import { formId } from "~/lib/http.server";
import { listStoryMedia } from "~/models/media.server";
import { appendTranscript, createStory, getStoryInBook, updateStory } from "~/models/story.server";
import { getTopicInBook } from "~/models/topic.server";
import { AppError } from "~/lib/errors";
import { redirectWithToast } from "~/lib/flash.server";
import { firstMessage, parseSubmission, replyTo, replyWithError, type FormResult } from "~/lib/submission";
import { saveStoryUpload } from "./media-upload.server";
import type { UploadedFile } from "~/lib/request-body.server";
import type { Toast } from "~/lib/toast";
import { storySchema } from "~/lib/validation";

export type StoryFormFailure = { status: number; result: FormResult; toast: Toast };

type StoryIntent = {
  form: FormData;
  user: User;
  bookId: number;
  /** The form's `audio` file: the recorder's recording, or the phone's own recorder without JavaScript. */
  recording?: UploadedFile;
  signal?: AbortSignal;
};

/**
 * The story editor's form: "Save draft" and "Complete" are the same form with a different status.
 * A new story (no storyId) goes into the posted topic; success reopens it in the editor with a toast.
 * A recording that comes with it is kept after the story is saved, and its transcript is added to the
 * text; if the recording cannot be kept, the story stays saved and the toast says so (docs/product.md §4).
 */
export async function runStoryIntent({
  form,
  user,
  bookId,
  recording,
  signal,
}: StoryIntent): Promise<Response | StoryFormFailure> {
  const submission = parseSubmission(form, storySchema);
  const failure = (status: number, result: FormResult, description = firstMessage(result)): StoryFormFailure => ({
    status,
    result,
    toast: { kind: "error", title: "storyEditor.saveFailedTitle", description },
  });
  if (submission.status !== "success") return failure(400, replyTo(submission));
  const { title, content, questionId, status } = submission.value;
  // A recording counts as the story's content (docs/product.md §5: content or media).
  const input = { title, content, questionId, status, recordingAttached: Boolean(recording) };
  const storyId = formId(form, "storyId");
  const topicId = formId(form, "topicId");
  try {
    // The story (or the new story's topic) must belong to this page's book, checked before writing.
    const target = storyId
      ? await getStoryInBook({ storyId, bookId, userId: user.id })
      : await getTopicInBook({ topicId, bookId, userId: user.id });
    if (!target) throw new AppError(404, storyId ? "stories.notFound" : "topics.notFound");
    const story = storyId
      ? await updateStory({ storyId, userId: user.id, input })
      : await createStory({ topicId, userId: user.id, input });
    const title = status === "published" ? "storyEditor.completed" : "storyEditor.saved";
    const outcome = recording
      ? await keepRecording({ storyId: story.id, user, recording, signal })
      : { kind: "success" as const };
    return redirectWithToast(`/books/${bookId}?storyId=${story.id}`, { title, ...outcome });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return failure(error.status, replyWithError(submission, error), error.messageKey);
  }
}

/**
 * Keeps a saved story's recording and adds its transcript; what happened becomes the toast's kind and text. A
 * recording kept without its words is explained once a story, with its first recording (issue 35): saying it on
 * every save would only repeat it.
 */
async function keepRecording({
  storyId,
  user,
  recording,
  signal,
}: {
  storyId: number;
  user: User;
  recording: UploadedFile;
  signal?: AbortSignal;
}): Promise<Pick<Toast, "kind" | "description">> {
  try {
    const { transcription } = await saveStoryUpload({
      storyId,
      userId: user.id,
      kind: "audio",
      file: recording,
      signal,
    });
    if (transcription?.text) {
      await appendTranscript({ storyId, userId: user.id, text: transcription.text });
      return { kind: "success", description: "media.recordingProcessed" };
    }
    const reason = transcription?.reason ?? "media.recordingKept";
    if (reason !== "transcription.writeOutLater") return { kind: "info", description: reason };
    const recordings = (await listStoryMedia({ storyId, userId: user.id })).filter((item) => item.type === "audio");
    return recordings.length > 1 ? { kind: "success" } : { kind: "success", description: reason };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // A full storage quota is said as it is: trying again would not help.
    return {
      kind: "error",
      description: error.messageKey === "storage.quotaExceeded" ? error.messageKey : "media.recordingUploadFailed",
    };
  }
}
