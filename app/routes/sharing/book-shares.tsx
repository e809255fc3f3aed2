import { postedWithoutScript } from "~/components/links/posted-with-script";
import { FormRouteToaster } from "~/components/ui/form-route-toaster";
import { AppError } from "~/lib/errors";
import { formAction } from "~/http/form-route.server";
import { paramId, formId } from "~/http/responses.server";
import { shareUrl } from "~/http/share-url.server";
import { firstMessage, parseSubmission, replyTo } from "~/lib/submission";
import { shareFormSchema } from "~/lib/validation";
import { createShare, revokeShareById } from "~/models/share.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * POST /books/{id}/shares: the share dialog's two forms, without JavaScript too. `create` makes a link
 * for the chosen lifetime and comes back to the dialog with the link (shown this once, through the
 * flash; posted without JavaScript, the same address shows it on a page of its own, issue 35); `revoke` deletes one
 * of this book's links. The book's download dialog (`back=pdf`) makes its
 * never-expiring link for the voice codes with the same `create`, and comes back to itself.
 */
export const action = formAction({
  failureTitle: "share.createFailed",
  run: async ({ form, user, params, request }) => {
    const bookId = paramId(params.bookId);
    const back = `/books/${bookId}?dialog=share`;
    const intent = form.get("intent");
    if (intent === "create") {
      const submission = parseSubmission(form, shareFormSchema);
      if (submission.status !== "success")
        throw new AppError(400, firstMessage(replyTo(submission)) ?? "errors.invalid", "lifetime");
      const { lifetime } = submission.value;
      const expiresAt = lifetime === "never" ? null : new Date(Date.now() + Number(lifetime) * DAY_MS);
      const { token } = await createShare({ bookId, userId: user.id, expiresAt });
      if (submission.value.back === "pdf") {
        // The voice codes carry the link; the download dialog says so, and Share is where it is sent or revoked.
        return {
          to: `/books/${bookId}?dialog=pdf`,
          toast: { kind: "success", title: "share.created", description: "pdfDialog.linkCreated" },
        };
      }
      return {
        to: back,
        toast: {
          kind: "success",
          title: "share.created",
          description: "share.copyNow",
          link: shareUrl(request, token),
          alone: postedWithoutScript(form),
        },
      };
    }
    if (intent === "revoke") {
      try {
        await revokeShareById({ shareId: formId(form, "shareId"), bookId, userId: user.id });
      } catch (error) {
        if (error instanceof AppError)
          throw new AppError(error.status, error.messageKey, undefined, "share.revokeFailed");
        throw error;
      }
      return { to: back, toast: { kind: "success", title: "share.revoked" } };
    }
    throw new AppError(400, "errors.invalid");
  },
});

export default function FormRoute() {
  return <FormRouteToaster />;
}
