import type { RouterContextProvider } from "react-router";
import { formId } from "~/lib/http.server";
import type { User } from "~db/schema";
import { getLocale } from "~/i18n/middleware.server";
import type { MessageKey } from "~/i18n/types";
import { createBook, getBook, updateBook } from "~/models/book.server";
import { deleteCoverIfUnused } from "~/models/media.server";
import { resolveCover, toBookInput, writeWithCover } from "./book-input.server";
import { AppError } from "~/lib/errors";
import { redirectWithToast } from "~/lib/flash.server";
import { firstMessage, parseSubmission, replyTo, replyWithError, type FormResult } from "~/lib/submission";
import type { Toast } from "~/lib/toast";
import { bookSchema } from "~/lib/validation";

export type BookFormFailure = { status: number; result: FormResult; toast: Toast };

const FAILURE: Record<"create-book" | "update-book", { title: MessageKey; description: MessageKey }> = {
  "create-book": { title: "books.createFailed", description: "books.createFailedText" },
  "update-book": { title: "books.updateFailed", description: "errors.server" },
};

/**
 * The book form of the create-book dialog (home, library) and the edit-book dialog (workspace).
 * Success redirects with a toast; failure returns field errors and a toast, keeping what was typed.
 */
export async function runBookIntent({
  intent,
  form,
  user,
  context,
}: {
  intent: "create-book" | "update-book";
  form: FormData;
  user: User;
  context: Readonly<RouterContextProvider>;
}): Promise<Response | BookFormFailure> {
  const failure = FAILURE[intent];
  const bookId = formId(form, "bookId");
  const submission = parseSubmission(form, bookSchema);
  try {
    if (submission.status !== "success") {
      const result = replyTo(submission);
      return { status: 400, result, toast: { kind: "error", title: failure.title, description: firstMessage(result) } };
    }
    const parsed = { data: submission.value };
    const file = form.get("coverFile");
    const upload =
      form.get("coverMode") === "upload" && file instanceof File && file.size > 0
        ? new Uint8Array(await file.arrayBuffer())
        : null;
    if (intent === "update-book") {
      const current = await getBook({ bookId, userId: user.id });
      if (!current) throw new AppError(404, "books.notFound");
      const cover = await resolveCover({ requested: parsed.data.coverImage, upload, current: current.coverImage });
      const book = await writeWithCover(
        cover,
        async () =>
          await updateBook({ bookId, userId: user.id, input: toBookInput(parsed.data, cover, current.language) }),
      );
      if (current.coverImage !== book.coverImage) await deleteCoverIfUnused(current.coverImage);
      return redirectWithToast(`/books/${book.id}`, { kind: "success", title: "books.updated" });
    }
    const cover = await resolveCover({ requested: parsed.data.coverImage, upload });
    const book = await writeWithCover(
      cover,
      async () => await createBook({ userId: user.id, input: toBookInput(parsed.data, cover, getLocale(context)) }),
    );
    return redirectWithToast(`/books/${book.id}/suggest-topics`, { kind: "success", title: "books.created" });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return {
      status: error.status,
      // A refused cover is reported beside the form's file input, which is where the focus goes.
      result: replyWithError(submission, error.field === "cover" ? { ...error, field: "coverFile" } : error),
      toast: { kind: "error", title: error.titleKey ?? failure.title, description: error.messageKey },
    };
  }
}
