import type { Route } from "./+types/topic.preview";
import { requireUser } from "~/lib/auth.server";
import { apiHandler, jsonError, methodNotAllowed, paramId } from "~/lib/http.server";
import { ndjsonResponse } from "~/lib/ndjson.server";
import { generateTopicPreview } from "~/lib/previews.server";
import { getTopic } from "~/models/topic.server";

/**
 * GET /api/topics/{id}/preview: generates the topic's draft narrative from its stories and saves it as
 * the topic's preview (SPEC §7) → `{ preview }`. With `?stream=1` the text arrives as it is written.
 */
export const loader = apiHandler(async (args: Route.LoaderArgs) => {
  const user = requireUser(args);
  const topicId = paramId(args.params.id);
  if (!getTopic({ topicId, userId: user.id })) return jsonError(args.context, 404, "topics.notFound");
  const run = (onText?: (text: string) => void) => generateTopicPreview({ topicId, userId: user.id, signal: args.request.signal, onText });
  if (new URL(args.request.url).searchParams.get("stream") === "1") return ndjsonResponse(args.context, async (onText) => ({ preview: await run(onText) }));
  return { preview: await run() };
});

export const action = methodNotAllowed("GET");
