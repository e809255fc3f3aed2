import { useEffect, useLayoutEffect, useRef, type ReactNode } from "react";
import { useT } from "~/i18n/use-t";
import { Link, useNavigate } from "react-router";

/**
 * A dialog that is URL state: the server renders it open (so it works without JavaScript),
 * and closing it is a link back to the page without the dialog parameter. With JavaScript it
 * becomes modal, traps focus and closes on Escape, and the focus goes back to what opened it.
 */
export function Dialog({
  title,
  closeHref,
  wide = false,
  children,
}: {
  title: string;
  closeHref: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();

  // Leaving the address removes the dialog from the page; closing it first, while it is still there,
  // makes the browser give the focus back to the control that had it before showModal() (WCAG 2.4.3),
  // instead of dropping it on <body>.
  useLayoutEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
    }
    const onCancel = (event: Event) => {
      event.preventDefault();
      void navigate(closeHref, { preventScrollReset: true });
    };
    dialog.addEventListener("cancel", onCancel);
    return () => dialog.removeEventListener("cancel", onCancel);
  }, [closeHref, navigate]);

  return (
    <dialog ref={ref} open className={wide ? "dialog dialog-wide" : "dialog"} aria-labelledby="dialog-title">
      <div className="dialog-header">
        <h2 id="dialog-title">{title}</h2>
        <Link to={closeHref} className="icon-button" aria-label={t("common.close")} preventScrollReset>
          <span aria-hidden="true">×</span>
        </Link>
      </div>
      {children}
    </dialog>
  );
}
