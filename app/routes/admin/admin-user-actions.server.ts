import { formId } from "~/http/responses.server";
import type { z } from "zod";
import type { User } from "~db/schema";
import type { MessageKey } from "~/i18n/types";
import { createUser, deleteUser, updateUser } from "~/models/user.server";
import { AppError } from "~/lib/errors";
import { redirectWithToast } from "~/http/flash.server";
import { pageUrl } from "~/lib/page-url";
import { firstMessage, parseSubmission, replyTo, replyWithError, type FormResult } from "~/lib/submission";
import { actionResult, pageFormBody } from "../../http/form-body.server";
import { readSessionToken } from "../../http/session.server";
import { createUserSchema, updateUserSchema } from "~/lib/validation";

const FAILURE_TITLES: Record<string, MessageKey> = {
  create: "admin.errorCreating",
  update: "admin.errorUpdating",
  delete: "admin.errorDeleting",
};

/** The list the admin was looking at, without the dialog that was open. */
function listHref(request: Request): string {
  const url = pageUrl(request);
  url.searchParams.delete("dialog");
  url.searchParams.delete("id");
  return url.pathname + (url.search || "");
}

/**
 * The /admin page's three forms (create, update, delete). Success redirects back to the list with a toast;
 * failure keeps the dialog open with its errors beside the fields and the same toast as the API's message.
 * A body too large or unreadable shows the list again, saying why.
 */
export function runUserAction(request: Request, admin: User) {
  return pageFormBody(request, {}, async ({ form: formData }) => {
    const intent = String(formData.get("intent") ?? "");
    const title = FAILURE_TITLES[intent] ?? "errors.title";
    const fail = (status: number, result: FormResult | null, description: MessageKey | undefined) =>
      actionResult(status, { form: result ? "user" : null, result, toast: { kind: "error", title, description } });
    const id = formId(formData, "id");
    const back = (done: MessageKey) => redirectWithToast(listHref(request), { kind: "success", title: done });
    /**
     * The dialog's form through its schema, then the write. Its answer keeps what was typed (never the
     * password) with each error beside its field, those the schema found and those the write did.
     */
    async function save<S extends z.ZodType>(
      schema: S,
      write: (value: z.output<S>) => Promise<unknown>,
      done: MessageKey,
    ) {
      const submission = parseSubmission(formData, schema);
      if (submission.status !== "success") {
        const result = replyTo(submission);
        return fail(400, result, firstMessage(result));
      }
      try {
        await write(submission.value);
        return back(done);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return fail(error.status, replyWithError(submission, error), error.messageKey);
      }
    }
    if (intent === "create") return save(createUserSchema, (value) => createUser(value, admin.id), "admin.userCreated");
    if (intent === "update")
      // A reset password signs the user out everywhere (the admin keeps their own session when it is theirs).
      return save(
        updateUserSchema,
        (value) => updateUser(id, value, admin.id, { keepSessionToken: readSessionToken(request) }),
        "admin.userUpdated",
      );
    if (intent !== "delete") return fail(400, null, "errors.invalid");
    try {
      await deleteUser(id, admin.id);
      return back("admin.userDeleted");
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return fail(error.status, null, error.messageKey);
    }
  });
}
