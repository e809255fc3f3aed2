import { Form, Link, useNavigation } from "react-router";
import { Dialog } from "./dialog";

/**
 * A destructive confirmation: the warning, then Cancel (a link back) or the action (a form post with
 * its hidden fields), so it works without JavaScript.
 */
export function ConfirmDialog({
  title,
  warning,
  fields,
  confirmLabel,
  cancelLabel,
  closeHref,
  action,
}: {
  title: string;
  warning: string;
  fields: Record<string, string | number>;
  confirmLabel: string;
  cancelLabel: string;
  closeHref: string;
  /** Where the form posts; the current page's action when absent. */
  action?: string;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Dialog title={title} closeHref={closeHref}>
      <p className="warning">{warning}</p>
      <Form method="post" action={action} className="form-actions" preventScrollReset>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Link to={closeHref} className="button button-secondary" preventScrollReset>
          {cancelLabel}
        </Link>
        <button type="submit" className="button button-danger" disabled={busy}>
          {confirmLabel}
        </button>
      </Form>
    </Dialog>
  );
}
