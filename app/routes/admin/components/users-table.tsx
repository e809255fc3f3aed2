import { Link } from "react-router";
import { useT } from "~/i18n/use-t";
import type { SortDir, UserSort } from "~/lib/admin-filters";
import { formatBytes } from "~/routes/admin/bytes";
import { formatDate } from "~/lib/dates";
import { useHrefWith } from "~/hooks/use-href-with";
import { useRootData, useTimeZone } from "~/hooks/use-root-data";
import { SortHeader } from "./sort-header";

export type AdminUserRow = {
  id: number;
  username: string;
  email: string;
  displayName: string | null;
  isAdmin: boolean;
  bookCount: number;
  /** What the user's photos, recordings and covers take on disk (the storage quota counts it). */
  storageBytes: number;
  firstLoginAt: Date | string | null;
  lastLoginAt: Date | string | null;
};

export function UsersTable({ users, query }: { users: AdminUserRow[]; query: { sort: UserSort; dir: SortDir } }) {
  const t = useT();
  const timeZone = useTimeZone();
  const hrefWith = useHrefWith();
  const locale = useRootData()?.locale ?? "en";
  const when = (value: Date | string | null) => (value ? formatDate(value, timeZone) : t("admin.never"));
  if (users.length === 0) return <p>{t("admin.noUsers")}</p>;
  const sort = { sort: query.sort, dir: query.dir };
  return (
    <section className="table-scroll" aria-label={t("admin.usersCaption")} tabIndex={0}>
      <table className="table">
        <caption className="visually-hidden">{t("admin.usersCaption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("admin.id")}</th>
            <SortHeader column="username" label="admin.username" {...sort} />
            <SortHeader column="email" label="admin.email" {...sort} />
            <th scope="col">{t("admin.displayName")}</th>
            <th scope="col">{t("admin.books")}</th>
            <SortHeader column="firstLoginAt" label="admin.firstLogin" {...sort} />
            <SortHeader column="lastLoginAt" label="admin.lastLogin" {...sort} />
            <th scope="col">{t("admin.storageUsed")}</th>
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
              <td>
                {/* The count opens the Books tab filtered to this user. */}
                <Link className="cell-link" to={`?tab=books&user=${user.id}`}>
                  {user.bookCount}
                  <span className="visually-hidden">
                    {" "}
                    {t("admin.books")}: {user.username}
                  </span>
                </Link>
              </td>
              <td>{when(user.firstLoginAt)}</td>
              <td>{when(user.lastLoginAt)}</td>
              <td className="nowrap">{formatBytes(user.storageBytes, locale)}</td>
              <td className="row-actions">
                <Link
                  className="button button-small button-secondary"
                  to={hrefWith({ dialog: "activities", id: String(user.id), apage: null })}
                  preventScrollReset
                >
                  {t("admin.viewActivities")}
                  <span className="visually-hidden"> {user.username}</span>
                </Link>
                <Link
                  className="button button-small"
                  to={hrefWith({ dialog: "edit-user", id: String(user.id) })}
                  preventScrollReset
                >
                  {t("admin.editUser")}
                  <span className="visually-hidden"> {user.username}</span>
                </Link>
                {user.isAdmin ? null : (
                  <Link
                    className="button button-small button-danger"
                    to={hrefWith({ dialog: "delete-user", id: String(user.id) })}
                    preventScrollReset
                  >
                    {t("admin.deleteUser")}
                    <span className="visually-hidden"> {user.username}</span>
                  </Link>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
