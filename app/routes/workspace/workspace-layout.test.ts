import { describe, expect, it } from "vitest";
import { DEFAULT_LAYOUT, isCollapsed, parseLayout, serializeLayout, withToc } from "./workspace-layout";

describe("the workspace layout cookie", () => {
  it("round-trips a layout within the panels' limits", () => {
    const layout = { toc: 22.5, editor: 42.5, preview: 35 };
    expect(parseLayout(serializeLayout(layout))).toEqual(layout);
    expect(parseLayout("5.0-60.0-35.0")).toEqual({ toc: 5, editor: 60, preview: 35 });
  });

  it("falls back to the default for anything out of bounds or malformed", () => {
    for (const value of [
      null,
      "",
      "abc",
      "25-40",
      "25-40-35-0",
      "10-55-35",
      "40-30-30",
      "25-20-55",
      "25-50-25",
      "25-40-40",
      "NaN-40-35",
    ]) {
      expect(parseLayout(value)).toEqual(DEFAULT_LAYOUT);
    }
  });

  it("collapses the contents to the 5% rail and expands it back to 25%, giving the room to the editor", () => {
    const collapsed = withToc({ toc: 30, editor: 35, preview: 35 }, true);
    expect(collapsed).toEqual({ toc: 5, editor: 60, preview: 35 });
    expect(isCollapsed(collapsed)).toBe(true);
    expect(withToc(collapsed, false)).toEqual({ toc: 25, editor: 40, preview: 35 });
    // No room to give back: the editor keeps its minimum and the preview shrinks.
    expect(withToc({ toc: 5, editor: 25, preview: 70 }, false)).toEqual({ toc: 25, editor: 25, preview: 50 });
  });
});
