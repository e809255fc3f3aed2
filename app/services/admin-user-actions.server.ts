import type { User } from "~db/schema";
import type { MessageKey } from "~/i18n/types";
import { createUser, deleteUser, updateUser } from "~/models/user.server";
import { AppError } from "~/lib/errors";
import { redirectWithToast } from "~/lib/flash.server";
import { pageUrl } from "~/lib/page-url";
import { parseFormData, type FieldErrors } from "~/lib/form.server";
import { readForm } from "~/lib/request-body.server";
import { readSessionToken } from "./session.server";
import type { Toast } from "~/lib/toast";
import { createUserSchema, updateUserSchema } from "~/lib/validation";

type Failure = { status: number; body: { errors: FieldErrors; values: Record<string, string>; toast: Toast } };

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
 * failure keeps the dialog open with field errors and the same toast as the API's message.
 */
export async function runUserAction(request: Request, admin: User): Promise<Response | Failure> {
  let formData: FormData;
  try {
    formData = await readForm(request);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // A body too large or unreadable: the list again, saying why.
    return {
      status: error.status,
      body: { errors: {}, values: {}, toast: { kind: "error", title: "errors.title", description: error.messageKey } },
    };
  }
  const intent = String(formData.get("intent") ?? "");
  const title = FAILURE_TITLES[intent] ?? "errors.title";
  const fail = (
    status: number,
    errors: FieldErrors,
    values: Record<string, string>,
    description: MessageKey,
  ): Failure => ({
    status,
    body: { errors, values, toast: { kind: "error", title, description } },
  });
  const id = Number(formData.get("id"));

  try {
    if (intent === "delete") {
      await deleteUser(id, admin.id);
      return redirectWithToast(listHref(request), { kind: "success", title: "admin.userDeleted" });
    }
    if (intent === "create") {
      const form = parseFormData(formData, createUserSchema);
      if (!form.success) return fail(400, form.errors, form.values, Object.values(form.errors)[0]!);
      await createUser(form.data, admin.id);
      return redirectWithToast(listHref(request), { kind: "success", title: "admin.userCreated" });
    }
    if (intent === "update") {
      const form = parseFormData(formData, updateUserSchema);
      if (!form.success) return fail(400, form.errors, form.values, Object.values(form.errors)[0]!);
      // A reset password signs the user out everywhere (the admin keeps their own session when it is theirs).
      await updateUser(id, form.data, admin.id, { keepSessionToken: readSessionToken(request) });
      return redirectWithToast(listHref(request), { kind: "success", title: "admin.userUpdated" });
    }
    return fail(400, {}, {}, "errors.invalid");
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const errors: FieldErrors = error.field ? { [error.field]: error.messageKey } : {};
    const values = parseFormData(formData, createUserSchema).values;
    return fail(error.status, errors, values, error.messageKey);
  }
}
