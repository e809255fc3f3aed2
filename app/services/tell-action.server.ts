import type { MessageKey } from "~/i18n/types";
import { TELL_FORM_FIELDS_MAX_BYTES } from "~/lib/body-caps";
import { AppError } from "~/lib/errors";
import { AUDIO_UPLOAD_MAX_BYTES, STORYTELLER_ANSWER_LIMIT } from "~/lib/limits";
import { createRateLimiter } from "~/lib/rate-limit.server";
import { firstMessage, parseSubmission, replyTo } from "~/lib/submission";
import { tellAnswerSchema } from "~/lib/validation";
import { answerWithKey, unansweredQuestions } from "~/models/storyteller-answer.server";
import type { OpenedLink } from "~/models/storyteller-link.server";
import { withFormBody } from "./form-body.server";
import { keepStorytellerAnswer } from "./storyteller-answer.server";

// Per link, in this process (ADR 0020's limiter); issue 21 moves limits to the database.
const answersByLink = createRateLimiter(STORYTELLER_ANSWER_LIMIT);

export type TellOutcome =
  | { ok: true; storyId: number; next: number | null; replayed: boolean }
  | {
      ok: false;
      status: number;
      messageKey: MessageKey;
      retryAfter?: number;
      /** What she sent, as far as it was read, for her page to show again: her writing is never lost. */
      kept?: { questionId: number; content: string };
    };

/**
 * One answer posted to her page, urlencoded or multipart (ADR 0028): read within its caps (her writing, and one
 * recording within the media cap) and kept, unless the link has sent its share of answers lately. Only a new answer
 * counts against it: a refused body or a retry of an answer already kept adds nothing to the book. A refusal says why,
 * in a message key for the page or the JSON answer.
 */
export async function postTellAnswer(
  opened: Extract<OpenedLink, { state: "open" }>,
  request: Request,
): Promise<TellOutcome> {
  const key = String(opened.link.id);
  let retryAfter = 0;
  let kept: { questionId: number; content: string } | undefined;
  try {
    const { story, replayed } = await withFormBody(
      request,
      {
        files: { maxFileBytes: AUDIO_UPLOAD_MAX_BYTES, maxFiles: 1, maxFieldBytes: TELL_FORM_FIELDS_MAX_BYTES },
        tooLargeKey: "media.tooLarge",
      },
      ({ form, files }) => {
        const content = form.get("content");
        kept = { questionId: Number(form.get("questionId")), content: typeof content === "string" ? content : "" };
        const submission = parseSubmission(form, tellAnswerSchema);
        if (submission.status !== "success")
          throw new AppError(400, firstMessage(replyTo(submission)) ?? "errors.invalid");
        // A retry of an answer already kept is answered even past the limit: her phone must learn it arrived.
        if (!answerWithKey(opened.link.id, submission.value.idempotencyKey)) {
          retryAfter = answersByLink.retryAfter(key);
          if (retryAfter) throw new AppError(429, "tell.tooMany");
        }
        const audio = files.find((file) => file.field === "audio");
        return keepStorytellerAnswer(opened, { ...submission.value, audio }, request.signal);
      },
    );
    if (!replayed) answersByLink.take(key);
    return { ok: true, storyId: story.id, next: unansweredQuestions(opened.link)[0]?.id ?? null, replayed };
  } catch (error) {
    if (error instanceof AppError)
      return {
        ok: false,
        status: error.status,
        messageKey: error.messageKey,
        kept,
        retryAfter: retryAfter || undefined,
      };
    throw error;
  }
}
