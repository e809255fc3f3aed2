import type { RouterContextProvider } from "react-router";
import type { User } from "~db/schema";
import { getLocale } from "~/http/i18n-middleware.server";
import type { MessageKey } from "~/i18n/types";
import { BOOK_FORM_FIELDS_MAX_BYTES } from "~/http/body-caps";
import { AppError } from "~/lib/errors";
import { redirectWithToast } from "~/http/flash.server";
import { formId } from "~/http/responses.server";
import type { UploadedFile } from "~/http/request-body.server";
import type { Toast } from "~/lib/toast";
import { bookSchema, storySchema, topicFormSchema } from "~/lib/validation";
import { saveBook } from "../books/book-save.server";
import { actionResult, answerForm, type PageAnswer, pageFormBody } from "../../http/form-body.server";
import { MEDIA_UPLOAD_MAX_BYTES } from "../stories/story-upload.server";
import { saveStory } from "../stories/story-save.server";
import { saveTopic } from "../topics/topic-save.server";

type Handler = (form: FormData, uploads: UploadedFile[]) => Promise<PageAnswer>;

/**
 * A page's action as an explicit table of its intents (at most three per page; every other form posts
 * to its own route, ADR 0008). The body is read with a size cap; a multipart form's files (a cover, a
 * recording) stream to temporary files that are removed when the handler is done. An unknown intent is a 400.
 * Each intent answers a redirect with its toast, or the page's one action result (app/lib/action-result.ts).
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
      return actionResult(413, { toast: refusal(new AppError(413, tooLargeKey)) });
    }
    const handler = handlers[String(form.get("intent") ?? "")];
    if (!handler)
      return actionResult(400, { toast: { kind: "error", title: "errors.title", description: "errors.invalid" } });
    return handler(form, uploads);
  });
}

type Args = { user: User; context: Readonly<RouterContextProvider> };

/**
 * The create-book and edit-book dialogs' form (home, library, the workspace): `saveBook`, then the new book's topic
 * suggestions or the book again. A refused cover is reported beside the form's file input, where the focus goes.
 */
export function bookForm(intent: "create-book" | "update-book", { user, context }: Args): Handler {
  const failureTitle = intent === "create-book" ? "books.createFailed" : "books.updateFailed";
  return (form) =>
    answerForm(
      form,
      { name: "book", schema: bookSchema, failureTitle, fields: { cover: "coverFile" } },
      async (input) => {
        const file = form.get("coverFile");
        const upload =
          form.get("coverMode") === "upload" && file instanceof File && file.size > 0
            ? new Uint8Array(await file.arrayBuffer())
            : null;
        const bookId = intent === "update-book" ? formId(form, "bookId") : undefined;
        const book = await saveBook(user, { bookId, input, upload, uiLanguage: getLocale(context) });
        if (bookId !== undefined)
          return redirectWithToast(`/books/${book.id}`, { kind: "success", title: "books.updated" });
        return redirectWithToast(`/books/${book.id}/suggest-topics`, { kind: "success", title: "books.created" });
      },
    );
}

/**
 * The workspace's story editor form ("Save draft" and "Complete" are the same form with a different status):
 * `saveStory` in this page's book, a new story (no storyId) in the posted topic; success reopens it in the editor,
 * with what became of a recording sent with it in the toast.
 */
export function storyForm(bookId: number, { user }: Args, signal?: AbortSignal): Handler {
  return (form, uploads) =>
    answerForm(
      form,
      { name: "story", schema: storySchema, failureTitle: "storyEditor.saveFailedTitle" },
      async (input) => {
        const storyId = formId(form, "storyId");
        const { story, recording } = await saveStory(user, {
          target: storyId ? { storyId } : { topicId: formId(form, "topicId") },
          bookId,
          input,
          recording: uploads.find((file) => file.field === "audio"),
          signal,
        });
        const title = input.status === "published" ? "storyEditor.completed" : "storyEditor.saved";
        return redirectWithToast(`/books/${bookId}?storyId=${story.id}`, {
          title,
          ...(recording ?? { kind: "success" }),
        });
      },
    );
}

/**
 * The workspace's topic editor form: a new topic, or an existing one with its draft narrative (`saveTopic` in this
 * page's book). Success opens it in the editor again; a refusal keeps what was typed, the open tab included.
 */
export function topicForm(bookId: number, { user }: Args): Handler {
  return (form) =>
    answerForm(form, { name: "topic", schema: topicFormSchema, failureTitle: "errors.title" }, async (input) => {
      const topicId = formId(form, "topicId");
      const fields = { title: input.title, description: input.description };
      // A form cannot send null: a blank draft narrative clears it, and one not sent is kept.
      const preview = input.preview === undefined ? {} : { preview: input.preview?.trim() ? input.preview : null };
      const topic = await saveTopic(
        user,
        topicId ? { topicId, bookId, changes: { ...fields, ...preview } } : { bookId, fields },
      );
      return redirectWithToast(`/books/${bookId}?openEditor=topic&topicId=${topic.id}`, {
        kind: "success",
        title: topicId ? "topicEditor.saved" : "topicEditor.created",
      });
    });
}
