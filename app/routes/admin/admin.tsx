import { useT } from "~/i18n/use-t";
import { data, Link } from "react-router";
import type { Route } from "./+types/admin";
import { useAdminStrings } from "./admin-strings";
import { AdminDialogs } from "~/routes/admin/components/admin-dialogs";
import { AdminOverview } from "~/routes/admin/components/overview";
import { AdminTabs, tabLabel } from "~/routes/admin/components/admin-tabs";
import { AdminToolbar } from "~/routes/admin/components/admin-toolbar";
import { BooksTable } from "~/routes/admin/components/books-table";
import { ContentExplorer } from "~/routes/admin/components/content-explorer";
import { MailTable } from "~/routes/admin/components/mail-table";
import { Pager } from "~/routes/admin/components/pager";
import { StoriesTable } from "~/routes/admin/components/stories-table";
import { TopicsTable } from "~/routes/admin/components/topics-table";
import { UsersTable } from "~/routes/admin/components/users-table";
import type { HeaderHandle } from "~/components/layout/header-context";
import { Toaster } from "~/components/ui/toaster";
import { adminPageData, type AdminPageData } from "~/routes/admin/admin-page.server";
import { requireAdmin } from "~/http/auth.server";
import { runUserAction } from "~/routes/admin/admin-user-actions.server";
import { env } from "~/platform/env.server";
import { translate } from "~/http/responses.server";
import { pageTitle } from "~/lib/meta";
import { useHrefWith } from "~/hooks/use-href-with";
import { useRootData } from "~/hooks/use-root-data";
import { resultOf } from "~/lib/action-result";
import { countQueries } from "~db/client.server";

export const handle: HeaderHandle = { titleKey: "admin.title", ownsToaster: true };

export const meta: Route.MetaFunction = ({ loaderData }) => pageTitle(loaderData?.title);

/**
 * Every tab, search, sort, filter, page and dialog is in the address (?tab=…&q=…&sort=…&dir=…&user=…
 * &language=…&page=…&dialog=…), rendered here on the server, so all of it works without JavaScript.
 */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args);
  const started = performance.now();
  const { result, count } = await countQueries(() => adminPageData(new URL(args.request.url)));
  const ms = (performance.now() - started).toFixed(1);
  // The number of SQL statements behind the page, for the bench and the browser's developer tools; only when
  // SERVER_TIMING asks for it, since timings tell an observer about the server's work.
  const headers: Record<string, string> = env().serverTiming
    ? { "Server-Timing": `admin-data;desc="${count} SQL queries";dur=${ms}` }
    : {};
  return data({ title: translate(args.context, "admin.title"), ...result }, { headers });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args);
  return runUserAction(args.request, admin);
}

function TabPanel({ page }: { page: AdminPageData }) {
  const t = useT();
  const hrefWith = useHrefWith();
  switch (page.tab) {
    case "overview":
      return <AdminOverview overview={page.overview} />;
    case "users":
      return (
        <>
          <p className="toolbar-buttons">
            <Link to={hrefWith({ dialog: "add-user", id: null })} className="button button-primary" preventScrollReset>
              {t("admin.addUser")}
            </Link>
          </p>
          <UsersTable users={page.list.users} query={page.query} />
          <Pager page={page.list.page} pages={page.list.pages} />
        </>
      );
    case "books":
      return (
        <>
          <BooksTable books={page.list.books} sort={page.query.sort} dir={page.query.dir} />
          <Pager page={page.list.page} pages={page.list.pages} />
        </>
      );
    case "topics":
      return (
        <>
          <TopicsTable topics={page.list.topics} />
          <Pager page={page.list.page} pages={page.list.pages} />
        </>
      );
    case "stories":
      return (
        <>
          <StoriesTable stories={page.list.stories} />
          <Pager page={page.list.page} pages={page.list.pages} />
        </>
      );
    case "email":
      return (
        <>
          <MailTable messages={page.list.messages} />
          <Pager page={page.list.page} pages={page.list.pages} />
        </>
      );
    case "content":
      return (
        <ContentExplorer
          explorer={page.explorer}
          focus={{ storyId: page.storyId, bookId: page.bookId, topicId: page.topicId, openAt: page.openAt }}
        />
      );
  }
}

export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
  useAdminStrings();
  const t = useT();
  const root = useRootData();
  const page = loaderData;
  const total =
    page.tab === "overview"
      ? undefined
      : page.tab === "content"
        ? page.explorer.oneUser
          ? undefined
          : page.explorer.total
        : page.list.total;
  return (
    <main id="main" className="page page-wide">
      <h1>{t("admin.title")}</h1>
      <AdminTabs current={page.tab} />
      <section className="admin-panel" aria-labelledby="admin-tab-heading">
        <div className="section-header">
          <h2 id="admin-tab-heading">{t(tabLabel(page.tab))}</h2>
          {total !== undefined ? <p className="muted">{t("admin.showing", { total: String(total) })}</p> : null}
        </div>
        <AdminToolbar
          tab={page.tab}
          q={page.q}
          role={page.role}
          language={page.language}
          userId={page.userId}
          languages={page.tab === "books" ? page.languages : undefined}
          userOptions={"userOptions" in page ? page.userOptions : undefined}
          mail={page.tab === "email" ? { direction: page.query.direction, status: page.query.status } : undefined}
        />
        <TabPanel page={page} />
      </section>
      <AdminDialogs dialog={page.dialog} result={resultOf(actionData, "user")} />
      <Toaster toast={actionData?.toast ?? root?.toast} />
    </main>
  );
}
