// The workspace's three panels (docs/product.md §2, §9): sizes in percent of the width, remembered in a plain
// cookie so the server renders the saved layout and nothing jumps after hydration.

export const LAYOUT_COOKIE = "workspace_layout";
export const TOC = { default: 25, min: 20, max: 30, collapsed: 5 } as const;
export const EDITOR_MIN = 25;
export const PREVIEW_MIN = 30;
/** Saving waits for the resize to settle (docs/product.md §9). */
export const LAYOUT_SAVE_DEBOUNCE_MS = 100;
/** One arrow key press on a separator (docs/product.md §9). */
export const KEYBOARD_STEP = 10;
export const NARROW_QUERY = "(max-width: 767px)";
/** Exactly the screens NARROW_QUERY leaves out, as a media attribute (the resizable panels' preload). */
export const WIDE_QUERY = `not all and ${NARROW_QUERY}`;

export type WorkspaceLayout = { toc: number; editor: number; preview: number };

export const DEFAULT_LAYOUT: WorkspaceLayout = { toc: TOC.default, editor: 40, preview: 35 };

export const isCollapsed = (layout: WorkspaceLayout) => layout.toc <= TOC.collapsed + 0.5;

/** A layout that keeps every panel's limits and adds up to 100, or null. */
function valid(layout: WorkspaceLayout): WorkspaceLayout | null {
  const { toc, editor, preview } = layout;
  if (![toc, editor, preview].every(Number.isFinite)) return null;
  const tocOk = Math.abs(toc - TOC.collapsed) < 0.5 || (toc >= TOC.min - 0.5 && toc <= TOC.max + 0.5);
  if (!tocOk || editor < EDITOR_MIN - 0.5 || preview < PREVIEW_MIN - 0.5 || Math.abs(toc + editor + preview - 100) > 1)
    return null;
  return layout;
}

/** The saved layout from the cookie's value ("25.0-40.0-35.0"); anything odd gives the default. */
export function parseLayout(value: string | null | undefined): WorkspaceLayout {
  const parts = (value ?? "").split("-").map(Number);
  if (parts.length !== 3) return DEFAULT_LAYOUT;
  const [toc, editor, preview] = parts as [number, number, number];
  return valid({ toc, editor, preview }) ?? DEFAULT_LAYOUT;
}

export function serializeLayout(layout: WorkspaceLayout): string {
  return [layout.toc, layout.editor, layout.preview].map((n) => n.toFixed(1)).join("-");
}

/** The cookie, as the browser sets it after a resize and the server after the no-JS collapse button. */
export function layoutCookie(layout: WorkspaceLayout): string {
  return `${LAYOUT_COOKIE}=${serializeLayout(layout)}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** Collapse the contents to the rail (the editor takes the room) or expand it back to its default size. */
export function withToc(layout: WorkspaceLayout, collapsed: boolean): WorkspaceLayout {
  const toc = collapsed ? TOC.collapsed : TOC.default;
  const editor = Math.max(EDITOR_MIN, layout.editor + layout.toc - toc);
  return (
    valid({ toc, editor, preview: 100 - toc - editor }) ??
    (collapsed ? { ...DEFAULT_LAYOUT, toc, editor: DEFAULT_LAYOUT.editor + TOC.default - toc } : DEFAULT_LAYOUT)
  );
}
