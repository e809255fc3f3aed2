import { data, type RouterContextProvider } from "react-router";
import type { User } from "~db/schema";
import type { MessageKey } from "~/i18n/types";
import { runBookIntent } from "./book-actions.server";
import { BOOK_FORM_FIELDS_MAX_BYTES } from "~/lib/body-caps";
import { AppError } from "~/lib/errors";
import type { FormResult } from "~/lib/submission";
import { runStoryIntent } from "./story-actions.server";
import type { Toast } from "~/lib/toast";
import { runTopicIntent } from "./topic-actions.server";
import { MEDIA_UPLOAD_MAX_BYTES } from "./media-upload.server";
import type { UploadedFile } from "~/lib/request-body.server";
import { pageFormBody } from "./form-body.server";

/** Each form's last failed post (conform's submission result), under the form's name. */
type BookPageActionData = { form?: FormResult; story?: FormResult; topic?: FormResult; toast: Toast | null };
type Handler = (
  form: FormData,
  uploads: UploadedFile[],
) => Promise<Response | ReturnType<typeof data<BookPageActionData>>>;

/**
 * A page's action as an explicit table of its intents (at most three per page; every other form posts
 * to its own route, ADR 0008). The body is read with a size cap; a multipart form's files (a cover, a
 * recording) stream to temporary files that are removed when the handler is done. An unknown intent is a 400.
 */
export function pageFormAction(
  request: Request,
  handlers: Record<string, Handler>,
  { tooLargeKey = "books.tooLarge" }: { tooLargeKey?: MessageKey } = {},
) {
  const refusal = (error: AppError): Toast =>
    error.status === 413
      ? { kind: "error", title: "books.tooLargeTitle", description: tooLargeKey }
      : { kind: "error", title: "errors.title", description: error.messageKey };
  // A cover and a recording at most; a multipart form's files stream to disk.
  const files = {
    maxFileBytes: MEDIA_UPLOAD_MAX_BYTES,
    maxFiles: 2,
    maxFieldBytes: BOOK_FORM_FIELDS_MAX_BYTES,
    oversized: "drop" as const,
  };
  return pageFormBody(request, { files, tooLargeKey, refusal }, async ({ form, files: uploads }) => {
    // Only a recording may be too large without failing the form: the story is saved without it
    // (docs/product.md §4).
    if (uploads.some((file) => file.tooLarge && file.field !== "audio")) {
      return data<BookPageActionData>({ toast: refusal(new AppError(413, tooLargeKey)) }, { status: 413 });
    }
    const handler = handlers[String(form.get("intent") ?? "")];
    if (!handler)
      return data<BookPageActionData>(
        { toast: { kind: "error", title: "errors.title", description: "errors.invalid" } },
        { status: 400 },
      );
    return handler(form, uploads);
  });
}

type Args = { user: User; context: Readonly<RouterContextProvider> };

/** The create-book and edit-book dialogs' form. */
export function bookForm(intent: "create-book" | "update-book", { user, context }: Args): Handler {
  return async (form) => {
    const result = await runBookIntent({ intent, form, user, context });
    if (result instanceof Response) return result;
    return data<BookPageActionData>({ form: result.result, toast: result.toast }, { status: result.status });
  };
}

/** The workspace's story editor form (save draft or complete). */
export function storyForm(bookId: number, { user }: Args, signal?: AbortSignal): Handler {
  return async (form, uploads) => {
    const result = await runStoryIntent({
      form,
      user,
      bookId,
      recording: uploads.find((file) => file.field === "audio"),
      signal,
    });
    if (result instanceof Response) return result;
    return data<BookPageActionData>({ story: result.result, toast: result.toast }, { status: result.status });
  };
}

/** The workspace's topic editor form (a new topic, or an existing one with its draft narrative). */
export function topicForm(bookId: number, { user }: Args): Handler {
  return async (form) => {
    const result = await runTopicIntent({ form, user, bookId });
    if (result instanceof Response) return result;
    return data<BookPageActionData>({ topic: result.result, toast: result.toast }, { status: result.status });
  };
}
