import { Link } from "react-router";
import { useT } from "~/i18n/use-t";
import type { MessageKey } from "~/i18n/types";
import type { SortDir } from "~/lib/admin-filters";
import { useHrefWith } from "~/hooks/use-href-with";

/**
 * A sortable column's header: a link that sorts by this column ascending, or toggles the direction
 * when it is already the sort column. A plain link, so it works without JavaScript.
 */
export function SortHeader({
  column,
  label,
  sort,
  dir,
}: {
  column: string;
  label: MessageKey;
  sort: string;
  dir: SortDir;
}) {
  const t = useT();
  const hrefWith = useHrefWith();
  const active = sort === column;
  const nextDir = active && dir === "asc" ? "desc" : "asc";
  return (
    <th scope="col" aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : undefined}>
      <Link
        to={hrefWith({ sort: column, dir: nextDir, page: null })}
        className="sort-link"
        aria-label={t("admin.sortBy", { column: t(label) })}
        preventScrollReset
      >
        {t(label)}
        <span aria-hidden="true">{active ? (dir === "asc" ? " ▲" : " ▼") : " ↕"}</span>
      </Link>
    </th>
  );
}
