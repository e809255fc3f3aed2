import { useState, type FormEvent } from "react";
import { useT } from "~/i18n/use-t";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { Field } from "~/components/ui/field";
import type { MessageKey } from "~/i18n/types";
import { showToast } from "~/lib/client-toast";
import { PASSWORD_MIN } from "~/lib/limits";

type Values = { displayName: string; email: string };
type Errors = Partial<
  Record<"form" | "displayName" | "email" | "currentPassword" | "newPassword" | "confirmPassword", MessageKey>
>;

/**
 * Without JavaScript the whole form is posted and the server writes only what changed.
 * With it, only the changed fields are sent, a mismatch is caught before sending,
 * and when nothing changed no request is made at all.
 */
export function ProfileForm({
  initial,
  values,
  errors: serverErrors,
}: {
  initial: Values;
  values: Values;
  errors: Errors;
}) {
  const t = useT();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<Errors | null>(null);
  const errors = clientErrors ?? serverErrors;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "");
    const changed = new FormData();
    if (text("displayName").trim() !== initial.displayName) changed.set("displayName", text("displayName"));
    if (text("email").trim().toLowerCase() !== initial.email) changed.set("email", text("email"));
    const newPassword = text("newPassword");
    if (newPassword || text("confirmPassword")) {
      if (newPassword !== text("confirmPassword"))
        return setClientErrors({ confirmPassword: "profile.passwordMismatch" });
      if (!text("currentPassword")) return setClientErrors({ currentPassword: "profile.currentRequired" });
      changed.set("currentPassword", text("currentPassword"));
      changed.set("newPassword", newPassword);
      changed.set("confirmPassword", text("confirmPassword"));
    }
    setClientErrors({});
    if ([...changed.keys()].length === 0) return showToast({ kind: "info", title: "profile.noChanges" });
    void submit(changed, { method: "post" });
  }

  return (
    <Form method="post" id="profile-form" className="card stack" onSubmit={onSubmit} noValidate>
      {errors.form ? (
        <p role="alert" className="form-error">
          {t(errors.form)}
        </p>
      ) : null}
      <Field
        name="displayName"
        label={t("profile.displayName")}
        autoComplete="name"
        defaultValue={values.displayName}
        maxLength={100}
        error={errors.displayName}
      />
      <Field
        name="email"
        type="email"
        label={t("profile.email")}
        autoComplete="email"
        defaultValue={values.email}
        error={errors.email}
      />
      <fieldset className="stack">
        <legend>{t("profile.passwordSection")}</legend>
        <Field
          name="currentPassword"
          type="password"
          label={t("profile.currentPassword")}
          autoComplete="current-password"
          error={errors.currentPassword}
        />
        <Field
          name="newPassword"
          type="password"
          label={t("profile.newPassword")}
          autoComplete="new-password"
          minLength={PASSWORD_MIN}
          error={errors.newPassword}
        />
        <Field
          name="confirmPassword"
          type="password"
          label={t("profile.confirmPassword")}
          autoComplete="new-password"
          error={errors.confirmPassword}
        />
      </fieldset>
      <div className="form-actions">
        <Link to="/" className="button button-secondary">
          {t("profile.cancel")}
        </Link>
        <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
          {t("profile.save")}
        </button>
      </div>
    </Form>
  );
}
