import { useT } from "~/i18n/use-t";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/admin";
import { DeleteUserDialog, UserFormDialog } from "~/components/admin/user-dialogs";
import { UsersTable } from "~/components/admin/users-table";
import { useHrefWith } from "~/lib/use-href-with";
import type { HeaderHandle } from "~/components/layout/header-context";
import { Toaster } from "~/components/ui/toaster";
import { ROLES } from "~/lib/admin-filters";
import { userListQuery } from "~/lib/admin-query.server";
import { requireAdmin } from "~/lib/auth.server";
import { runUserAction } from "~/lib/admin-user-actions.server";
import { translate } from "~/lib/http.server";
import { pageTitle } from "~/lib/meta";
import { useRootData } from "~/lib/use-root-data";
import { getUserRow, listUsers } from "~/models/admin.server";

export const handle: HeaderHandle = { titleKey: "admin.title", ownsToaster: true };

export const meta: Route.MetaFunction = ({ loaderData }) => pageTitle(loaderData?.title);

export function loader(args: Route.LoaderArgs) {
  requireAdmin(args);
  const params = new URL(args.request.url).searchParams;
  const query = userListQuery(params);
  const dialog = params.get("dialog");
  const dialogUser = dialog === "edit-user" || dialog === "delete-user" ? getUserRow(Number(params.get("id"))) : null;
  return { title: translate(args.context, "admin.title"), query, list: listUsers(query), dialog, dialogUser };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args);
  const result = await runUserAction(args.request, admin);
  if (result instanceof Response) return result;
  return data(result.body, { status: result.status });
}

export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const root = useRootData();
  const hrefWith = useHrefWith();
  const { query, list, dialog, dialogUser } = loaderData;
  const closeHref = hrefWith({ dialog: null, id: null });
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
  return (
    <main id="main" className="page page-wide">
      <h1>{t("admin.title")}</h1>
      <h2>{t("admin.usersTab")}</h2>
      <div className="toolbar">
        <Form method="get" className="inline-form">
          <input type="hidden" name="sort" value={query.sort} />
          <input type="hidden" name="dir" value={query.dir} />
          <label htmlFor="role">{t("admin.roleFilter")}</label>
          <select id="role" name="role" defaultValue={query.role}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {t(role === "all" ? "admin.allRoles" : role === "admin" ? "admin.roleAdmin" : "admin.roleUser")}
              </option>
            ))}
          </select>
          <button type="submit" className="button button-secondary">
            {t("admin.filter")}
          </button>
        </Form>
        <Link to={hrefWith({ dialog: "add-user", id: null })} className="button button-primary" preventScrollReset>
          {t("admin.addUser")}
        </Link>
      </div>
      <UsersTable users={list.users} query={query} />
      {list.pages > 1 ? (
        <nav className="pager" aria-label={t("admin.page", { page: String(list.page), pages: String(list.pages) })}>
          {list.page > 1 ? <Link to={hrefWith({ page: String(list.page - 1) })}>{t("admin.previous")}</Link> : null}
          <span>{t("admin.page", { page: String(list.page), pages: String(list.pages) })}</span>
          {list.page < list.pages ? <Link to={hrefWith({ page: String(list.page + 1) })}>{t("admin.next")}</Link> : null}
        </nav>
      ) : null}
      {dialog === "add-user" ? <UserFormDialog closeHref={closeHref} errors={errors} values={values} /> : null}
      {dialog === "edit-user" && dialogUser ? <UserFormDialog user={dialogUser} closeHref={closeHref} errors={errors} values={values} /> : null}
      {dialog === "delete-user" && dialogUser && !dialogUser.isAdmin ? <DeleteUserDialog user={dialogUser} closeHref={closeHref} /> : null}
      <Toaster toast={actionData?.toast ?? root?.toast} />
    </main>
  );
}
