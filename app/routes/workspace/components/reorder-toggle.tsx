import { Link, useSearchParams } from "react-router";
import { useHrefWith } from "~/hooks/use-href-with";
import { useT } from "~/i18n/use-t";

/** The phone's Reorder mode is an address parameter, so it works without JavaScript and survives a move. */
const REORDER_PARAM = "reorder";

export function useReordering(): boolean {
  const [params] = useSearchParams();
  return params.get(REORDER_PARAM) === "1";
}

/**
 * "Reorder" / "Done" in the contents card below 768 px (docs/product.md §2): a phone shows the topics and stories
 * plainly, and their drag handles and arrows only in this mode. Wide screens show them always and hide this link (CSS).
 */
export function ReorderToggle() {
  const t = useT();
  const hrefWith = useHrefWith();
  const reordering = useReordering();
  return (
    <Link
      to={hrefWith({ [REORDER_PARAM]: reordering ? null : "1" })}
      className={`button button-small reorder-toggle ${reordering ? "button-primary" : "button-secondary"}`}
      preventScrollReset
      replace
    >
      {reordering ? t("toc.reorderDone") : t("toc.reorder")}
    </Link>
  );
}
