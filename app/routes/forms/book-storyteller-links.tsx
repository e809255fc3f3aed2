import { FormRouteToaster } from "~/components/ui/form-route-toaster";
import { AppError } from "~/lib/errors";
import { paramId, formId } from "~/lib/http.server";
import { storytellerUrl } from "~/lib/storyteller-url.server";
import { firstMessage, parseSubmission, replyTo } from "~/lib/submission";
import { storytellerFormSchema } from "~/lib/validation";
import { formAction } from "~/services/form-route.server";
import { createStorytellerLink, revokeStorytellerLink } from "~/models/storyteller-link.server";
import { listWorkspaceTopics } from "~/models/topic.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The topics a new link offers: null when she is offered every topic that is not archived, so that topics the family
 * adds later reach her page too; the chosen ids when the owner left some out.
 */
async function offeredTopics(bookId: number, chosen: number[]): Promise<number[] | null> {
  const active = (await listWorkspaceTopics({ bookId })).filter((topic) => !topic.archived).map((topic) => topic.id);
  const all = active.length > 0 && active.every((id) => chosen.includes(id)) && chosen.length === active.length;
  return all ? null : chosen;
}

/**
 * POST /books/{id}/storyteller-links: the "Invite the storyteller" dialog's forms, without JavaScript too (ADR 0008).
 * `create` makes her link and comes back to the dialog with it and its card (shown this once, through the flash);
 * `revoke` ends one of this book's links. Another user's book or link is a 404, like the share dialog's.
 */
export const action = formAction({
  failureTitle: "storyteller.createFailed",
  run: async ({ form, user, params, request }) => {
    const bookId = paramId(params.bookId);
    const back = `/books/${bookId}?dialog=storyteller`;
    const intent = form.get("intent");
    if (intent === "create") {
      const submission = parseSubmission(form, storytellerFormSchema);
      if (submission.status !== "success")
        throw new AppError(400, firstMessage(replyTo(submission)) ?? "errors.invalid", "topicIds");
      const { name, address, topicIds, lifetime } = submission.value;
      const { token } = await createStorytellerLink({
        bookId,
        userId: user.id,
        name,
        address,
        topicIds: await offeredTopics(bookId, topicIds),
        expiresAt: new Date(Date.now() + Number(lifetime) * DAY_MS),
      });
      return {
        to: back,
        toast: {
          kind: "success",
          title: "storyteller.created",
          description: "storyteller.copyNow",
          link: storytellerUrl(request, token),
          values: { name },
        },
      };
    }
    if (intent === "revoke") {
      try {
        await revokeStorytellerLink({ linkId: formId(form, "linkId"), bookId, userId: user.id });
      } catch (error) {
        if (error instanceof AppError)
          throw new AppError(error.status, error.messageKey, undefined, "storyteller.revokeFailed");
        throw error;
      }
      return { to: back, toast: { kind: "success", title: "storyteller.revoked" } };
    }
    throw new AppError(400, "errors.invalid");
  },
});

export default function FormRoute() {
  return <FormRouteToaster />;
}
