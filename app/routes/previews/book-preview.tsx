import { FormRouteToaster } from "~/components/ui/form-route-toaster";
import { AppError } from "~/lib/errors";
import { formAction } from "~/http/form-route.server";
import { paramId, formId } from "~/http/responses.server";
import { firstMessage, parseSubmission, replyTo } from "~/lib/submission";
import { bookReturnPath, keepAiWordsSchema } from "~/lib/validation";
import { bookPreview, generateTopicPreview, keepPreviewAiWords } from "~/routes/previews/previews.server";
import { getTopicInBook } from "~/models/topic.server";

/**
 * POST /books/{id}/preview: the preview panel's buttons, without JavaScript too. Three intents: generate
 * (or regenerate) a topic's preview, regenerate the whole book's, and keep the AI's words shown in either (issue 35),
 * which comes back to the page of the preview they were on.
 */
export const action = formAction({
  failureTitle: "preview.failed",
  run: async ({ form, user, params, request }) => {
    const bookId = paramId(params.bookId);
    const intent = form.get("intent");
    if (intent === "topic") {
      const topicId = formId(form, "topicId");
      if (!(await getTopicInBook({ topicId, bookId, userId: user.id }))) throw new AppError(404, "topics.notFound");
      await generateTopicPreview({ topicId, userId: user.id, signal: request.signal });
      // The topic editor's button comes back to the editor; the panel's to the topic's preview.
      const to = bookReturnPath(form.get("returnTo"), bookId) ?? `/books/${bookId}?ptab=topic&ptopic=${topicId}`;
      return { to, toast: { kind: "success", title: "preview.generated" } };
    }
    if (intent === "book") {
      await bookPreview({ bookId, userId: user.id, force: true, signal: request.signal });
      return { to: `/books/${bookId}?ptab=book`, toast: { kind: "success", title: "preview.generated" } };
    }
    if (intent === "keep-ai") {
      const submission = parseSubmission(form, keepAiWordsSchema);
      if (submission.status !== "success")
        throw new AppError(400, firstMessage(replyTo(submission)) ?? "errors.invalid");
      const { index, words, topicId, ppage } = submission.value;
      await keepPreviewAiWords({ bookId, userId: user.id, topicId: topicId ?? null, index, words });
      const to = topicId
        ? `/books/${bookId}?ptab=topic&ptopic=${topicId}&ppage=${ppage}`
        : `/books/${bookId}?ptab=book&ppage=${ppage}`;
      return { to, toast: { kind: "success", title: "preview.aiWordsKept" } };
    }
    throw new AppError(400, "errors.invalid");
  },
});

export default function BookPreviewForm() {
  return <FormRouteToaster />;
}
