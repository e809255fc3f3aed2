import { useEffect, useLayoutEffect, useRef, type ReactNode } from "react";
import { useNavigation } from "react-router";

/**
 * A dropdown built on <details>, so it opens without JavaScript; with it, Escape, an outside
 * click and a navigation as it starts close it.
 */
export function Menu({
  label,
  summary,
  className = "",
  panelClassName = "",
  children,
}: {
  label: string;
  summary: ReactNode;
  className?: string;
  panelClassName?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const navigating = useNavigation().state !== "idle";

  // As a navigation starts, not as it ends: a post's answer (its toast, its errors) shows while the page's data
  // loads again, and a menu opened then was closed under the reader's finger when the loading ended. A layout
  // effect runs in the commit itself, before the browser handles another click.
  useLayoutEffect(() => {
    if (navigating && ref.current) ref.current.open = false;
  }, [navigating]);

  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        details.open = false;
        details.querySelector("summary")?.focus();
        return;
      }
      // The path as it was when the click happened: a button inside that React has just replaced
      // (e.g. Apply becoming a confirmation) is no longer in the document, but it was inside.
      if (!event.composedPath().includes(details)) details.open = false;
    };
    document.addEventListener("click", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("keydown", close);
    };
  }, []);

  return (
    <details ref={ref} className={`menu ${className}`}>
      <summary className="menu-trigger" aria-label={label}>
        {summary}
      </summary>
      <div className={`menu-panel ${panelClassName}`}>{children}</div>
    </details>
  );
}
