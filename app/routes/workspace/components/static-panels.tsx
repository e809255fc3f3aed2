import { useMemo, type CSSProperties, type ReactNode } from "react";
import { useT } from "~/i18n/use-t";
import { isCollapsed } from "~/routes/workspace/workspace-layout";
import type { PanelsProps } from "./panel-props";
import { useNarrowScreen } from "./use-narrow-screen";

// The markup react-resizable-panels renders on the server, attribute for attribute, so that a phone
// hydrates this over the server's HTML without loading the library (static-panels.test.tsx compares the
// two for several layouts, and fails when a new version of the library renders something else).
const GROUP_STYLE: CSSProperties = {
  height: "100%",
  width: "100%",
  overflow: "hidden",
  display: "flex",
  flexDirection: "row",
  flexWrap: "nowrap",
  touchAction: "pan-y",
};
const PANEL_STYLE: CSSProperties = {
  minHeight: 0,
  maxHeight: "100%",
  height: "auto",
  minWidth: 0,
  maxWidth: "100%",
  width: "auto",
  border: "none",
  borderWidth: 0,
  padding: 0,
  margin: 0,
  display: "flex",
  flexBasis: 0,
  flexShrink: 1,
  overflow: "visible",
};
const CONTENT_STYLE: CSSProperties = {
  maxHeight: "100%",
  maxWidth: "100%",
  flexGrow: 1,
  overflow: "auto",
  touchAction: "pan-y",
};
const SEPARATOR_STYLE: CSSProperties = { flexBasis: "auto", flexGrow: 0, flexShrink: 0, touchAction: "none" };

function StaticPanel({
  id,
  className,
  size,
  children,
}: {
  id: string;
  className: string;
  size: number;
  children: ReactNode;
}) {
  return (
    <div data-panel="true" data-testid={id} id={id} style={{ ...PANEL_STYLE, flexGrow: size }}>
      <div className={className} style={CONTENT_STYLE}>
        {children}
      </div>
    </div>
  );
}

function StaticSeparator({ id, label }: { id: string; label: string }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: the library's own markup (static-panels.test.tsx)
    <div
      aria-label={label}
      aria-orientation="vertical"
      className="panel-separator"
      data-separator="inactive"
      data-testid={id}
      id={id}
      // biome-ignore lint/a11y/useAriaPropsForRole: as above; the library adds the value attributes when it hydrates
      role="separator"
      style={SEPARATOR_STYLE}
      tabIndex={0}
    />
  );
}

/**
 * The workspace's panels at the saved layout, not resizable: what phones use, where CSS stacks the panels
 * as cards and nothing is ever resized. The contents collapse through the layout form (CollapseToggle).
 */
export function StaticPanels({ layout, toc, editor, preview }: PanelsProps) {
  const t = useT();
  const narrow = useNarrowScreen();
  const collapsed = isCollapsed(layout);
  const rail = collapsed && !narrow;
  // The same element while nothing it shows changes: the contents are a Suspense boundary that hydrates
  // after the page's shell (workspace.tsx), and new children would make React hydrate it at once.
  const contents = useMemo(() => toc({ rail, collapsed, toggle: null }), [toc, rail, collapsed]);
  return (
    <div className="workspace" data-group="true" data-testid="workspace" id="workspace" style={GROUP_STYLE}>
      <StaticPanel id="toc" className="workspace-panel workspace-toc" size={layout.toc}>
        {contents}
      </StaticPanel>
      <StaticSeparator id="workspace-separator-1" label={t("workspace.resizeContents")} />
      <StaticPanel id="editor" className="workspace-panel workspace-editor" size={layout.editor}>
        {editor}
      </StaticPanel>
      <StaticSeparator id="workspace-separator-2" label={t("workspace.resizePreview")} />
      <StaticPanel id="preview" className="workspace-panel workspace-preview" size={layout.preview}>
        {preview}
      </StaticPanel>
    </div>
  );
}
