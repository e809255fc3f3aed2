import { useEffect, useRef, useState } from "react";
import { useT } from "~/i18n/use-t";
import { translateKey } from "~/i18n/translate";
import { onToast } from "~/lib/client-toast";
import type { Toast } from "~/lib/toast";

const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

/**
 * One toast at a time. Rendered by the server too, so a form posted without JavaScript still shows it (and
 * its close control works there too); with JavaScript it hides after 5 s, F8 focuses it and a 50 px swipe
 * right dismisses it.
 */
export function Toaster({ toast }: { toast: Toast | null | undefined }) {
  const t = useT();
  const [visible, setVisible] = useState<Toast | null>(toast ?? null);
  const region = useRef<HTMLElement>(null);
  const swipeStart = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);

  useEffect(() => {
    setVisible(toast ?? null);
    setOffset(0);
  }, [toast]);

  useEffect(() => onToast((next) => setVisible({ ...next })), []);

  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(() => setVisible(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [visible]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "F8") {
        event.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const message = visible?.text ?? (visible?.description ? translateKey(t, visible.description, visible.values) : null);

  return (
    <section ref={region} className="toast-region" aria-label={t("toast.region")} tabIndex={-1}>
      <div
        role={visible?.kind === "error" ? "alert" : "status"}
        aria-live={visible?.kind === "error" ? "assertive" : "polite"}
      >
        {visible ? (
          <div
            className={`toast toast-${visible.kind}`}
            style={offset ? { transform: `translateX(${offset}px)` } : undefined}
            onPointerDown={(e) => (swipeStart.current = e.clientX)}
            onPointerMove={(e) => swipeStart.current !== null && setOffset(Math.max(0, e.clientX - swipeStart.current))}
            onPointerUp={() => {
              if (offset >= SWIPE_THRESHOLD_PX) setVisible(null);
              swipeStart.current = null;
              setOffset(0);
            }}
            onPointerCancel={() => {
              swipeStart.current = null;
              setOffset(0);
            }}
          >
            <div className="toast-body">
              <p className="toast-title">{translateKey(t, visible.title, visible.values)}</p>
              {message ? <p className="toast-message">{message}</p> : null}
            </div>
            <button
              type="button"
              className="toast-close"
              aria-label={t("toast.dismiss")}
              onClick={() => setVisible(null)}
            >
              <span aria-hidden="true">×</span>
            </button>
            {/* Without JavaScript the button above cannot act: this checkbox hides the toast by CSS alone.
                Each is shown only where it works (@media scripting). */}
            <label className="toast-close toast-close-static">
              <input type="checkbox" className="toast-dismiss" />
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">{t("toast.dismiss")}</span>
            </label>
          </div>
        ) : null}
      </div>
    </section>
  );
}
