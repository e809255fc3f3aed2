import { postedWithoutScript } from "~/components/links/posted-with-script";
import { FormRouteToaster } from "~/components/ui/form-route-toaster";
import type { MessageKey } from "~/i18n/types";
import { AppError } from "~/lib/errors";
import { paramId, formId } from "~/http/responses.server";
import { siteOrigin } from "~/http/request-origin.server";
import { storytellerUrl } from "~/routes/storyteller/storyteller-url.server";
import { firstMessage, parseSubmission, replyTo } from "~/lib/submission";
import { storytellerAddressSchema, storytellerFormSchema } from "~/lib/validation";
import { formAction } from "~/http/form-route.server";
import { changeStorytellerLink, createStorytellerLink, revokeStorytellerLink } from "~/models/storyteller-link.server";
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

/** A change to one of the book's links, whose refusal (a 404) the toast titles as that change's failure. */
async function titled<T>(title: MessageKey, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof AppError) throw new AppError(error.status, error.messageKey, undefined, title);
    throw error;
  }
}

/**
 * POST /books/{id}/storyteller-links: the "Invite the storyteller" dialog's forms, without JavaScript too (ADR 0008).
 * `create` makes her link and comes back to the dialog with it and its card (shown this once, through the flash; posted
 * without JavaScript, the same address shows them on a page of its own, issue 35);
 * `address` changes how one link's page addresses her (issue 35); `revoke` ends one of this book's links. Another
 * user's book or link is a 404, like the share dialog's.
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
        origin: siteOrigin(request),
      });
      return {
        to: back,
        toast: {
          kind: "success",
          title: "storyteller.created",
          description: "storyteller.copyNow",
          link: storytellerUrl(request, token),
          values: { name },
          alone: postedWithoutScript(form),
        },
      };
    }
    if (intent === "address") {
      const submission = parseSubmission(form, storytellerAddressSchema);
      if (submission.status !== "success") throw new AppError(400, "storyteller.addressInvalid", "address");
      const { address } = submission.value;
      await titled("storyteller.addressFailed", () =>
        changeStorytellerLink({ linkId: formId(form, "linkId"), bookId, userId: user.id, changes: { address } }),
      );
      return { to: back, toast: { kind: "success", title: "storyteller.addressChanged" } };
    }
    if (intent === "revoke") {
      await titled("storyteller.revokeFailed", () =>
        revokeStorytellerLink({ linkId: formId(form, "linkId"), bookId, userId: user.id }),
      );
      return { to: back, toast: { kind: "success", title: "storyteller.revoked" } };
    }
    throw new AppError(400, "errors.invalid");
  },
});

export default function FormRoute() {
  return <FormRouteToaster />;
}
