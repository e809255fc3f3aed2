import { data } from "react-router";
import type { User } from "~db/schema";
import type { MessageKey } from "~/i18n/types";
import { createUser, deleteUser, updateUser } from "~/models/user.server";
import { AppError } from "~/lib/errors";
import { redirectWithToast } from "~/lib/flash.server";
import { pageUrl } from "~/lib/page-url";
import { firstMessage, parseSubmission, replyTo, replyWithError, type FormResult } from "~/lib/submission";
import { pageFormBody } from "./form-body.server";
import { readSessionToken } from "./session.server";
import type { Toast } from "~/lib/toast";
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
      data({ result, toast: { kind: "error", title, description } satisfies Toast }, { status });
    const id = Number(formData.get("id"));
    // The dialog's form comes back with what was typed, never the password, and each error beside its field.
    const create = parseSubmission(formData, createUserSchema);
    const update = parseSubmission(formData, updateUserSchema);
    const submission = intent === "update" ? update : create;
    try {
      if (intent === "delete") {
        await deleteUser(id, admin.id);
        return redirectWithToast(listHref(request), { kind: "success", title: "admin.userDeleted" });
      }
      if (intent === "create" && create.status === "success") {
        await createUser(create.value, admin.id);
        return redirectWithToast(listHref(request), { kind: "success", title: "admin.userCreated" });
      }
      if (intent === "update" && update.status === "success") {
        // A reset password signs the user out everywhere (the admin keeps their own session when it is theirs).
        await updateUser(id, update.value, admin.id, { keepSessionToken: readSessionToken(request) });
        return redirectWithToast(listHref(request), { kind: "success", title: "admin.userUpdated" });
      }
      if (intent !== "create" && intent !== "update") return fail(400, null, "errors.invalid");
      const result = replyTo(submission);
      return fail(400, result, firstMessage(result));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return fail(error.status, intent === "delete" ? null : replyWithError(submission, error), error.messageKey);
    }
  });
}
