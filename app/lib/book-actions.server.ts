import type { RouterContextProvider } from "react-router";
import type { User } from "~db/schema";
import { getLocale } from "~/i18n/middleware.server";
import type { MessageKey } from "~/i18n/types";
import { copyBook, createBook, deleteBook, getBook, updateBook } from "~/models/book.server";
import { deleteCoverIfUnused } from "~/models/media.server";
import { resolveCover, toBookInput } from "./book-input.server";
import { AppError } from "./errors";
import { redirectWithToast } from "./flash.server";
import { parseFormData, type FieldErrors } from "./form.server";
import { translate } from "./http.server";
import type { Toast } from "./toast";
import { bookSchema } from "./validation";

export type BookFormFailure = { status: number; errors: FieldErrors; values: Record<string, string>; toast: Toast };

const FAILURE: Record<string, { title: MessageKey; description: MessageKey }> = {
  "create-book": { title: "books.createFailed", description: "books.createFailedText" },
  "update-book": { title: "books.updateFailed", description: "errors.server" },
  "copy-book": { title: "books.copyFailed", description: "books.copyFailedText" },
  "delete-book": { title: "books.deleteFailed", description: "books.deleteFailedText" },
};

export const BOOK_INTENTS = Object.keys(FAILURE);

/**
 * The book forms shared by the home page, the library and the workspace: create, edit, copy and delete.
 * Success redirects with a toast; failure returns field errors and a toast, keeping what was typed.
 */
export async function runBookIntent({
  intent,
  form,
  user,
  context,
}: {
  intent: string;
  form: FormData;
  user: User;
  context: Readonly<RouterContextProvider>;
}): Promise<Response | BookFormFailure> {
  const failure = FAILURE[intent] ?? FAILURE["create-book"]!;
  const bookId = Number(form.get("bookId"));
  try {
    if (intent === "copy-book") {
      const copy = copyBook({ bookId, userId: user.id, suffix: translate(context, "books.copySuffix") });
      return redirectWithToast(`/books?dialog=suggest-topics&bookId=${copy.id}&copy=1`, {
        kind: "success",
        title: "books.copyCreated",
        description: "books.copyCreatedText",
      });
    }
    if (intent === "delete-book") {
      const deleted = deleteBook({ bookId, userId: user.id });
      await deleteCoverIfUnused(deleted.coverImage);
      return redirectWithToast("/books", { kind: "success", title: "books.deleted", description: "books.deletedText" });
    }
    const parsed = parseFormData(form, bookSchema);
    if (!parsed.success) {
      return { status: 400, errors: parsed.errors, values: parsed.values, toast: { kind: "error", title: failure.title, description: Object.values(parsed.errors)[0]! } };
    }
    const file = form.get("coverFile");
    const upload = form.get("coverMode") === "upload" && file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
    if (intent === "update-book") {
      const current = getBook({ bookId, userId: user.id });
      if (!current) throw new AppError(404, "books.notFound");
      const cover = await resolveCover({ requested: parsed.data.coverImage, upload, current: current.coverImage });
      const book = updateBook({ bookId, userId: user.id, input: toBookInput(parsed.data, cover, current.language) });
      if (current.coverImage !== book.coverImage) await deleteCoverIfUnused(current.coverImage);
      return redirectWithToast(`/books/${book.id}`, { kind: "success", title: "books.updated" });
    }
    const cover = await resolveCover({ requested: parsed.data.coverImage, upload });
    const book = createBook({ userId: user.id, input: toBookInput(parsed.data, cover, getLocale(context)) });
    return redirectWithToast(`/books/${book.id}?dialog=suggest-topics`, { kind: "success", title: "books.created" });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const values = parseFormData(form, bookSchema).values;
    const errors: FieldErrors = error.field ? { [error.field]: error.messageKey } : {};
    return { status: error.status, errors, values, toast: { kind: "error", title: error.titleKey ?? failure.title, description: error.messageKey } };
  }
}
