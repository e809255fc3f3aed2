import type { Route } from "./+types/api.answer-followup";
import { aiFailure, aiProvider } from "~/ai/provider.server";
import { requireUser } from "~/http/auth.server";
import { readJsonInput } from "~/http/json-body.server";
import { apiHandler, methodNotAllowed, refuseMethod } from "~/http/responses.server";
import { followupSchema } from "~/lib/validation";
import { writingContext } from "~/routes/stories/writing-help.server";

/** POST /api/answer-followup → `{ answer }`: the interviewer's next question to what was told. */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  const user = requireUser(args);
  if (args.request.method !== "POST") return refuseMethod(args.context, ["POST"]);
  const input = await readJsonInput(args.context, args.request, followupSchema);
  const { topic, language } = await writingContext(args.context, user, input);
  try {
    const answer = await aiProvider().answerFollowup(
      { question: input.question, currentText: input.currentText, storyTitle: input.storyTitle, topic, language },
      { signal: args.request.signal },
    );
    return { answer };
  } catch (error) {
    throw aiFailure(error, "writingHelp.followupFailed");
  }
});

export const loader = methodNotAllowed("POST");
