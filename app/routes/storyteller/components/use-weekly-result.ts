import { unstable_useRoute as useRoute } from "react-router";
import { postedValue, resultOf } from "~/lib/action-result";
import type { FormResult } from "~/lib/submission";

/**
 * The schedule form's refusal, for the card of the link it was posted for. The form posts to its own route
 * (`/books/{id}/storyteller-links/weekly`, ADR 0008), whose answer is that route's action data, while the dialog is
 * drawn by the workspace above it: the route's data is read here by its id, without JavaScript too.
 */
export function useWeeklyResult(linkId: number): FormResult | null {
  const actionData = useRoute("routes/storyteller/link-weekly")?.actionData;
  const result = resultOf(actionData ?? undefined, "linkWeekly");
  return postedValue(result, "linkId") === String(linkId) ? result : null;
}
