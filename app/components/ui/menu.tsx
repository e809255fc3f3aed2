import { useEffect, useRef, type ReactNode } from "react";
import { useLocation } from "react-router";

/**
 * A dropdown built on <details>, so it opens without JavaScript; with it, Escape, an outside
 * click and a navigation close it.
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
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the menu closes on every navigation
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location]);

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
