import type { Route } from "./+types/api.suggest-improvements";
import { getLocale } from "~/http/i18n-middleware.server";
import { requireUser } from "~/http/auth.server";
import { readJsonInput } from "~/http/json-body.server";
import { apiHandler, jsonError, methodNotAllowed, refuseMethod } from "~/http/responses.server";
import { suggestImprovementsSchema } from "~/lib/validation";
import { suggestStoryImprovements, topicWritingContext } from "~/models/story-ai.server";

export const loader = methodNotAllowed("POST");

/**
 * POST /api/stories/suggest-improvements { content, title, topicTitle } → { suggestions } (text, docs/product.md §7).
 * With `topicId` the suggestions are in that topic's book's language (404 for someone else's topic);
 * otherwise in `language`, else the interface's (ADR 0010).
 */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  const user = requireUser(args);
  const { request, context } = args;
  if (request.method !== "POST") return refuseMethod(context, ["POST"]);
  const body = await readJsonInput(context, request, suggestImprovementsSchema);
  const topic = body.topicId ? await topicWritingContext({ topicId: body.topicId, userId: user.id }) : null;
  if (body.topicId && !topic) return jsonError(context, 404, "topics.notFound");
  const suggestions = await suggestStoryImprovements({
    content: body.content,
    title: body.title,
    topicTitle: body.topicTitle ?? topic?.topicTitle,
    language: topic?.language ?? body.language ?? getLocale(context),
    signal: request.signal,
  });
  return { suggestions };
});
