import { useT } from "~/i18n/use-t";
import { Form, Link, useNavigation } from "react-router";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Dialog } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { useConformForm } from "~/hooks/use-conform-form";
import type { FormResult } from "~/lib/submission";
import { PASSWORD_MIN, USERNAME_MIN } from "~/lib/limits";
import type { AdminUserRow } from "./users-table";

const loadUpdateUserSchema = () => import("~/lib/validation").then((forms) => forms.updateUserSchema);
const loadCreateUserSchema = () => import("~/lib/validation").then((forms) => forms.createUserSchema);

function useBusy() {
  return useNavigation().state === "submitting";
}

/** Add or edit a user; on edit a blank password keeps the current one. */
export function UserFormDialog({
  user,
  closeHref,
  result,
}: {
  user?: AdminUserRow;
  closeHref: string;
  result: FormResult | null;
}) {
  const t = useT();
  const busy = useBusy();
  // The browser's own bubbles would be in its language, not docs/product.md §5's messages in the page's:
  // conform checks the fields with the form's schema, and its messages show beside each field.
  const { formProps, errorOf, typed } = useConformForm({
    id: user ? `edit-user-${user.id}` : "add-user",
    schema: user ? loadUpdateUserSchema : loadCreateUserSchema,
    lastResult: result,
  });
  const value = (name: "username" | "email" | "displayName") => typed(name) ?? (user ? (user[name] ?? "") : "");
  return (
    <Dialog
      title={user ? t("admin.editUserTitle", { name: user.username }) : t("admin.addUserTitle")}
      closeHref={closeHref}
    >
      <Form method="post" className="stack" preventScrollReset {...formProps}>
        <input type="hidden" name="intent" value={user ? "update" : "create"} />
        {user ? <input type="hidden" name="id" value={user.id} /> : null}
        <Field
          name="username"
          label={t("admin.username")}
          aria-required
          minLength={USERNAME_MIN}
          autoComplete="off"
          defaultValue={value("username")}
          error={errorOf("username")}
        />
        <Field
          name="email"
          type="email"
          label={t("admin.email")}
          aria-required
          autoComplete="off"
          defaultValue={value("email")}
          error={errorOf("email")}
        />
        <Field
          name="displayName"
          label={t("admin.displayName")}
          autoComplete="off"
          defaultValue={value("displayName")}
          error={errorOf("displayName")}
        />
        <Field
          name="password"
          type="password"
          label={t("admin.password")}
          aria-required={!user}
          minLength={PASSWORD_MIN}
          autoComplete="new-password"
          hint={user ? t("admin.passwordKeep") : undefined}
          error={errorOf("password")}
        />
        <div className="form-actions">
          <Link to={closeHref} className="button button-secondary" preventScrollReset>
            {t("admin.cancel")}
          </Link>
          <button type="submit" className="button button-primary" disabled={busy}>
            {user ? t("admin.saveChanges") : t("admin.create")}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}

export function DeleteUserDialog({ user, closeHref }: { user: AdminUserRow; closeHref: string }) {
  const t = useT();
  return (
    <ConfirmDialog
      title={t("admin.deleteUserTitle", { name: user.displayName || user.username })}
      warning={t("admin.deleteWarning")}
      fields={{ intent: "delete", id: user.id }}
      confirmLabel={t("admin.confirmDelete")}
      cancelLabel={t("admin.cancel")}
      closeHref={closeHref}
    />
  );
}
