import crypto from "node:crypto";
import fs from "node:fs";
import type { Story, StorytellerLink } from "~db/schema";
import { isUniqueViolation } from "~db/errors";
import { AppError } from "~/lib/errors";
import { STORY_TITLE_MAX } from "~/lib/limits";
import { wholeWordsWithin } from "~/lib/text";
import type { UploadedFile } from "~/http/request-body.server";
import { deleteMediaFiles } from "~/models/media.server";
import { appendTranscript, createStory, deleteStory } from "~/models/story.server";
import { noteNewAnswer } from "~/models/owner-notices.server";
import { answerWithKey, linkQuestion, markLinkUsed, ownQuestion } from "~/models/storyteller-answer.server";
import { saveStoryUpload } from "../stories/story-upload.server";

/**
 * Who answers (issue 18): a storyteller through her link to one book, or the signed-in owner through their own door.
 * Either way the story belongs to the book's owner.
 */
export type AnswerDoor = { ownerId: number; link: StorytellerLink | null };

export type DoorAnswerInput = {
  questionId: number;
  content: string;
  idempotencyKey: string;
  audio: UploadedFile | undefined;
};

/** The door an answer's key is unique to: her link, or the owner's own door (in the book either way). */
const keyScope = (door: AnswerDoor) => (door.link ? `link:${door.link.id}` : "owner");

/** What was sent, as one SHA-256 (the question, the text, the recording's bytes): a retry sends the same. */
async function answerDigest(answer: DoorAnswerInput): Promise<string> {
  const hash = crypto.createHash("sha256").update(JSON.stringify([answer.questionId, answer.content.trim()]));
  hash.update(answer.audio ? "\nrecording\n" : "\n");
  if (answer.audio) for await (const chunk of fs.createReadStream(answer.audio.path)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/**
 * Keeps an answer as a draft story of the question's topic (ADR 0028): its text, and its recording checked by its
 * bytes and turned into text through the provider; through a link, marked as told by her. A key already kept through
 * the same door in the book answers with the story it made, so a retry never makes a second one; the same key with
 * another answer is refused (409), never dropped in silence. A recording that cannot be kept takes its story with it:
 * nothing is half-written, and the page keeps the recording to send again. `writeOutLater` says that her recording
 * was kept without its words (no AI server, or it failed), which her page then tells her.
 */
export async function keepAnswer(
  door: AnswerDoor,
  answer: DoorAnswerInput,
  {
    signal,
    admitNew,
  }: {
    signal?: AbortSignal;
    /** Runs once the answer is known to be new (a replay skips it): where a limit refuses with an AppError. */
    admitNew?: () => Promise<void>;
  } = {},
): Promise<{ story: Story; replayed: boolean; writeOutLater: boolean }> {
  const offered = door.link
    ? await linkQuestion(door.link, answer.questionId)
    : await ownQuestion(door.ownerId, answer.questionId);
  if (!offered) throw new AppError(400, "tell.questionGone", "questionId");
  const scope = keyScope(door);
  const digest = await answerDigest(answer);
  // A story kept before answers had a digest is taken for the same answer: nothing tells them apart.
  const replay = (story: Story) => {
    if (story.idempotencyDigest !== null && story.idempotencyDigest !== digest)
      throw new AppError(409, "tell.keyReused", "content");
    return { story, replayed: true, writeOutLater: false };
  };
  const kept = await answerWithKey(offered.bookId, scope, answer.idempotencyKey);
  if (kept) return replay(kept);
  const content = answer.content.trim();
  if (!content && !answer.audio) throw new AppError(400, "tell.answerRequired", "content");
  await admitNew?.();
  const { ownerId, link } = door;
  let story: Story;
  try {
    story = await createStory({
      topicId: offered.topicId,
      userId: ownerId,
      input: {
        // Her answer is titled with the whole question she heard, never a cut word, until the family edits it.
        title: wholeWordsWithin(offered.question, STORY_TITLE_MAX),
        content,
        questionId: answer.questionId,
        status: "draft",
        recordingAttached: Boolean(answer.audio),
      },
      answer: {
        idempotencyKey: answer.idempotencyKey,
        scope,
        digest,
        link: link ? { id: link.id, tellerName: link.name || null } : undefined,
      },
    });
  } catch (error) {
    // The same answer, sent twice at once: the other request kept it first.
    const other = isUniqueViolation(error) ? await answerWithKey(offered.bookId, scope, answer.idempotencyKey) : null;
    if (other) return replay(other);
    throw error;
  }
  let writeOutLater = false;
  if (answer.audio) {
    try {
      const upload = await saveStoryUpload({
        storyId: story.id,
        userId: ownerId,
        kind: "audio",
        file: answer.audio,
        signal,
      });
      if (upload.transcription?.text)
        story = await appendTranscript({ storyId: story.id, userId: ownerId, text: upload.transcription.text });
      else writeOutLater = true;
    } catch (error) {
      const { mediaKeys } = await deleteStory({ storyId: story.id, userId: ownerId });
      await deleteMediaFiles(mediaKeys);
      throw error;
    }
  }
  if (link) {
    await markLinkUsed(link.id);
    // Her answer is kept; the owner's email about it is a comfort, and its failure must not take her answer back.
    await noteNewAnswer(offered.bookId).catch((error: unknown) =>
      console.error("Queueing the owner's email about a new answer failed", error),
    );
  }
  return { story, replayed: false, writeOutLater };
}
