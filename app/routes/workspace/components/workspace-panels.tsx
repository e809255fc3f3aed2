import { useEffect, useState } from "react";
import { NARROW_QUERY, WIDE_QUERY } from "~/routes/workspace/workspace-layout";
import type { PanelsProps } from "./panel-props";
import { StaticPanels } from "./static-panels";

type Resizable = typeof import("./resizable-panels");

// A chunk that cannot be fetched leaves the static panels (the same markup, not resizable) rather than a
// route module that fails to load.
const loadResizable = () => import("./resizable-panels").catch(() => null);
const wideScreen = () => window.matchMedia(WIDE_QUERY).matches;

// react-resizable-panels is half of the workspace's own script, and phones never resize: CSS stacks the
// panels below 768 px. So the library is loaded before this module finishes only where it is used: on the
// server (which renders its markup) and on a wide screen, where a media-conditioned modulepreload has
// fetched it beside the page's other scripts. A phone renders StaticPanels, the same markup, and hydrates
// without it. Choosing here, before hydration, means the panels never swap under the user (ADR 17).
let resizable: Resizable | null = typeof window === "undefined" || wideScreen() ? await loadResizable() : null;

/**
 * The workspace's three panels: resizable where the library is loaded, static otherwise. The choice is
 * made once per mount, because swapping would remount the editor and lose what is being typed; a screen
 * that widens later (a tablet turned) loads the library for the next workspace it opens.
 */
export function WorkspacePanels(props: PanelsProps) {
  const [Panels] = useState(() => resizable?.ResizablePanels ?? StaticPanels);
  useEffect(() => {
    if (resizable) return;
    const query = window.matchMedia(NARROW_QUERY);
    const onChange = () => {
      if (!query.matches) void loadResizable().then((module) => (resizable ??= module));
    };
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return <Panels {...props} />;
}
