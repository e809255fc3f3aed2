import { formId } from "~/http/responses.server";
import { aiFailure } from "~/ai/provider.server";
import type { User } from "~db/schema";
import { addQuestions, regenerateQuestions } from "~/models/question.server";
import { deleteMediaFiles } from "~/models/media.server";
import { deleteStory, getStory } from "~/models/story.server";
import { getTopicInBook } from "~/models/topic.server";
import { AppError } from "~/lib/errors";
import { redirectWithToast } from "~/http/flash.server";
import { firstMessage, parseSubmission, replyTo, type FormResult } from "~/lib/submission";
import { actionResult, pageFormBody } from "../../http/form-body.server";
import type { Toast } from "~/lib/toast";
import { bookReturnPath, questionSchema } from "~/lib/validation";

/** A refusal: the page's action result, with the add-question form's answer when that form was refused. */
const fail = (status: number, result: FormResult | null, toast: Toast) =>
  actionResult(status, { form: result ? "question" : null, result, toast });

/**
 * The topic page's three forms: regenerate the questions, add a custom question, delete a story.
 * Each redirects back with a toast, so they work the same with and without JavaScript. Adding a
 * question may name a `returnTo` within the same book (the workspace's add-question dialog).
 */
export async function runTopicPageIntent({
  request,
  user,
  topicId,
  bookId,
}: {
  request: Request;
  user: User;
  topicId: number;
  bookId: number;
}) {
  const topic = await getTopicInBook({ topicId, bookId, userId: user.id });
  if (!topic) return fail(404, null, { kind: "error", title: "topics.loadFailed", description: "topics.notFound" });
  // A body too large or unreadable: the page again, saying why.
  return pageFormBody(request, {}, ({ form }) => runIntent({ form, request, user, topic, bookId }));
}

async function runIntent({
  form,
  request,
  user,
  topic,
  bookId,
}: {
  form: FormData;
  request: Request;
  user: User;
  topic: NonNullable<Awaited<ReturnType<typeof getTopicInBook>>>;
  bookId: number;
}) {
  const topicId = topic.id;
  const intent = String(form.get("intent") ?? "");
  const here = `/books/${bookId}/topics/${topicId}`;

  if (intent === "regenerate-questions") {
    try {
      await regenerateQuestions({ topic, userId: user.id, signal: request.signal });
      return redirectWithToast(here, { kind: "success", title: "topicPage.regenerated" });
    } catch (error) {
      // The spec's failure notice, with the reason (e.g. the AI server did not answer) beneath it.
      const failure = aiFailure(error, "questions.regenerateFailed");
      const why = failure.messageKey === "questions.regenerateFailed" ? undefined : failure.messageKey;
      return fail(failure.status, null, { kind: "error", title: "questions.regenerateFailed", description: why });
    }
  }

  if (intent === "add-question") {
    // The workspace's story editor adds questions here too and asks to come back to itself; a path
    // outside this topic's book is ignored. A failure keeps the path (the form's answer holds what was posted),
    // so the retry still goes back; one outside the book is left out of it.
    const returnTo = bookReturnPath(form.get("returnTo"), bookId);
    const submission = parseSubmission(form, questionSchema);
    if (submission.status !== "success") {
      const result = replyTo(submission, {}, returnTo ? [] : ["returnTo"]);
      const toast: Toast = { kind: "error", title: "errors.title", description: firstMessage(result) };
      return fail(400, result, toast);
    }
    await addQuestions({ topicId, userId: user.id, texts: [submission.value.question], source: "custom" });
    return redirectWithToast(returnTo ?? here, { kind: "success", title: "topicPage.questionAdded" });
  }

  if (intent === "delete-story") {
    try {
      const storyId = formId(form, "storyId");
      if ((await getStory({ storyId, userId: user.id }))?.topicId !== topicId)
        throw new AppError(404, "stories.notFound");
      const { mediaKeys } = await deleteStory({ storyId, userId: user.id });
      await deleteMediaFiles(mediaKeys);
      return redirectWithToast(here, {
        kind: "success",
        title: "topicPage.deleted",
        description: "topicPage.deletedText",
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return fail(error.status, null, {
        kind: "error",
        title: "topicPage.deleteFailed",
        description: error.messageKey,
      });
    }
  }
  return fail(400, null, { kind: "error", title: "errors.title", description: "errors.invalid" });
}
