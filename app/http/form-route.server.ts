import type { RouterContextProvider } from "react-router";
import type { User } from "~db/schema";
import type { MessageKey } from "~/i18n/types";
import { requireUser } from "./auth.server";
import { AppError } from "~/lib/errors";
import { redirectWithToast } from "~/http/flash.server";
import type { UploadedFile } from "~/http/request-body.server";
import { actionResult, withFormBody } from "./form-body.server";
import type { Toast } from "~/lib/toast";

type FormArgs = {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: Record<string, string | undefined>;
};
export type FormOutcome = { to: string; toast: Toast };

/**
 * The action of a route that exists for one form (ADR 0008). These routes are children of the
 * workspace: success redirects with a toast; an expected failure answers with its true status (404
 * for another user's ids) and the workspace renders again around the failure's toast, without
 * JavaScript too. A GET of such a URL just shows the workspace: the route has no loader of its own.
 */
export function formAction({
  run,
  failureTitle,
  maxFileBytes,
}: {
  run: (input: {
    form: FormData;
    uploads: UploadedFile[];
    user: User;
    params: FormArgs["params"];
    request: Request;
    context: FormArgs["context"];
  }) => Promise<FormOutcome> | FormOutcome;
  failureTitle: MessageKey;
  /** A form that uploads files (multipart) says how large one may be; the files stream to disk. */
  maxFileBytes?: number;
}) {
  return async ({ request, context, params }: FormArgs) => {
    const user = requireUser({ request, context });
    // The fields of these forms are a few ids and short choices: the small forms' cap (FORM_MAX_BYTES).
    const body = maxFileBytes ? { files: { maxFileBytes, maxFiles: 1 }, tooLargeKey: "media.tooLarge" as const } : {};
    try {
      return await withFormBody(request, body, async ({ form, files }) => {
        const { to, toast } = await run({ form, uploads: files, user, params, request, context });
        return redirectWithToast(to, toast);
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return actionResult(error.status, {
        toast: { kind: "error", title: error.titleKey ?? failureTitle, description: error.messageKey },
      });
    }
  };
}
