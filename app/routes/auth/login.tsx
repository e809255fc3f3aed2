import { useT } from "~/i18n/use-t";
import { Form, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { Checkbox, Field } from "~/components/ui/field";
import { Toaster } from "~/components/ui/toaster";
import { getOptionalUser } from "~/http/auth.server";
import { parseSubmission, replyTo } from "~/lib/submission";
import { translate } from "~/http/responses.server";
import { secureCookieRefused } from "~/http/cookie-security.server";
import { LoginRefused, signIn, type SignedIn } from "~/routes/auth/sign-in.server";
import { pageTitle } from "~/lib/meta";
import { actionResult, pageFormBody } from "~/http/form-body.server";
import { resultOf } from "~/lib/action-result";
import type { Toast } from "~/lib/toast";
import { safeRedirect } from "~/lib/safe-redirect";
import { loginSchema } from "~/lib/validation";
import { LanguageForm } from "~/components/layout/preference-forms";
import { useConformForm } from "~/hooks/use-conform-form";
import { useRootData } from "~/hooks/use-root-data";
import type { HeaderHandle } from "~/components/layout/header-context";

// The action parses with loginSchema; the browser loads the same schema once the page is idle (ADR 25: zod is too
// heavy for the first render).
const loadLoginSchema = () => import("~/lib/validation").then((forms) => forms.loginSchema);

// This page shows its own action's toast, so it owns the toast region.
export const handle: HeaderHandle = { ownsToaster: true };

export const meta: Route.MetaFunction = ({ loaderData }) => pageTitle(loaderData?.title);

export function loader({ request, context }: Route.LoaderArgs) {
  if (getOptionalUser(context)) {
    throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo")));
  }
  // COOKIE_SECURE=true on plain http: the browser will drop the session cookie, so say so before anyone tries.
  return { title: translate(context, "login.title"), insecureCookie: secureCookieRefused(request) };
}

export function action({ request, context }: Route.ActionArgs) {
  // A body too large or unreadable (never this page's own form) answers the page again, saying why.
  return pageFormBody(request, {}, async ({ form }) => {
    const submission = parseSubmission(form, loginSchema);
    // The form comes back with what was typed, never the password.
    const result = replyTo(submission);
    if (submission.status !== "success") return actionResult(400, { form: "login", result });
    let signedIn: SignedIn;
    try {
      signedIn = await signIn(request, context, submission.value);
    } catch (error) {
      if (!(error instanceof LoginRefused)) throw error;
      const toast: Toast = { kind: "error", title: "login.failedTitle", description: error.messageKey };
      return actionResult(error.status, { form: "login", result, toast }, error.headers);
    }
    throw redirect(safeRedirect(submission.value.redirectTo), { headers: signedIn.headers });
  });
}

export default function Login({ actionData, loaderData }: Route.ComponentProps) {
  const t = useT();
  const root = useRootData();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/login");
  // After a successful post the router loads the signed-in page: that is the session check.
  const checking = navigation.state === "loading" && navigation.formAction?.startsWith("/login");
  // The fields say they are required with aria-required, not `required`: conform checks them with the form's
  // schema and its messages, and while the schema is still loading the server does, never the browser's own.
  const { formProps, errorOf, typed } = useConformForm({
    id: "login",
    schema: loadLoginSchema,
    lastResult: resultOf(actionData, "login"),
  });
  return (
    <main id="main" className="login-page">
      <div className="login-brand">
        <p className="login-product">{t("app.name")}</p>
        <p className="login-tagline">{t("app.tagline")}</p>
      </div>
      <section className="card login-card" aria-labelledby="login-title">
        <h1 id="login-title">{loaderData.title}</h1>
        <p className="muted">{t("login.invitedOnly")}</p>
        {loaderData.insecureCookie ? (
          <p className="notice" role="alert">
            {t("login.insecureCookie")}
          </p>
        ) : null}
        <Form method="post" className="stack" {...formProps}>
          <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? "/"} />
          <Field
            name="username"
            label={t("login.usernameOrEmail")}
            autoComplete="username"
            aria-required
            defaultValue={typed("username") ?? ""}
            error={errorOf("username")}
          />
          <Field
            name="password"
            type="password"
            label={t("login.password")}
            autoComplete="current-password"
            aria-required
            error={errorOf("password")}
          />
          <Checkbox name="rememberMe" label={t("login.rememberMe")} />
          <button type="submit" className="button button-primary button-block" disabled={submitting || checking}>
            {checking ? t("login.checking") : submitting ? t("login.submitting") : t("login.submit")}
          </button>
        </Form>
      </section>
      <nav className="login-language" aria-label={t("preferences.language")}>
        <LanguageForm locale={root?.locale ?? "en"} />
      </nav>
      <Toaster toast={actionData?.toast ?? root?.toast} />
    </main>
  );
}
