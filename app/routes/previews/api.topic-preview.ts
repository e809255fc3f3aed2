import type { Route } from "./+types/api.topic-preview";
import { requireUser } from "~/http/auth.server";
import { apiHandler, jsonError, paramId, refuseMethod } from "~/http/responses.server";
import { ndjsonResponse } from "~/http/ndjson.server";
import { generateTopicPreview } from "~/routes/previews/previews.server";
import { refuseCrossSiteWrite } from "~/http/writing-get.server";
import { getTopic } from "~/models/topic.server";

/**
 * Generates the topic's draft narrative from its stories and saves it as the topic's preview → `{ preview }`.
 * With `?stream=1` the text arrives as it is written.
 */
async function generate(args: Route.LoaderArgs | Route.ActionArgs) {
  const user = requireUser(args);
  const topicId = paramId(args.params.id);
  if (!(await getTopic({ topicId, userId: user.id }))) return jsonError(args.context, 404, "topics.notFound");
  const run = (onText?: (text: string) => void) =>
    generateTopicPreview({ topicId, userId: user.id, signal: args.request.signal, onText });
  if (new URL(args.request.url).searchParams.get("stream") === "1")
    return ndjsonResponse(args.context, async (onText) => ({ preview: await run(onText) }));
  return { preview: await run() };
}

/** GET /api/topics/{id}/preview, as docs/product.md §7 names it: a GET that writes, so never for another site (403). */
export const loader = apiHandler(async (args: Route.LoaderArgs) => {
  refuseCrossSiteWrite(args);
  return generate(args);
});

/** POST /api/topics/{id}/preview: the same, as the workspace asks for it (ADR 0022). */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  requireUser(args);
  if (args.request.method !== "POST") return refuseMethod(args.context, ["GET", "POST"]);
  return generate(args);
});
