import { useActionData } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { useWorkspaceOutlet } from "~/hooks/use-workspace-outlet";
import { Toaster } from "./toaster";

/**
 * What a form route (a child of the workspace) shows: nothing but the page's toast region, with its
 * failure's toast; the workspace around it is the page.
 */
export function FormRouteToaster() {
  const result = useActionData<ActionResult>();
  const page = useWorkspaceOutlet();
  return <Toaster toast={result?.toast ?? page.toast} />;
}
