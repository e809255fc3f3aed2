import type { Route } from "./+types/api.link-send";
import { requireUser } from "~/http/auth.server";
import { apiHandler, methodNotAllowed, paramId, refuseMethod } from "~/http/responses.server";
import { sendQuestionNow } from "~/models/weekly-question.server";
import { wakeWeeklyJobs } from "./weekly-jobs.server";

/**
 * POST /api/storyteller-links/{id}/send: "Send this week's question now" (issue 37). 202 `{questionId, channel}`:
 * her email is on its way (queued, then sent by the jobs), or the message waits on the owner's Home to be sent by
 * hand. 409 when nothing is left to ask, 404 for anyone but the book's owner.
 */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  const user = requireUser(args);
  if (args.request.method !== "POST") return refuseMethod(args.context, ["POST"]);
  const send = await sendQuestionNow({ linkId: paramId(args.params.id), userId: user.id });
  if (send.channel === "email") wakeWeeklyJobs();
  return Response.json({ questionId: send.questionId, channel: send.channel }, { status: 202 });
});

export const loader = methodNotAllowed("POST");
