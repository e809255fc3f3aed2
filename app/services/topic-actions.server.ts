import type { User } from "~db/schema";
import { createTopic, getTopicInBook, updateTopic } from "~/models/topic.server";
import { AppError } from "~/lib/errors";
import { redirectWithToast } from "~/lib/flash.server";
import { parseFormData, type FieldErrors } from "~/lib/form.server";
import type { Toast } from "~/lib/toast";
import { topicCreateSchema } from "~/lib/validation";

export type TopicFormFailure = { status: number; errors: FieldErrors; values: Record<string, string>; toast: Toast };

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
  const topicId = Number(form.get("topicId"));
  const values = Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const failure = (status: number, errors: FieldErrors, description: Toast["description"]): TopicFormFailure => ({
    status,
    errors,
    values,
    toast: { kind: "error", title: "errors.title", description },
  });
  try {
    const existing = topicId ? getTopicInBook({ topicId, bookId, userId: user.id }) : null;
    if (topicId && !existing) throw new AppError(404, "topics.notFound");
    const bookHref = `/books/${bookId}`;
    const parsed = parseFormData(form, topicCreateSchema);
    if (!parsed.success) return failure(400, parsed.errors, Object.values(parsed.errors)[0]);
    if (existing) {
      const preview = form.get("preview");
      updateTopic({
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
    const topic = createTopic({ bookId, userId: user.id, input: parsed.data });
    return redirectWithToast(`${bookHref}?openEditor=topic&topicId=${topic.id}`, {
      kind: "success",
      title: "topicEditor.created",
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return failure(error.status, error.field ? { [error.field]: error.messageKey } : {}, error.messageKey);
  }
}
