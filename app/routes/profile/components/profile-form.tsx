import { useEffect, useRef, type FormEvent } from "react";
import { useT } from "~/i18n/use-t";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { Field } from "~/components/ui/field";
import { useConformForm } from "~/hooks/use-conform-form";
import type { FormResult } from "~/lib/submission";
import { showToast } from "~/lib/client-toast";
import { PASSWORD_MIN } from "~/lib/limits";

const loadProfileSchema = () => import("~/lib/validation").then((forms) => forms.profileSchema);

type Values = { displayName: string; email: string };
const PASSWORDS = ["currentPassword", "newPassword", "confirmPassword"] as const;

/**
 * Without JavaScript the whole form is posted and the server writes only what changed. With it, conform
 * checks the fields with the form's schema (a mismatch is caught before sending), only the changed fields
 * are sent, and when nothing changed no request is made at all.
 */
export function ProfileForm({ initial, result }: { initial: Values; result: FormResult | null }) {
  const t = useT();
  const submit = useSubmit();
  const navigation = useNavigation();
  const { formProps, errorOf, typed, formError, form } = useConformForm({
    id: "profile-form",
    schema: loadProfileSchema,
    lastResult: result,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const saving = useRef(false);
  // A save that succeeded comes back as a redirect, without action data: the passwords typed for it go.
  useEffect(() => {
    if (navigation.state === "submitting" && navigation.formAction === "/profile") saving.current = true;
    if (navigation.state !== "idle" || !saving.current) return;
    saving.current = false;
    if (result) return;
    for (const name of PASSWORDS) {
      const input = formRef.current?.elements.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = "";
    }
  }, [navigation.state, navigation.formAction, result]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // conform first: an invalid form is stopped there, its errors beside the fields.
    formProps.onSubmit(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "");
    const changed = new FormData();
    if (text("displayName").trim() !== initial.displayName) changed.set("displayName", text("displayName"));
    if (text("email").trim().toLowerCase() !== initial.email) {
      // A new email needs the current password, as a new password does (the server checks it).
      changed.set("email", text("email"));
      changed.set("currentPassword", text("currentPassword"));
    }
    if (text("newPassword") || text("confirmPassword")) {
      for (const name of PASSWORDS) changed.set(name, text(name));
    }
    if ([...changed.keys()].length === 0) return showToast({ kind: "info", title: "profile.noChanges" });
    void submit(changed, { method: "post" });
  }

  return (
    <Form method="post" className="card stack" {...formProps} onSubmit={onSubmit} ref={formRef}>
      {formError ? (
        <p id={form.errorId} role="alert" className="form-error">
          {t(formError)}
        </p>
      ) : null}
      <Field
        name="displayName"
        label={t("profile.displayName")}
        autoComplete="name"
        defaultValue={typed("displayName") ?? initial.displayName}
        maxLength={100}
        error={errorOf("displayName")}
      />
      <Field
        name="email"
        type="email"
        label={t("profile.email")}
        autoComplete="email"
        defaultValue={typed("email") ?? initial.email}
        hint={t("profile.emailHint")}
        error={errorOf("email")}
      />
      <fieldset className="stack">
        <legend>{t("profile.passwordSection")}</legend>
        <Field
          name="currentPassword"
          type="password"
          label={t("profile.currentPassword")}
          autoComplete="current-password"
          error={errorOf("currentPassword")}
        />
        <Field
          name="newPassword"
          type="password"
          label={t("profile.newPassword")}
          autoComplete="new-password"
          minLength={PASSWORD_MIN}
          error={errorOf("newPassword")}
        />
        <Field
          name="confirmPassword"
          type="password"
          label={t("profile.confirmPassword")}
          autoComplete="new-password"
          error={errorOf("confirmPassword")}
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
