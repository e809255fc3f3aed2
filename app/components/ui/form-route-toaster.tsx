import { useActionData, useOutletContext } from "react-router";
import type { FormRouteData } from "~/lib/form-route.server";
import type { WorkspaceOutletContext } from "~/routes/book.suggest-topics";
import { Toaster } from "./toaster";

/**
 * What a form route (a child of the workspace) shows: nothing but the page's toast region, with its
 * failure's toast; the workspace around it is the page.
 */
export function FormRouteToaster() {
  const result = useActionData<FormRouteData>();
  const page = useOutletContext<WorkspaceOutletContext>();
  return <Toaster toast={result?.toast ?? page.toast} />;
}
