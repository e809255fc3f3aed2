import { useT } from "~/i18n/use-t";
import { useOutlet } from "react-router";
import type { Route } from "./+types/profile";
import type { HeaderHandle } from "~/components/layout/header-context";
import { KeepsakeSection } from "~/routes/keepsakes/components/keepsake-section";
import { AnswerEmailsForm } from "~/routes/profile/components/answer-emails-form";
import { ProfileForm } from "~/routes/profile/components/profile-form";
import { requireUser } from "~/http/auth.server";
import { AppError } from "~/lib/errors";
import { redirectWithToast } from "~/http/flash.server";
import { parseSubmission, replyTo, replyWithError } from "~/lib/submission";
import { translate } from "~/http/responses.server";
import { pageTitle } from "~/lib/meta";
import { actionResult, pageFormBody } from "~/http/form-body.server";
import { resultOf } from "~/lib/action-result";
import { readSessionToken } from "~/http/session.server";
import { profileSchema } from "~/lib/validation";
import type { Toast } from "~/lib/toast";
import { useRootData } from "~/hooks/use-root-data";
import { setAnswerEmails, updateProfile } from "~/models/user.server";
import { Toaster } from "~/components/ui/toaster";
import type { WorkspaceOutletContext } from "~/hooks/use-workspace-outlet";

export const handle: HeaderHandle = { titleKey: "profile.title", saveForm: "profile-form", ownsToaster: true };

export const meta: Route.MetaFunction = ({ loaderData }) => pageTitle(loaderData?.title);

export function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  return {
    title: translate(args.context, "profile.title"),
    profile: { displayName: user.displayName ?? "", email: user.email },
    answerEmails: user.answerEmails,
  };
}

export function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const refusal = (error: AppError): Toast => ({
    kind: "error",
    title: "profile.updateFailed",
    description: error.messageKey,
  });
  return pageFormBody(args.request, { refusal }, async ({ form }) => {
    if (form.get("intent") === "answerEmails") {
      const on = form.get("answerEmails") === "on";
      await setAnswerEmails({ userId: user.id, on });
      return redirectWithToast("/profile", {
        kind: "success",
        title: "profile.updated",
      });
    }
    const submission = parseSubmission(form, profileSchema);
    if (submission.status !== "success") return actionResult(400, { form: "profile", result: replyTo(submission) });
    try {
      // A new password signs the user out everywhere but here.
      const updated = await updateProfile(user, submission.value, { sessionToken: readSessionToken(args.request) });
      if (!updated) return redirectWithToast("/profile", { kind: "info", title: "profile.noChanges" });
      return redirectWithToast("/profile", { kind: "success", title: "profile.updated" });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const result = replyWithError(submission, error, { formLevel: true });
      return actionResult(error.status, { form: "profile", result, toast: refusal(error) });
    }
  });
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const root = useRootData();
  const toast = actionData?.toast ?? root?.toast;
  // The import form's route (/profile/import), when it answered: it shows its own toast, or this page's.
  const outlet = useOutlet({ toast } satisfies WorkspaceOutletContext);
  return (
    <main id="main" className="page page-narrow">
      <h1>{t("profile.title")}</h1>
      <p className="muted">{t("profile.intro")}</p>
      {outlet ?? <Toaster toast={toast} />}
      <ProfileForm initial={loaderData.profile} result={resultOf(actionData, "profile")} />
      <AnswerEmailsForm on={loaderData.answerEmails} />
      <KeepsakeSection />
    </main>
  );
}
