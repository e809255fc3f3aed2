import type { Story } from "~db/schema";
import { AppError } from "~/lib/errors";
import type { UploadedFile } from "~/lib/request-body.server";
import type { OpenedLink } from "~/models/storyteller-link.server";
import { answerWithKey, markLinkUsed, offeredQuestionTopic } from "~/models/storyteller-answer.server";
import { deleteMediaFiles } from "~/models/media.server";
import { appendTranscript, createStory, deleteStory } from "~/models/story.server";
import { saveStoryUpload } from "./media-upload.server";

const STORY_TITLE_MAX = 300;

export type StorytellerAnswer = {
  questionId: number;
  content: string;
  idempotencyKey: string;
  audio: UploadedFile | undefined;
};

const isUniqueViolation = (error: unknown) =>
  error instanceof Error && "code" in error && error.code === "SQLITE_CONSTRAINT_UNIQUE";

/**
 * Keeps what the storyteller sent as a draft story of the question's topic, told by her (ADR 0028): its text, and its
 * recording checked by its bytes and turned into text through the provider. A key already kept answers with the
 * story it made, so a retry never makes a second one. A recording that cannot be kept takes its story with it:
 * nothing is half-written, and her page keeps the recording to send again.
 */
export async function keepStorytellerAnswer(
  { link, book }: Extract<OpenedLink, { state: "open" }>,
  answer: StorytellerAnswer,
  signal?: AbortSignal,
): Promise<{ story: Story; replayed: boolean }> {
  const kept = answerWithKey(link.id, answer.idempotencyKey);
  if (kept) return { story: kept, replayed: true };
  const content = answer.content.trim();
  if (!content && !answer.audio) throw new AppError(400, "tell.answerRequired", "content");
  const offered = offeredQuestionTopic(link, answer.questionId);
  if (!offered) throw new AppError(400, "tell.questionGone", "questionId");
  const question = offered.question.slice(0, STORY_TITLE_MAX);
  let story: Story;
  try {
    story = createStory({
      topicId: offered.topicId,
      userId: book.ownerId,
      input: {
        title: question,
        content,
        questionId: answer.questionId,
        status: "draft",
        hasAudio: Boolean(answer.audio),
        hasImages: false,
      },
      told: { linkId: link.id, tellerName: link.name || null, idempotencyKey: answer.idempotencyKey },
    });
  } catch (error) {
    // The same answer, sent twice at once: the other request kept it first.
    const other = isUniqueViolation(error) ? answerWithKey(link.id, answer.idempotencyKey) : null;
    if (other) return { story: other, replayed: true };
    throw error;
  }
  if (answer.audio) {
    try {
      const upload = await saveStoryUpload({
        storyId: story.id,
        userId: book.ownerId,
        kind: "audio",
        file: answer.audio,
        signal,
      });
      if (upload.transcription?.text)
        story = appendTranscript({ storyId: story.id, userId: book.ownerId, text: upload.transcription.text });
    } catch (error) {
      const { mediaKeys } = deleteStory({ storyId: story.id, userId: book.ownerId });
      await deleteMediaFiles(mediaKeys);
      throw error;
    }
  }
  markLinkUsed(link.id);
  return { story, replayed: false };
}
