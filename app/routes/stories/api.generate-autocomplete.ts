import type { Route } from "./+types/api.generate-autocomplete";
import { aiFailure, aiProvider } from "~/ai/provider.server";
import { requireUser } from "~/http/auth.server";
import { AUTOCOMPLETE_MIN_CHARS } from "~/lib/limits";
import { readJsonInput } from "~/http/json-body.server";
import { apiHandler, methodNotAllowed, refuseMethod } from "~/http/responses.server";
import { autocompleteSchema } from "~/lib/validation";
import { writingContext } from "~/routes/stories/writing-help.server";

/** POST /api/generate-autocomplete → `{ completion }`: empty below 10 characters or when nothing fits. */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  const user = requireUser(args);
  if (args.request.method !== "POST") return refuseMethod(args.context, ["POST"]);
  const input = await readJsonInput(args.context, args.request, autocompleteSchema);
  const { topic, language } = await writingContext(args.context, user, input);
  if (input.text.trim().length < AUTOCOMPLETE_MIN_CHARS) return { completion: "" };
  try {
    return {
      completion: await aiProvider().autocomplete(
        { text: input.text, title: input.title, topic, language },
        { signal: args.request.signal },
      ),
    };
  } catch (error) {
    throw aiFailure(error, "writingHelp.autocompleteFailed");
  }
});

export const loader = methodNotAllowed("POST");
