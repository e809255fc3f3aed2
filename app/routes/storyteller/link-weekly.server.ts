import type { User } from "~db/schema";
import type { MessageKey } from "~/i18n/types";
import { AppError } from "~/lib/errors";
import { firstMessage, parseSubmission, replyTo } from "~/lib/submission";
import type { Toast } from "~/lib/toast";
import { storytellerWeeklyChangeSchema, storytellerWeeklyFormSchema } from "~/lib/validation";
import { actionResult, answerForm, type PageAnswer } from "~/http/form-body.server";
import { redirectWithToast } from "~/http/flash.server";
import { siteOrigin } from "~/http/request-origin.server";
import { formId } from "~/http/responses.server";
import { changeStorytellerLink, type StorytellerLinkChanges } from "~/models/storyteller-link.server";
import { sendQuestionNow } from "~/models/weekly-question.server";
import { wakeWeeklyJobs } from "./weekly-jobs.server";

type WeeklyPost = { form: FormData; user: User; bookId: number; request: Request };

/** Back to the dialog, with this link's "Weekly question" open again. */
const backTo = (bookId: number, linkId: number) => `/books/${bookId}?dialog=storyteller&weekly=${linkId}`;

const refused = (status: number, title: MessageKey, description?: MessageKey) =>
  actionResult(status, { toast: { kind: "error", title, description } });

/** What a small change did, for its toast. */
function changedTitle(changes: StorytellerLinkChanges): MessageKey {
  if (changes.schedule === null) return "storyteller.weeklyStopped";
  if (changes.paused !== undefined)
    return changes.paused ? "storyteller.weeklyPausedToast" : "storyteller.weeklyResumed";
  return changes.nextQuestionId === null ? "storyteller.nextInOrder" : "storyteller.nextChosen";
}

/** The schedule form: her email, the weekdays, the time and the zone; each refusal under its field. */
function saveSchedule({ form, user, bookId, request }: WeeklyPost): Promise<PageAnswer> {
  return answerForm(
    form,
    { name: "linkWeekly", schema: storytellerWeeklyFormSchema, failureTitle: "storyteller.weeklyFailed" },
    async ({ email, schedule }) => {
      const linkId = formId(form, "linkId");
      const changes = { email, schedule };
      await changeStorytellerLink({ linkId, bookId, userId: user.id, changes, origin: siteOrigin(request) });
      return redirectWithToast(backTo(bookId, linkId), { kind: "success", title: "storyteller.weeklySaved" });
    },
  );
}

/** Pause, Resume, "Stop weekly questions" or "Ask this one next": one change, told in its toast. */
async function changeWeekly({ form, user, bookId }: WeeklyPost): Promise<PageAnswer> {
  const submission = parseSubmission(form, storytellerWeeklyChangeSchema);
  if (submission.status !== "success")
    return refused(400, "storyteller.weeklyFailed", firstMessage(replyTo(submission)) ?? "errors.invalid");
  const changes = submission.value;
  if (!Object.keys(changes).length) return refused(400, "storyteller.weeklyFailed", "errors.invalid");
  const linkId = formId(form, "linkId");
  await changeStorytellerLink({ linkId, bookId, userId: user.id, changes });
  return redirectWithToast(backTo(bookId, linkId), { kind: "success", title: changedTitle(changes) });
}

/** "Send this week's question now": by email (the jobs are woken to send it at once) or ready on Home by hand. */
async function sendNow({ form, user, bookId }: WeeklyPost): Promise<PageAnswer> {
  const linkId = formId(form, "linkId");
  const send = await sendQuestionNow({ linkId, bookId, userId: user.id });
  if (send.channel === "email") wakeWeeklyJobs();
  const toast: Toast =
    send.channel === "email" && send.recipient
      ? { kind: "success", title: "storyteller.sentByEmail", values: { email: send.recipient } }
      : { kind: "success", title: "storyteller.readyByHand" };
  return redirectWithToast(backTo(bookId, linkId), toast);
}

const INTENTS = { schedule: saveSchedule, change: changeWeekly, send: sendNow };

/**
 * The link card's "Weekly question" (issue 37), three intents (ADR 0008): `schedule`, `change` and `send`. A refusal
 * answers the workspace again with its status and a toast; the schedule form's, with each error under its field.
 */
export async function runWeeklyIntent(post: WeeklyPost): Promise<PageAnswer> {
  const intent = String(post.form.get("intent") ?? "");
  const run = Object.hasOwn(INTENTS, intent) ? INTENTS[intent as keyof typeof INTENTS] : null;
  if (!run) return refused(400, "storyteller.weeklyFailed", "errors.invalid");
  try {
    return await run(post);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const title = intent === "send" ? "storyteller.sendFailed" : "storyteller.weeklyFailed";
    return refused(error.status, title, error.messageKey);
  }
}
