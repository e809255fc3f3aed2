import type { Route } from "./+types/topic.regenerate-questions";
import { aiProvider } from "~/ai/provider.server";
import { requireUser } from "~/lib/auth.server";
import { apiHandler, jsonError, paramId } from "~/lib/http.server";
import { listQuestions, replaceUnansweredQuestions } from "~/models/question.server";
import { getTopic } from "~/models/topic.server";

export const QUESTIONS_PER_TOPIC = 5;

/**
 * POST /api/topics/{id}/regenerate-questions: fresh questions from the AI provider replace the
 * unanswered ones; answered questions stay with their stories. Returns the topic's questions.
 */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  const user = requireUser(args);
  if (args.request.method !== "POST") return jsonError(args.context, 405, "errors.methodNotAllowed");
  const topic = getTopic({ topicId: paramId(args.params.id), userId: user.id });
  if (!topic) return jsonError(args.context, 404, "topics.notFound");
  const asked = listQuestions({ topicId: topic.id }).map((q) => q.question);
  let texts: string[];
  try {
    texts = await aiProvider().generateQuestions(
      { title: topic.title, description: topic.description, language: topic.bookLanguage },
      { exclude: asked, count: QUESTIONS_PER_TOPIC, signal: args.request.signal },
    );
  } catch (error) {
    console.error("generateQuestions failed", error);
    return jsonError(args.context, 502, "questions.regenerateFailed");
  }
  replaceUnansweredQuestions({ topicId: topic.id, userId: user.id, texts });
  return listQuestions({ topicId: topic.id });
});
