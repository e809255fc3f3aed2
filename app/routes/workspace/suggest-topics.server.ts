import { aiFailure, aiProvider } from "~/ai/provider.server";
import type { BookContext } from "~/ai/types";
import type { Book, Topic } from "~db/schema";
import { regenerateQuestions } from "~/models/question.server";
import { createTopics } from "~/models/topic.server";
import { redirectWithToast } from "~/http/flash.server";
import { actionResult, type PageAnswer } from "../../http/form-body.server";
import type { Toast } from "~/lib/toast";
import { parseSubmission, replyTo, type FormResult } from "~/lib/submission";
import { mergeRegenerated, move, type SuggestedTopic } from "~/routes/workspace/topic-suggestions";
import { suggestedTopicsFormSchema, suggestedTopicsListSchema } from "~/lib/validation";

const context = (book: Book): BookContext => ({
  title: book.title,
  description: book.description,
  tone: book.tone,
  language: book.language,
});

/** The toast of a failed suggestion: the spec's notice, and why beneath it when the provider said. */
function failedToast(error: unknown): Toast {
  const failure = aiFailure(error, "suggest.generateFailed");
  return {
    kind: "error",
    title: "suggest.generateFailed",
    description: failure.messageKey === "suggest.generateFailed" ? undefined : failure.messageKey,
  };
}

/** The first list the dialog shows: fresh suggestions, all selected. Empty, with a toast, when the provider fails. */
export async function initialSuggestions(
  book: Book,
  signal?: AbortSignal,
): Promise<{ suggestions: SuggestedTopic[]; toast: Toast | null }> {
  try {
    const topics = await aiProvider().suggestTopics(context(book), { signal });
    return { suggestions: topics.map((topic) => ({ ...topic, selected: true })), toast: null };
  } catch (error) {
    return { suggestions: [], toast: failedToast(error) };
  }
}

/** The list edits a no-JavaScript dialog asks the server for (with JavaScript they happen in place). */
function editSuggestions(current: SuggestedTopic[], op: string, newTopicTitle: string): SuggestedTopic[] | null {
  if (op === "add") return [...current, { title: newTopicTitle, description: "", selected: true }];
  if (op === "select-all") return current.map((t) => ({ ...t, selected: true }));
  if (op === "deselect-all") return current.map((t) => ({ ...t, selected: false }));
  const moveMatch = /^(up|down):(\d+)$/.exec(op);
  return moveMatch ? move(current, Number(moveMatch[2]), moveMatch[1] === "up" ? -1 : 1) : null;
}

/**
 * The suggest-topics dialog's three intents, each a form submit so they work without JavaScript:
 * `regenerate`, `edit:<op>` (add, select or deselect all, move up or down) and `save`, which creates
 * the selected topics in order and redirects. Anything but a save answers the dialog again: the list as posted and
 * changed in the action result's `page`, the save's refusal beside its field or on the form, and a toast.
 */
export async function runSuggestIntent({
  intent,
  form,
  book,
  userId,
  newTopicTitle,
  doneHref,
  isCopy,
  signal,
}: {
  intent: string;
  form: FormData;
  book: Book;
  userId: number;
  newTopicTitle: string;
  doneHref: string;
  isCopy: boolean;
  signal?: AbortSignal;
}): Promise<PageAnswer<SuggestedTopic[]>> {
  const submission = parseSubmission(form, suggestedTopicsFormSchema);
  const state = (suggestions: SuggestedTopic[], toast: Toast | null = null, result: FormResult | null = null) =>
    actionResult(result ? 400 : 200, { form: "suggestTopics", result, toast, page: suggestions });
  // The list as posted, for every intent. Only a save may refuse it; then the list is read once more without
  // the save's checks, to show it again beside its errors.
  if (submission.status !== "success") {
    const list = suggestedTopicsListSchema.safeParse(submission.payload);
    if (!list.success) return state([], { kind: "error", title: "errors.title", description: "errors.invalid" });
    return state(list.data.topics, null, replyTo(submission));
  }
  const current = submission.value.topics;

  if (intent === "regenerate") {
    try {
      const fresh = await aiProvider().suggestTopics(context(book), {
        exclude: current.filter((t) => t.selected).map((t) => t.title),
        signal,
      });
      return state(mergeRegenerated(current, fresh, newTopicTitle), { kind: "success", title: "suggest.regenerated" });
    } catch (error) {
      return state(current, failedToast(error));
    }
  }
  if (intent.startsWith("edit:")) {
    const edited = editSuggestions(current, intent.slice("edit:".length), newTopicTitle);
    return edited
      ? state(edited)
      : state(current, { kind: "error", title: "errors.title", description: "errors.invalid" });
  }
  if (intent !== "save") return state(current, { kind: "error", title: "errors.title", description: "errors.invalid" });

  const chosen = current.filter((t) => t.selected);
  let created: Topic[];
  try {
    created = await createTopics({ bookId: book.id, userId, items: chosen });
  } catch (error) {
    console.error("createTopics failed", error);
    return state(current, { kind: "error", title: "suggest.saveFailed", description: "suggest.saveFailedText" });
  }
  const failed = await generateFirstQuestions(created, book, userId, signal);
  const count = String(created.length);
  if (failed > 0)
    return redirectWithToast(doneHref, {
      kind: "info",
      title: "suggest.saved",
      description: "suggest.savedQuestionsFailed",
      values: { count, failed: String(failed) },
    });
  return redirectWithToast(doneHref, {
    kind: "success",
    title: "suggest.saved",
    description: isCopy ? "suggest.savedCopyText" : "suggest.savedText",
    values: { count },
  });
}

/**
 * Each new topic's first interview questions, so that the first question is one tap away after saving. One
 * topic at a time: an AI server is asked once per topic rather than all at once. A topic whose questions
 * fail is kept without them (its page offers "Generate questions"); returns how many failed.
 */
async function generateFirstQuestions(created: Topic[], book: Book, userId: number, signal?: AbortSignal) {
  let failed = 0;
  for (const topic of created) {
    try {
      await regenerateQuestions({
        topic: { id: topic.id, title: topic.title, description: topic.description, bookLanguage: book.language },
        userId,
        signal,
      });
    } catch (error) {
      console.warn(`questions for topic ${topic.id} failed`, error);
      failed += 1;
    }
  }
  return failed;
}
