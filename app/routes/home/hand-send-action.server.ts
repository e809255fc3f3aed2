import { redirectWithToast } from "~/http/flash.server";
import { actionResult, type PageAnswer } from "~/http/form-body.server";
import { formId } from "~/http/responses.server";
import { AppError } from "~/lib/errors";
import { markHandSendSent } from "~/models/hand-sends.server";

/**
 * Home's "Mark as sent" (issue 37), a plain form that works without JavaScript: the card goes, with a toast. A send
 * that is not the user's, or no longer waits, answers Home again with why.
 */
export async function markSentForm(form: FormData, userId: number): Promise<PageAnswer> {
  try {
    await markHandSendSent({ sendId: formId(form, "sendId"), userId });
    return redirectWithToast("/", { kind: "success", title: "handSend.marked" });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return actionResult(error.status, {
      toast: { kind: "error", title: "errors.title", description: error.messageKey },
    });
  }
}
