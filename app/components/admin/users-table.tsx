import { useT } from "~/i18n/use-t";
import { Link } from "react-router";
import type { MessageKey } from "~/i18n/types";
import type { UserSort } from "~/lib/admin-filters";
import { formatDate } from "~/lib/dates";
import { useHrefWith } from "~/lib/use-href-with";
import { useTimeZone } from "~/lib/use-root-data";

export type AdminUserRow = {
  id: number;
  username: string;
  email: string;
  displayName: string | null;
  isAdmin: boolean;
  bookCount: number;
  firstLoginAt: Date | string | null;
  lastLoginAt: Date | string | null;
};

type SortKey = UserSort;
type UserListQuery = { sort: UserSort; dir: "asc" | "desc" };

function SortHeader({ column, label, query }: { column: SortKey; label: MessageKey; query: UserListQuery }) {
  const t = useT();
  const hrefWith = useHrefWith();
  const active = query.sort === column;
  const nextDir = active && query.dir === "asc" ? "desc" : "asc";
  return (
    <th scope="col" aria-sort={active ? (query.dir === "asc" ? "ascending" : "descending") : undefined}>
      <Link to={hrefWith({ sort: column, dir: nextDir, page: null })} className="sort-link" aria-label={t("admin.sortBy", { column: t(label) })}>
        {t(label)}
        <span aria-hidden="true">{active ? (query.dir === "asc" ? " ▲" : " ▼") : " ↕"}</span>
      </Link>
    </th>
  );
}

export function UsersTable({ users, query }: { users: AdminUserRow[]; query: UserListQuery }) {
  const t = useT();
  const timeZone = useTimeZone();
  const hrefWith = useHrefWith();
  const when = (value: Date | string | null) => (value ? formatDate(value, timeZone) : t("admin.never"));
  if (users.length === 0) return <p>{t("admin.noUsers")}</p>;
  return (
    <div className="table-scroll" role="region" aria-label={t("admin.usersCaption")} tabIndex={0}>
      <table className="table">
        <caption className="visually-hidden">{t("admin.usersCaption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("admin.id")}</th>
            <SortHeader column="username" label="admin.username" query={query} />
            <SortHeader column="email" label="admin.email" query={query} />
            <th scope="col">{t("admin.displayName")}</th>
            <th scope="col">{t("admin.books")}</th>
            <SortHeader column="firstLoginAt" label="admin.firstLogin" query={query} />
            <SortHeader column="lastLoginAt" label="admin.lastLogin" query={query} />
            <th scope="col">{t("admin.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id}>
              <td>{user.id}</td>
              <td>
                {user.username} {user.isAdmin ? <span className="badge">{t("admin.adminBadge")}</span> : null}
              </td>
              <td>{user.email}</td>
              <td>{user.displayName ?? ""}</td>
              <td>{user.bookCount}</td>
              <td>{when(user.firstLoginAt)}</td>
              <td>{when(user.lastLoginAt)}</td>
              <td className="row-actions">
                <Link className="button button-small" to={hrefWith({ dialog: "edit-user", id: String(user.id) })} preventScrollReset>
                  {t("admin.editUser")}
                  <span className="visually-hidden"> {user.username}</span>
                </Link>
                {user.isAdmin ? null : (
                  <Link className="button button-small button-danger" to={hrefWith({ dialog: "delete-user", id: String(user.id) })} preventScrollReset>
                    {t("admin.deleteUser")}
                    <span className="visually-hidden"> {user.username}</span>
                  </Link>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
