import { Form, Link, useSearchParams } from "react-router";
import { useT } from "~/i18n/use-t";
import { ROLES, type AdminTab, type Role } from "~/lib/admin-filters";
import { MailFilterFields, type MailFilters } from "./mail-filters";

export type UserOption = { id: number; username: string; displayName: string | null };

type Props = {
  tab: AdminTab;
  q: string;
  role: Role;
  language?: string;
  userId?: number;
  /** The Books tab's language choices: the languages books are written in. */
  languages?: string[];
  /** The user filter's choices, on the Books, Topics and Stories tabs. */
  userOptions?: UserOption[];
  /** The Email tab's direction and status. */
  mail?: MailFilters;
};

const ROLE_LABELS = { all: "admin.allRoles", admin: "admin.roleAdmin", user: "admin.roleUser" } as const;

/**
 * The global search box and the tab's filters: one GET form, so every search is a URL and works
 * without JavaScript. It keeps the tab and the sort, and starts again from the first page.
 */
export function AdminToolbar({ tab, q, role, language, userId, languages, userOptions, mail }: Props) {
  const t = useT();
  const [params] = useSearchParams();
  const sort = params.get("sort");
  const dir = params.get("dir");
  const sortable = tab === "users" || tab === "books";
  const filtered =
    q !== "" ||
    (tab === "users" && role !== "all") ||
    (tab === "books" && !!language) ||
    (!!userOptions && userId !== undefined) ||
    (!!mail && (mail.direction !== undefined || mail.status !== undefined));
  return (
    // Keyed by the address, so the fields show the URL's values after a navigation (e.g. Clear).
    <Form
      key={params.toString()}
      method="get"
      className="admin-search"
      role="search"
      aria-label={t("admin.searchLabel")}
      preventScrollReset
    >
      {tab !== "overview" ? <input type="hidden" name="tab" value={tab} /> : null}
      {sortable && sort ? <input type="hidden" name="sort" value={sort} /> : null}
      {sortable && dir ? <input type="hidden" name="dir" value={dir} /> : null}
      <div className="field admin-search-text">
        <label htmlFor="admin-q">{t("admin.searchLabel")}</label>
        <input id="admin-q" name="q" type="search" defaultValue={q} aria-describedby="admin-q-hint" />
        <p id="admin-q-hint" className="field-hint">
          {t(tab === "email" ? "admin.mail.searchHint" : "admin.searchHint")}
        </p>
      </div>
      {tab === "users" ? (
        <div className="field">
          <label htmlFor="role">{t("admin.roleFilter")}</label>
          <select id="role" name="role" defaultValue={role}>
            {ROLES.map((value) => (
              <option key={value} value={value}>
                {t(ROLE_LABELS[value])}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {languages ? (
        <div className="field">
          <label htmlFor="language">{t("admin.languageFilter")}</label>
          <select id="language" name="language" defaultValue={language ?? ""}>
            <option value="">{t("admin.allLanguages")}</option>
            {languages.map((value) => (
              <option key={value} value={value}>
                {value === "en" || value === "vi" ? t(`languages.${value}`) : value}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {userOptions ? (
        <div className="field">
          <label htmlFor="user">{t("admin.userFilter")}</label>
          <select id="user" name="user" defaultValue={userId ?? ""}>
            <option value="">{t("admin.allUsers")}</option>
            {userOptions.map((user) => (
              <option key={user.id} value={user.id}>
                {user.displayName ? `${user.displayName} (${user.username})` : user.username}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {mail ? <MailFilterFields {...mail} /> : null}
      <div className="admin-search-buttons">
        <button type="submit" className="button button-primary">
          {t("admin.search")}
        </button>
        {filtered ? (
          <Link to={tab === "overview" ? "?" : `?tab=${tab}`} className="button button-secondary" preventScrollReset>
            {t("admin.clear")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
