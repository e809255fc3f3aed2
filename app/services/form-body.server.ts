import { data } from "react-router";
import type { MessageKey } from "~/i18n/types";
import { AppError } from "~/lib/errors";
import { readForm, readFormWithFiles, type FormWithFiles, type UploadedFile } from "~/lib/request-body.server";
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

/** What a page's action answers when the body was refused before its form could be read. */
export type RefusedBody = { result: null; toast: Toast };

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
    return data<RefusedBody>({ result: null, toast }, { status: error.status });
  }
  try {
    return await use(body);
  } finally {
    await body.cleanup();
  }
}

async function readBody(request: Request, { files, maxBytes, tooLargeKey }: BodyOptions): Promise<FormWithFiles> {
  if (files) return readFormWithFiles(request, { tmpDir: uploadTmpDir(), tooLargeKey, ...files });
  return { form: await readForm(request, { maxBytes, tooLargeKey }), files: [], cleanup: async () => {} };
}
