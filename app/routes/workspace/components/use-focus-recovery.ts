import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";

/**
 * After a navigation in the workspace (a form saved, a dialog closed), the control that had the focus
 * may be gone (a saved story comes back as a new form) or was disabled while it submitted, and the
 * browser leaves the focus on <body>: a keyboard user would start again from the top of the page
 * (WCAG 2.4.3 Focus Order). The focus goes where the result shows instead: the first field the server
 * refused, else the editor's heading, else the book's title. A focus that survived, or an open dialog,
 * is left alone.
 */
export function useFocusRecovery() {
  const busy = useNavigation().state !== "idle";
  const wasBusy = useRef(false);
  useEffect(() => {
    if (busy) {
      wasBusy.current = true;
      return;
    }
    if (!wasBusy.current) return;
    wasBusy.current = false;
    if (document.activeElement && document.activeElement !== document.body) return;
    if (document.querySelector("dialog[open]")) return;
    const editor = document.querySelector(".workspace-editor");
    const target =
      editor?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      editor?.querySelector<HTMLElement>("h2[tabindex='-1']") ??
      document.querySelector<HTMLElement>("#book-title");
    target?.focus();
  }, [busy]);
}
