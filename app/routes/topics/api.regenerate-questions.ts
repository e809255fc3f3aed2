import type { Route } from "./+types/api.regenerate-questions";
import { aiFailure } from "~/ai/provider.server";
import { requireUser } from "~/http/auth.server";
import { apiHandler, jsonError, methodNotAllowed, paramId, refuseMethod } from "~/http/responses.server";
import { listQuestions, regenerateQuestions } from "~/models/question.server";
import { getTopic } from "~/models/topic.server";

/**
 * POST /api/topics/{id}/regenerate-questions: fresh questions from the AI provider replace the
 * unanswered ones; answered questions stay with their stories. Returns the topic's questions.
 */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  const user = requireUser(args);
  if (args.request.method !== "POST") return refuseMethod(args.context, ["POST"]);
  const topic = await getTopic({ topicId: paramId(args.params.id), userId: user.id });
  if (!topic) return jsonError(args.context, 404, "topics.notFound");
  try {
    await regenerateQuestions({ topic, userId: user.id, signal: args.request.signal });
  } catch (error) {
    // 502 { message, title } and nothing changed: the questions are replaced only after the provider answered.
    throw aiFailure(error, "questions.regenerateFailed");
  }
  return listQuestions({ topicId: topic.id });
});

export const loader = methodNotAllowed("POST");
