import { data, type RouterContextProvider } from "react-router";
import type { User } from "~db/schema";
import { getBook } from "~/models/book.server";
import { BOOK_INTENTS, runBookIntent } from "./book-actions.server";
import { COVER_MAX_BYTES } from "./covers";
import { AppError } from "./errors";
import { translate } from "./http.server";
import { runStoryIntent } from "./story-actions.server";
import { runTopicIntent } from "./topic-actions.server";
import { runSuggestIntent, type SuggestState } from "./suggest-topics.server";
import { readFormDataLimited } from "./upload.server";

// A cover upload plus the form's other fields.
const FORM_LIMIT = COVER_MAX_BYTES + 256 * 1024;

export type BookPageActionData = {
  form?: { errors: Record<string, string>; values: Record<string, string> };
  story?: { errors: Record<string, string>; values: Record<string, string> };
  topic?: { errors: Record<string, string>; values: Record<string, string> };
  suggest?: SuggestState;
  toast: SuggestState["toast"];
};

/**
 * The action of every page that hosts the book dialogs (home, library, workspace):
 * book intents (create, update, copy, delete) and the suggest-topics dialog's intents.
 */
export async function bookPageAction({
  request,
  context,
  user,
  suggestDoneHref,
  pageBookId,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  user: User;
  suggestDoneHref: (bookId: number, isCopy: boolean) => string;
  /** On the workspace: its book, for the story editor's form. */
  pageBookId?: number;
}) {
  let form: FormData;
  try {
    form = await readFormDataLimited(request, FORM_LIMIT, "books.tooLarge");
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data<BookPageActionData>({ toast: { kind: "error", title: "books.tooLargeTitle", description: "books.tooLarge" } }, { status: 413 });
  }
  const intent = String(form.get("intent") ?? "");

  if (intent.startsWith("suggest:")) {
    const book = getBook({ bookId: Number(form.get("bookId")), userId: user.id });
    if (!book) return data<BookPageActionData>({ toast: { kind: "error", title: "books.notFoundTitle", description: "books.notFound" } }, { status: 404 });
    const isCopy = form.get("copy") === "1";
    const result = await runSuggestIntent({
      intent,
      form,
      book,
      userId: user.id,
      newTopicTitle: translate(context, "suggest.newTopicTitle"),
      doneHref: suggestDoneHref(book.id, isCopy),
      isCopy,
      signal: request.signal,
    });
    if (result instanceof Response) return result;
    return data<BookPageActionData>({ suggest: result, toast: result.toast }, { status: result.error ? 400 : 200 });
  }

  if (intent.startsWith("topic:") && pageBookId) {
    const result = await runTopicIntent({ intent, form, user, bookId: pageBookId });
    if (result instanceof Response) return result;
    return data<BookPageActionData>({ topic: { errors: result.errors, values: result.values }, toast: result.toast }, { status: result.status });
  }

  if (intent.startsWith("story:") && pageBookId) {
    const result = await runStoryIntent({ intent, form, user, bookId: pageBookId });
    if (result instanceof Response) return result;
    return data<BookPageActionData>({ story: { errors: result.errors, values: result.values }, toast: result.toast }, { status: result.status });
  }

  if (BOOK_INTENTS.includes(intent)) {
    const result = await runBookIntent({ intent, form, user, context });
    if (result instanceof Response) return result;
    return data<BookPageActionData>({ form: { errors: result.errors, values: result.values }, toast: result.toast }, { status: result.status });
  }
  return data<BookPageActionData>({ toast: { kind: "error", title: "errors.title", description: "errors.invalid" } }, { status: 400 });
}
