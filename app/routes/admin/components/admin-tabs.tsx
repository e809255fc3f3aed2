import { Link, useSearchParams } from "react-router";
import { useT } from "~/i18n/use-t";
import type { MessageKey } from "~/i18n/types";
import { ADMIN_TABS, KEPT_ACROSS_TABS, type AdminTab } from "~/lib/admin-filters";

const LABELS: Record<AdminTab, MessageKey> = {
  overview: "admin.overviewTab",
  users: "admin.usersTab",
  books: "admin.booksTab",
  topics: "admin.topicsTab",
  stories: "admin.storiesTab",
  content: "admin.contentTab",
  email: "admin.emailTab",
};

export function tabLabel(tab: AdminTab): MessageKey {
  return LABELS[tab];
}

/**
 * The dashboard's tabs are links (?tab=…), so the server renders the chosen one and each is a URL to
 * share or bookmark. A tab keeps the search and the user filter, and starts from its first page.
 */
export function AdminTabs({ current }: { current: AdminTab }) {
  const t = useT();
  const [params] = useSearchParams();
  const href = (tab: AdminTab) => {
    const next = new URLSearchParams();
    if (tab !== "overview") next.set("tab", tab);
    for (const key of KEPT_ACROSS_TABS) {
      const value = params.get(key);
      if (value) next.set(key, value);
    }
    return `?${next.toString()}`;
  };
  return (
    <nav className="admin-tabs" aria-label={t("admin.tabs")}>
      <ul>
        {ADMIN_TABS.map((tab) => (
          <li key={tab}>
            <Link to={href(tab)} aria-current={tab === current ? "page" : undefined} preventScrollReset>
              {t(LABELS[tab])}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
