import type { User } from "~db/schema";
import { formId } from "~/lib/http.server";
import { createTopic, getTopicInBook, updateTopic } from "~/models/topic.server";
import { AppError } from "~/lib/errors";
import { redirectWithToast } from "~/lib/flash.server";
import { firstMessage, parseSubmission, replyTo, replyWithError, type FormResult } from "~/lib/submission";
import type { Toast } from "~/lib/toast";
import { topicCreateSchema } from "~/lib/validation";

export type TopicFormFailure = { status: number; result: FormResult; toast: Toast };

/**
 * The workspace's topic editor form: a new topic, or an existing one with its draft narrative. The
 * topic must belong to the page's book; success redirects with a toast, failure keeps what was typed.
 */
export async function runTopicIntent({
  form,
  user,
  bookId,
}: {
  form: FormData;
  user: User;
  bookId: number;
}): Promise<Response | TopicFormFailure> {
  const topicId = formId(form, "topicId");
  // The form comes back with everything typed, the draft narrative and the open tab included.
  const submission = parseSubmission(form, topicCreateSchema);
  const failure = (status: number, result: FormResult, description = firstMessage(result)): TopicFormFailure => ({
    status,
    result,
    toast: { kind: "error", title: "errors.title", description },
  });
  try {
    const existing = topicId ? await getTopicInBook({ topicId, bookId, userId: user.id }) : null;
    if (topicId && !existing) throw new AppError(404, "topics.notFound");
    const bookHref = `/books/${bookId}`;
    if (submission.status !== "success") return failure(400, replyTo(submission));
    const parsed = { data: submission.value };
    if (existing) {
      const preview = form.get("preview");
      await updateTopic({
        topicId,
        userId: user.id,
        changes: {
          ...parsed.data,
          ...(typeof preview === "string" ? { preview: preview.trim() ? preview : null } : {}),
        },
      });
      return redirectWithToast(`${bookHref}?openEditor=topic&topicId=${topicId}`, {
        kind: "success",
        title: "topicEditor.saved",
      });
    }
    const topic = await createTopic({ bookId, userId: user.id, input: parsed.data });
    return redirectWithToast(`${bookHref}?openEditor=topic&topicId=${topic.id}`, {
      kind: "success",
      title: "topicEditor.created",
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return failure(error.status, replyWithError(submission, error), error.messageKey);
  }
}
