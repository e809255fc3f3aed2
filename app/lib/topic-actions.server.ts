import type { User } from "~db/schema";
import { deleteMediaFiles } from "~/models/media.server";
import { createTopic, deleteTopic, getTopic, moveTopic, updateTopic } from "~/models/topic.server";
import { AppError } from "./errors";
import { redirectWithToast } from "./flash.server";
import { parseFormData, type FieldErrors } from "./form.server";
import type { Toast } from "./toast";
import { topicCreateSchema } from "./validation";

export type TopicFormFailure = { status: number; errors: FieldErrors; values: Record<string, string>; toast: Toast };

/**
 * The workspace's topic editor: save (new or existing, with its draft narrative), archive or restore,
 * and delete. The topic must belong to the page's book; every outcome is a redirect with a toast,
 * or the form again with its errors.
 */
export async function runTopicIntent({ intent, form, user, bookId }: { intent: string; form: FormData; user: User; bookId: number }): Promise<Response | TopicFormFailure> {
  const topicId = Number(form.get("topicId"));
  const values = Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const failure = (status: number, errors: FieldErrors, description: Toast["description"]): TopicFormFailure => ({
    status,
    errors,
    values,
    toast: { kind: "error", title: "errors.title", description },
  });
  try {
    const existing = topicId ? getTopic({ topicId, userId: user.id }) : null;
    if (topicId && existing?.bookId !== bookId) throw new AppError(404, "topics.notFound");
    const bookHref = `/books/${bookId}`;
    if (intent === "topic:delete") {
      const { mediaKeys } = deleteTopic({ topicId, userId: user.id });
      await deleteMediaFiles(mediaKeys);
      return redirectWithToast(bookHref, { kind: "success", title: "topicEditor.deleted" });
    }
    if (intent === "topic:move") {
      moveTopic({ topicId, userId: user.id, delta: form.get("direction") === "up" ? -1 : 1 });
      return redirectWithToast(bookHref, { kind: "success", title: "toc.moved" });
    }
    if (intent === "topic:archive") {
      const archived = form.get("archived") === "true";
      updateTopic({ topicId, userId: user.id, changes: { archived } });
      return redirectWithToast(bookHref, { kind: "success", title: archived ? "topicEditor.archived" : "topicEditor.unarchived" });
    }
    const parsed = parseFormData(form, topicCreateSchema);
    if (!parsed.success) return failure(400, parsed.errors, Object.values(parsed.errors)[0]);
    if (existing) {
      const preview = form.get("preview");
      updateTopic({ topicId, userId: user.id, changes: { ...parsed.data, ...(typeof preview === "string" ? { preview: preview.trim() ? preview : null } : {}) } });
      return redirectWithToast(`${bookHref}?openEditor=topic&topicId=${topicId}`, { kind: "success", title: "topicEditor.saved" });
    }
    const topic = createTopic({ bookId, userId: user.id, input: parsed.data });
    return redirectWithToast(`${bookHref}?openEditor=topic&topicId=${topic.id}`, { kind: "success", title: "topicEditor.created" });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return failure(error.status, error.field ? { [error.field]: error.messageKey } : {}, error.messageKey);
  }
}
