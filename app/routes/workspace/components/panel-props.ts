import type { ReactNode } from "react";
import type { WorkspaceLayout } from "~/routes/workspace/workspace-layout";

export type TocControls = {
  /** The rail is shown: wide screens only, since the stacked narrow layout has room for the list. */
  rail: boolean;
  collapsed: boolean;
  /**
   * Collapses or expands the contents panel; null when the no-JS form does it (before hydration, or without the
   * resizable panels).
   */
  toggle: (() => void) | null;
};

/** What both renderings of the workspace's panels (resizable and static) take. */
export type PanelsProps = {
  layout: WorkspaceLayout;
  toc: (controls: TocControls) => ReactNode;
  editor: ReactNode;
  preview: ReactNode;
};

export const percent = (n: number) => `${n}%`;
