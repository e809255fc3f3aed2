import type { z } from "zod";
import type { Story, User } from "~db/schema";
import { AppError } from "~/lib/errors";
import type { UploadedFile } from "~/http/request-body.server";
import type { Toast } from "~/lib/toast";
import type { storySchema } from "~/lib/validation";
import { listStoryMedia } from "~/models/media.server";
import { refinementFor } from "~/models/story-ai.server";
import { appendTranscript, createStory, getStory, updateStory } from "~/models/story.server";
import { saveStoryUpload } from "./story-upload.server";

/** A story save as every caller asks for it: the story editor's form, PUT /api/stories/{id}, POST …/stories. */
export type StorySave = {
  /** The story saved, or the topic a new story goes into. An id that names nothing (-1, 0) is a 404. */
  target: { storyId: number } | { topicId: number };
  /** A page of one book saves only that book's stories and topics; /api names none. */
  bookId?: number;
  /** The body, checked with the story form's one schema (storySchema) by the caller: conform, or the JSON reader. */
  input: z.output<typeof storySchema>;
  /** The form's `audio` file: the recorder's recording, or the phone's own recorder without JavaScript. */
  recording?: UploadedFile;
  signal?: AbortSignal;
};

/** What became of a recording sent with the save: the toast's kind and words (the story is saved whatever it says). */
export type RecordingOutcome = Pick<Toast, "kind" | "description">;

/**
 * Saves a story: the one use case of every story save (ADR 37). The model checks, where it reads the story (or the
 * new story's topic) to write it, that it is the user's and this book's, with text or media and a question of its
 * topic (404, 400). With `refineContent` the text is refined by the AI provider first (ADR 0010), so a failure leaves
 * the story as it was. A recording is kept after the story is saved and its transcript added to the text; if it
 * cannot be kept, the story stays saved and the outcome says why (docs/product.md §4).
 */
export async function saveStory(
  user: User,
  { target, bookId, input, recording, signal }: StorySave,
): Promise<{ story: Story; recording: RecordingOutcome | null }> {
  const refinedContent = await refinement(user, { target, bookId, input, signal });
  const fields = {
    title: input.title,
    content: input.content,
    questionId: input.questionId,
    status: input.status,
    refinedContent,
    // A recording counts as the story's content (docs/product.md §5: content or media).
    recordingAttached: Boolean(recording),
  };
  const story =
    "storyId" in target
      ? await updateStory({ storyId: target.storyId, userId: user.id, bookId, input: fields })
      : await createStory({ topicId: target.topicId, userId: user.id, bookId, input: fields });
  if (!recording) return { story, recording: null };
  return { story, recording: await keepRecording({ storyId: story.id, user, recording, signal }) };
}

/** The refined text a body asks for, written for its topic's book; undefined when it does not ask. */
async function refinement(user: User, { target, bookId, input, signal }: Omit<StorySave, "recording">) {
  if (!input.refineContent) return undefined;
  // The AI is told the topic's book: an existing story's topic is read first (only when a refinement is asked).
  let topicId: number;
  if ("storyId" in target) {
    const story = await getStory({ storyId: target.storyId, userId: user.id });
    if (!story || (bookId !== undefined && story.bookId !== bookId)) throw new AppError(404, "stories.notFound");
    topicId = story.topicId;
  } else topicId = target.topicId;
  return refinementFor({ body: input, topicId, userId: user.id, signal });
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
}): Promise<RecordingOutcome> {
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
