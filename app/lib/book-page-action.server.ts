import { data, type RouterContextProvider } from "react-router";
import type { User } from "~db/schema";
import { runBookIntent } from "./book-actions.server";
import { COVER_MAX_BYTES } from "./covers";
import { AppError } from "./errors";
import type { FieldErrors } from "./form.server";
import { runStoryIntent } from "./story-actions.server";
import type { Toast } from "./toast";
import { runTopicIntent } from "./topic-actions.server";
import { readFormDataLimited } from "./upload.server";

// A cover upload plus the form's other fields.
const FORM_LIMIT = COVER_MAX_BYTES + 256 * 1024;

type FormState = { errors: FieldErrors; values: Record<string, string> };
export type BookPageActionData = { form?: FormState; story?: FormState; topic?: FormState; toast: Toast | null };
type Handler = (form: FormData) => Promise<Response | ReturnType<typeof data<BookPageActionData>>>;

/**
 * A page's action as an explicit table of its intents (at most three per page; every other form posts
 * to its own route, ADR 0008). The body is read with a size cap; an unknown intent is a 400.
 */
export async function pageFormAction(request: Request, handlers: Record<string, Handler>) {
  let form: FormData;
  try {
    form = await readFormDataLimited(request, FORM_LIMIT, "books.tooLarge");
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data<BookPageActionData>({ toast: { kind: "error", title: "books.tooLargeTitle", description: "books.tooLarge" } }, { status: 413 });
  }
  const handler = handlers[String(form.get("intent") ?? "")];
  if (!handler) return data<BookPageActionData>({ toast: { kind: "error", title: "errors.title", description: "errors.invalid" } }, { status: 400 });
  return handler(form);
}

type Args = { user: User; context: Readonly<RouterContextProvider> };

/** The create-book and edit-book dialogs' form. */
export function bookForm(intent: "create-book" | "update-book", { user, context }: Args): Handler {
  return async (form) => {
    const result = await runBookIntent({ intent, form, user, context });
    if (result instanceof Response) return result;
    return data<BookPageActionData>({ form: { errors: result.errors, values: result.values }, toast: result.toast }, { status: result.status });
  };
}

/** The workspace's story editor form (save draft or complete). */
export function storyForm(bookId: number, { user }: Args): Handler {
  return async (form) => {
    const result = await runStoryIntent({ form, user, bookId });
    if (result instanceof Response) return result;
    return data<BookPageActionData>({ story: { errors: result.errors, values: result.values }, toast: result.toast }, { status: result.status });
  };
}

/** The workspace's topic editor form (a new topic, or an existing one with its draft narrative). */
export function topicForm(bookId: number, { user }: Args): Handler {
  return async (form) => {
    const result = await runTopicIntent({ form, user, bookId });
    if (result instanceof Response) return result;
    return data<BookPageActionData>({ topic: { errors: result.errors, values: result.values }, toast: result.toast }, { status: result.status });
  };
}
