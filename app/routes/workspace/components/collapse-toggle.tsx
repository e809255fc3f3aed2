import { Form, useLocation } from "react-router";
import { useT } from "~/i18n/use-t";
import type { TocControls } from "./panel-props";

/**
 * Collapses the contents panel to the rail or expands it. A form that sets the layout cookie, so it
 * works without JavaScript; with it, the panel collapses in place and the resize saves the cookie.
 */
export function CollapseToggle({ controls }: { controls: TocControls }) {
  const t = useT();
  const location = useLocation();
  const label = controls.collapsed ? t("workspace.expand") : t("workspace.collapse");
  return (
    <Form
      method="post"
      action="/preferences/layout"
      reloadDocument
      className="collapse-toggle"
      onSubmit={(event) => {
        if (!controls.toggle) return;
        event.preventDefault();
        controls.toggle();
      }}
    >
      <input type="hidden" name="toc" value={controls.collapsed ? "expanded" : "collapsed"} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        className="icon-button"
        aria-label={label}
        title={label}
        aria-expanded={!controls.collapsed}
      >
        <span aria-hidden="true">{controls.collapsed ? "»" : "«"}</span>
      </button>
    </Form>
  );
}
