import type { Route } from "./+types/api.suggest-topics";
import { aiFailure, aiProvider } from "~/ai/provider.server";
import { getLocale } from "~/http/i18n-middleware.server";
import { requireUser } from "~/http/auth.server";
import { readJsonInput } from "~/http/json-body.server";
import { apiHandler, methodNotAllowed, refuseMethod } from "~/http/responses.server";
import { suggestTopicsSchema } from "~/lib/validation";

/**
 * POST /api/books/suggest-topics: [{ title, description }] for a book, through the AI provider; with
 * `topicTitle`, only topics about that title (possibly none), best first. A provider failure is a 502.
 */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  requireUser(args);
  const { request, context } = args;
  if (request.method !== "POST") return refuseMethod(context, ["POST"]);
  const { topicTitle, ...book } = await readJsonInput(context, request, suggestTopicsSchema);
  try {
    return await aiProvider().suggestTopics(
      { ...book, language: book.language ?? getLocale(context) },
      { topicTitle, signal: request.signal },
    );
  } catch (error) {
    // 502 { message, title }: why (e.g. the AI server did not answer) under "Cannot generate suggestions".
    throw aiFailure(error, "suggest.generateFailed");
  }
});

export const loader = methodNotAllowed("POST");
