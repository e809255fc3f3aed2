import { Link } from "react-router";
import { useT } from "~/i18n/use-t";
import { useHrefWith } from "~/hooks/use-href-with";

/** Previous / Page x of y / Next, as links that change one query parameter (`page` unless told). */
export function Pager({
  page,
  pages,
  param = "page",
  label,
}: {
  page: number;
  pages: number;
  param?: string;
  label?: string;
}) {
  const t = useT();
  const hrefWith = useHrefWith();
  if (pages <= 1) return null;
  const text = t("admin.page", { page: String(page), pages: String(pages) });
  return (
    <nav className="pager" aria-label={label ?? t("admin.pagination")}>
      {page > 1 ? (
        <Link to={hrefWith({ [param]: String(page - 1) })} rel="prev" preventScrollReset>
          {t("admin.previous")}
        </Link>
      ) : null}
      <span>{text}</span>
      {page < pages ? (
        <Link to={hrefWith({ [param]: String(page + 1) })} rel="next" preventScrollReset>
          {t("admin.next")}
        </Link>
      ) : null}
    </nav>
  );
}
