import type { Route } from "./+types/api.questions";
import { requireUser } from "~/http/auth.server";
import { readJsonInput } from "~/http/json-body.server";
import { apiHandler, jsonError, paramId, refuseMethod } from "~/http/responses.server";
import { questionSchema } from "~/lib/validation";
import { addQuestions, listQuestions } from "~/models/question.server";
import { getTopic } from "~/models/topic.server";

/** GET /api/topics/{id}/questions: in order, each with `answered`. */
export const loader = apiHandler(async (args: Route.LoaderArgs) => {
  const user = requireUser(args);
  const topic = await getTopic({ topicId: paramId(args.params.id), userId: user.id });
  if (!topic) return jsonError(args.context, 404, "topics.notFound");
  return listQuestions({ topicId: topic.id });
});

/** POST /api/topics/{id}/questions: { question } — a custom question (201). */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  const user = requireUser(args);
  if (args.request.method !== "POST") return refuseMethod(args.context, ["GET", "POST"]);
  const { question } = await readJsonInput(args.context, args.request, questionSchema);
  const [created] = await addQuestions({
    topicId: paramId(args.params.id),
    userId: user.id,
    texts: [question],
    source: "custom",
  });
  return Response.json(created, { status: 201 });
});
