import { useEffect, useRef, useState } from "react";
import { Group, Panel, Separator, useGroupRef, usePanelRef, type Layout } from "react-resizable-panels";
import { useT } from "~/i18n/use-t";
import {
  EDITOR_MIN,
  isCollapsed,
  LAYOUT_SAVE_DEBOUNCE_MS,
  layoutCookie,
  PREVIEW_MIN,
  serializeLayout,
  TOC,
} from "~/routes/workspace/workspace-layout";
import { useSeparatorStep } from "./use-separator-step";
import { useNarrowScreen } from "./use-narrow-screen";
import { percent as pct, type PanelsProps } from "./panel-props";

/**
 * The workspace's three side-by-side panels (contents, editor, preview), resizable by pointer or by
 * keyboard in 10% steps. The layout is saved in a cookie 100 ms after a change, so the server renders
 * it the next time. Below 768 px CSS stacks them as cards instead. Loaded on wide screens only
 * (workspace-panels.tsx): phones never resize, and the library is half of the workspace's own script.
 */
export function ResizablePanels({ layout, toc, editor, preview }: PanelsProps) {
  const t = useT();
  const groupRef = useGroupRef();
  const tocRef = usePanelRef();
  const [collapsed, setCollapsed] = useState(isCollapsed(layout));
  const [hydrated, setHydrated] = useState(false);
  const narrow = useNarrowScreen();
  const saveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const firstSeparator = useSeparatorStep(groupRef, ["toc", "editor"]);
  const secondSeparator = useSeparatorStep(groupRef, ["editor", "preview"]);
  useEffect(() => setHydrated(true), []);
  useEffect(() => () => clearTimeout(saveTimer.current), []);

  // The layout as last saved (at first, what the server rendered from the cookie or the default). The library
  // reports the layout once it has mounted too; saving that unchanged layout would only write a cookie.
  const saved = useRef(serializeLayout(layout));

  function save(next: Layout) {
    clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(() => {
      const sizes = {
        toc: next.toc ?? layout.toc,
        editor: next.editor ?? layout.editor,
        preview: next.preview ?? layout.preview,
      };
      const value = serializeLayout(sizes);
      if (value === saved.current) return;
      saved.current = value;
      // Secure over https, like the cookies the server sets (ADR 21).
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari
      document.cookie = `${layoutCookie(sizes)}${location.protocol === "https:" ? "; Secure" : ""}`;
    }, LAYOUT_SAVE_DEBOUNCE_MS);
  }

  const toggle = hydrated
    ? () => {
        const panel = tocRef.current;
        if (!panel) return;
        if (panel.isCollapsed()) panel.expand();
        else panel.collapse();
      }
    : null;

  return (
    <Group
      id="workspace"
      className="workspace"
      orientation="horizontal"
      groupRef={groupRef}
      defaultLayout={{ toc: layout.toc, editor: layout.editor, preview: layout.preview }}
      onLayoutChanged={save}
    >
      <Panel
        id="toc"
        panelRef={tocRef}
        className="workspace-panel workspace-toc"
        defaultSize={pct(layout.toc)}
        minSize={pct(TOC.min)}
        maxSize={pct(TOC.max)}
        collapsible
        collapsedSize={pct(TOC.collapsed)}
        onResize={(size) => setCollapsed(size.asPercentage <= TOC.collapsed + 0.5)}
      >
        {toc({ rail: collapsed && !narrow, collapsed, toggle })}
      </Panel>
      <Separator
        id="workspace-separator-1"
        className="panel-separator"
        aria-label={t("workspace.resizeContents")}
        elementRef={firstSeparator}
      />
      <Panel
        id="editor"
        className="workspace-panel workspace-editor"
        defaultSize={pct(layout.editor)}
        minSize={pct(EDITOR_MIN)}
      >
        {editor}
      </Panel>
      <Separator
        id="workspace-separator-2"
        className="panel-separator"
        aria-label={t("workspace.resizePreview")}
        elementRef={secondSeparator}
      />
      <Panel
        id="preview"
        className="workspace-panel workspace-preview"
        defaultSize={pct(layout.preview)}
        minSize={pct(PREVIEW_MIN)}
      >
        {preview}
      </Panel>
    </Group>
  );
}
