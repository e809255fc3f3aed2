import { useOutletContext } from "react-router";
import type { Toast } from "~/lib/toast";

/**
 * What a page that renders form routes inside it (the workspace, the profile) hands its outlet: the page's
 * toast, which the child shows when it has none of its own.
 */
export type WorkspaceOutletContext = { toast: Toast | null | undefined };

export function useWorkspaceOutlet(): WorkspaceOutletContext {
  return useOutletContext<WorkspaceOutletContext>();
}
