import type { Route } from "./+types/link-weekly";
import { FormRouteToaster } from "~/components/ui/form-route-toaster";
import { requireUser } from "~/http/auth.server";
import { pageFormBody } from "~/http/form-body.server";
import { paramId } from "~/http/responses.server";
import { runWeeklyIntent } from "./link-weekly.server";

/**
 * POST /books/{id}/storyteller-links/weekly: a storyteller link's "Weekly question" on its card in the "Invite the
 * storyteller" dialog (issue 37), without JavaScript too. Its forms post here with `?dialog=storyteller`, so that a
 * refusal shows the workspace again with the dialog open, the schedule form's errors under its fields
 * (`useWeeklyResult`). Success goes back to the dialog with that link's "Weekly question" open.
 */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const bookId = paramId(args.params.bookId);
  return pageFormBody(args.request, {}, ({ form }) => runWeeklyIntent({ form, user, bookId, request: args.request }));
}

export default function WeeklyFormRoute() {
  return <FormRouteToaster />;
}
