import { data } from "react-router";
import type { z } from "zod";
import type { MessageKey } from "~/i18n/types";
import type { ActionResult, FormName } from "~/lib/action-result";
import { AppError } from "~/lib/errors";
import { readForm, readFormWithFiles, type FormWithFiles, type UploadedFile } from "~/http/request-body.server";
import { firstMessage, parseSubmission, replyTo, replyWithError, type FormResult } from "~/lib/submission";
import type { Toast } from "~/lib/toast";
import { uploadTmpDir } from "~/models/media-storage.server";

/** A form as read: its text fields, and the files it uploaded, each in a temporary file on disk. */
export type FormBody = { form: FormData; files: UploadedFile[] };

export type BodyOptions = {
  /** A form that uploads files says how large and how many; they stream to temporary files on disk. */
  files?: {
    maxFileBytes: number;
    maxFiles?: number;
    /** The text fields' cap, all together (the small forms' cap unless said). */
    maxFieldBytes?: number;
    /** "drop": a file over its cap is marked `tooLarge` and the rest of the form is kept (ADR 19). */
    oversized?: "reject" | "drop";
  };
  /** A form without files: its cap (the small forms' cap unless said). */
  maxBytes?: number;
  /** The message of the 413. */
  tooLargeKey?: MessageKey;
};

/**
 * The one runner of a posted form, for pages and /api alike. The body is read within its caps (ADR 19),
 * urlencoded or multipart, files streamed to disk; `use` runs with it, and the temporary files are removed
 * on every path, whatever `use` returns or throws. A body refused while it is read throws its AppError (413
 * too large, 400 unreadable): /api's handler answers it as JSON, and a page uses `pageFormBody`.
 */
export async function withFormBody<T>(
  request: Request,
  options: BodyOptions,
  use: (body: FormBody) => Promise<T> | T,
): Promise<T> {
  const body = await readBody(request, options);
  try {
    return await use(body);
  } finally {
    await body.cleanup();
  }
}

/**
 * `withFormBody` for a page's action: a refused body answers the page again, with the refusal's status and
 * a toast saying why (`refusal` words it; by default "Error" over the reason). The form's own errors are
 * `use`'s to answer, with the form's conform submission (app/lib/submission.ts).
 */
export async function pageFormBody<T>(
  request: Request,
  options: BodyOptions & { refusal?: (error: AppError) => Toast },
  use: (body: FormBody) => Promise<T> | T,
) {
  let body: FormWithFiles;
  try {
    body = await readBody(request, options);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const toast: Toast = options.refusal?.(error) ?? {
      kind: "error",
      title: "errors.title",
      description: error.messageKey,
    };
    return actionResult(error.status, { toast });
  }
  try {
    return await use(body);
  } finally {
    await body.cleanup();
  }
}

/**
 * A page action's answer that is not a redirect: the one shape of every page action (app/lib/action-result.ts), with
 * its true status.
 */
export function actionResult<Page = never>(
  status: number,
  { form = null, result = null, toast = null, page }: Partial<ActionResult<Page>>,
  headers?: HeadersInit,
) {
  return data<ActionResult<Page>>(
    { form, result, toast, ...(page === undefined ? {} : { page }) },
    { status, headers },
  );
}

/** What a page's action answers: a redirect (a success, with its toast in the flash cookie), or its action result. */
export type PageAnswer<Page = never> = Response | ReturnType<typeof actionResult<Page>>;

/**
 * A page's form through its one schema and then its use case (ADR 37): `save` answers the success (a redirect with
 * its toast); a refusal, the schema's (400) or the use case's AppError (its status), answers the form again with each
 * error beside its field, what was typed, and a toast under `failureTitle` (or the error's own title) that says why.
 * `fields` renames an error's field to the form's own input (the book's `cover` is the form's `coverFile`).
 */
export async function answerForm<S extends z.ZodType>(
  form: FormData,
  {
    name,
    schema,
    failureTitle,
    fields,
  }: { name: FormName; schema: S; failureTitle: MessageKey; fields?: Record<string, string> },
  save: (value: z.output<S>) => Promise<Response>,
): Promise<PageAnswer> {
  const submission = parseSubmission(form, schema);
  const refuse = (status: number, result: FormResult, title: MessageKey, description?: MessageKey) =>
    actionResult(status, { form: name, result, toast: { kind: "error", title, description } });
  if (submission.status !== "success") {
    const result = replyTo(submission);
    return refuse(400, result, failureTitle, firstMessage(result));
  }
  try {
    return await save(submission.value);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const field = error.field && (fields?.[error.field] ?? error.field);
    const result = replyWithError(submission, { field, messageKey: error.messageKey });
    return refuse(error.status, result, error.titleKey ?? failureTitle, error.messageKey);
  }
}

async function readBody(request: Request, { files, maxBytes, tooLargeKey }: BodyOptions): Promise<FormWithFiles> {
  if (files) return readFormWithFiles(request, { tmpDir: uploadTmpDir(), tooLargeKey, ...files });
  return { form: await readForm(request, { maxBytes, tooLargeKey }), files: [], cleanup: async () => {} };
}
