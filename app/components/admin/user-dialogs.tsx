import { useT } from "~/i18n/use-t";
import { Form, Link, useNavigation } from "react-router";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Dialog } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import type { MessageKey } from "~/i18n/types";
import { PASSWORD_MIN, USERNAME_MIN } from "~/lib/limits";
import type { AdminUserRow } from "./users-table";

type Errors = Record<string, MessageKey>;
type Values = Record<string, string>;

function useBusy() {
  return useNavigation().state === "submitting";
}

/** Add or edit a user; on edit a blank password keeps the current one. */
export function UserFormDialog({
  user,
  closeHref,
  errors,
  values,
}: {
  user?: AdminUserRow;
  closeHref: string;
  errors: Errors;
  values: Values;
}) {
  const t = useT();
  const busy = useBusy();
  const value = (name: "username" | "email" | "displayName") => values[name] ?? (user ? (user[name] ?? "") : "");
  return (
    <Dialog
      title={user ? t("admin.editUserTitle", { name: user.username }) : t("admin.addUserTitle")}
      closeHref={closeHref}
    >
      {/* noValidate: the browser's own bubbles would be in its language, not docs/product.md §5's messages in the
          page's; the schema's messages come back beside each field, with or without JavaScript. */}
      <Form method="post" className="stack" preventScrollReset noValidate>
        <input type="hidden" name="intent" value={user ? "update" : "create"} />
        {user ? <input type="hidden" name="id" value={user.id} /> : null}
        {errors.form ? (
          <p role="alert" className="form-error">
            {t(errors.form)}
          </p>
        ) : null}
        <Field
          name="username"
          label={t("admin.username")}
          required
          minLength={USERNAME_MIN}
          autoComplete="off"
          defaultValue={value("username")}
          error={errors.username}
        />
        <Field
          name="email"
          type="email"
          label={t("admin.email")}
          required
          autoComplete="off"
          defaultValue={value("email")}
          error={errors.email}
        />
        <Field
          name="displayName"
          label={t("admin.displayName")}
          autoComplete="off"
          defaultValue={value("displayName")}
          error={errors.displayName}
        />
        <Field
          name="password"
          type="password"
          label={t("admin.password")}
          required={!user}
          minLength={PASSWORD_MIN}
          autoComplete="new-password"
          hint={user ? t("admin.passwordKeep") : undefined}
          error={errors.password}
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
