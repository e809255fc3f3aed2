import type { MessageKey } from "~/i18n/types";
import { formId } from "~/http/responses.server";
import { TELL_FORM_FIELDS_MAX_BYTES } from "~/http/body-caps";
import { AppError } from "~/lib/errors";
import { AUDIO_UPLOAD_MAX_BYTES, STORYTELLER_ANSWER_LIMIT } from "~/lib/limits";
import { firstMessage, parseSubmission, replyTo } from "~/lib/submission";
import { tellAnswerSchema } from "~/lib/validation";
import { admitAttempt, type Counted, giveBackAttempt } from "~/models/rate-limit.server";
import { keepAnswer, type AnswerDoor } from "./door-answer.server";
import { withFormBody } from "../../http/form-body.server";

// Per link, in the database (ADR 0031): every app process counts the same answers.
const answersOf = (linkId: number): Counted[] => [
  { scope: "door:link", key: String(linkId), ...STORYTELLER_ANSWER_LIMIT },
];

export type DoorOutcome =
  | { ok: true; storyId: number; replayed: boolean; writeOutLater: boolean }
  | {
      ok: false;
      status: number;
      messageKey: MessageKey;
      retryAfter?: number;
      /** What was sent, as far as it was read, for the page to show again: her writing is never lost. */
      kept?: { questionId: number; content: string };
    };

/**
 * One answer posted to a door, urlencoded or multipart (ADR 0028): read within its caps (the writing, and one
 * recording within the media cap) and kept. Through a link, unless the link has sent its share of answers lately:
 * only a new answer counts against it, since a refused body or a retry of an answer already kept adds nothing to the
 * book. A new answer takes its place in the link's count before the story is written, in one step with the check
 * (ADR 34), and gives it back when no new story came of it. A refusal says why, in a message key for the page or
 * the JSON answer.
 */
export async function postDoorAnswer(door: AnswerDoor, request: Request): Promise<DoorOutcome> {
  let retryAfter = 0;
  let kept: { questionId: number; content: string } | undefined;
  let counted: Counted[] = [];
  const giveBack = async () => {
    for (const one of counted) await giveBackAttempt(one).catch(() => {});
    counted = [];
  };
  try {
    const { story, replayed, writeOutLater } = await withFormBody(
      request,
      {
        files: { maxFileBytes: AUDIO_UPLOAD_MAX_BYTES, maxFiles: 1, maxFieldBytes: TELL_FORM_FIELDS_MAX_BYTES },
        tooLargeKey: "media.tooLarge",
      },
      ({ form, files }) => {
        const content = form.get("content");
        kept = { questionId: formId(form, "questionId"), content: typeof content === "string" ? content : "" };
        const submission = parseSubmission(form, tellAnswerSchema);
        if (submission.status !== "success")
          throw new AppError(400, firstMessage(replyTo(submission)) ?? "errors.invalid");
        const audio = files.find((file) => file.field === "audio");
        // Past its limit, a link may still send an answer already kept: her phone must learn that it arrived.
        const admitNew = async () => {
          if (!door.link) return;
          retryAfter = await admitAttempt(answersOf(door.link.id));
          if (retryAfter) throw new AppError(429, "tell.tooMany");
          counted = answersOf(door.link.id);
        };
        return keepAnswer(door, { ...submission.value, audio }, { signal: request.signal, admitNew });
      },
    );
    // Another request with the same key kept it first: this one added nothing.
    if (replayed) await giveBack();
    return { ok: true, storyId: story.id, replayed, writeOutLater };
  } catch (error) {
    await giveBack();
    if (!(error instanceof AppError)) throw error;
    return { ok: false, status: error.status, messageKey: error.messageKey, kept, retryAfter: retryAfter || undefined };
  }
}
