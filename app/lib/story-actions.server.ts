import type { User } from "~db/schema";
import { createStory, getStory, updateStory } from "~/models/story.server";
import { getTopic } from "~/models/topic.server";
import { AppError } from "./errors";
import { redirectWithToast } from "./flash.server";
import { parseFormData, type FieldErrors } from "./form.server";
import type { Toast } from "./toast";
import { storySchema } from "./validation";

export type StoryFormFailure = { status: number; errors: FieldErrors; values: Record<string, string>; toast: Toast };

/**
 * The story editor's form: "Save draft" and "Complete" are the same form with a different status.
 * A new story (no storyId) goes into the posted topic; success reopens it in the editor with a toast.
 */
export async function runStoryIntent({ form, user, bookId }: { form: FormData; user: User; bookId: number }): Promise<Response | StoryFormFailure> {
  const parsed = parseFormData(form, storySchema);
  const failure = (status: number, errors: FieldErrors, description: Toast["description"]): StoryFormFailure => ({
    status,
    errors,
    values: parsed.values,
    toast: { kind: "error", title: "storyEditor.saveFailedTitle", description },
  });
  if (!parsed.success) return failure(400, parsed.errors, Object.values(parsed.errors)[0]);
  const { title, content, questionId, status, hasAudio, hasImages } = parsed.data;
  const input = { title, content, questionId, status, hasAudio, hasImages };
  const storyId = Number(form.get("storyId"));
  const topicId = Number(form.get("topicId"));
  try {
    // The story (or the new story's topic) must belong to this page's book, checked before writing.
    const target = storyId ? getStory({ storyId, userId: user.id }) : getTopic({ topicId, userId: user.id });
    if (target?.bookId !== bookId) throw new AppError(404, storyId ? "stories.notFound" : "topics.notFound");
    const story = storyId ? updateStory({ storyId, userId: user.id, input }) : createStory({ topicId, userId: user.id, input });
    return redirectWithToast(`/books/${bookId}?storyId=${story.id}`, { kind: "success", title: status === "published" ? "storyEditor.completed" : "storyEditor.saved" });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return failure(error.status, error.field ? { [error.field]: error.messageKey } : {}, error.messageKey);
  }
}
