import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import en from "~/i18n/en";
import { createPageI18n, I18nContext } from "~/i18n/page-i18n";
import { DEFAULT_LAYOUT, withToc, type WorkspaceLayout } from "~/routes/workspace/workspace-layout";
import type { PanelsProps } from "./panel-props";
import { ResizablePanels } from "./resizable-panels";
import { StaticPanels } from "./static-panels";

// A phone hydrates StaticPanels over the HTML the server rendered with react-resizable-panels. Hydration
// reuses the server's DOM, so the two must render the same markup for every layout the server can send.
function render(Panels: (props: PanelsProps) => React.ReactNode, layout: WorkspaceLayout) {
  return renderToString(
    <I18nContext.Provider value={createPageI18n("en", en)}>
      <Panels
        layout={layout}
        toc={(controls) => (
          <p>
            contents, {controls.collapsed ? "collapsed" : "open"}, rail {String(controls.rail)}
          </p>
        )}
        editor={<textarea defaultValue="editor" />}
        preview={<p>preview</p>}
      />
    </I18nContext.Provider>,
  );
}

describe("static workspace panels", () => {
  const layouts: [string, WorkspaceLayout][] = [
    ["the default layout", DEFAULT_LAYOUT],
    ["a collapsed contents panel", withToc(DEFAULT_LAYOUT, true)],
    ["a resized layout", { toc: 30, editor: 25.5, preview: 44.5 }],
  ];

  it.each(layouts)("render the library's server markup for %s", (_name, layout) => {
    const resizable = render(ResizablePanels, layout);
    expect(resizable).toContain('role="separator"');
    expect(resizable).toContain(`flex-grow:${layout.preview}`);
    expect(render(StaticPanels, layout)).toBe(resizable);
  });
});
