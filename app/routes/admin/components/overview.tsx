import { Link } from "react-router";
import { useT } from "~/i18n/use-t";
import { avatarInitial } from "~/components/layout/avatar-initial";
import { formatDate } from "~/lib/dates";
import { useTimeZone } from "~/hooks/use-root-data";

type Overview = {
  totals: { users: number; books: number; topics: number; stories: number };
  latestBooks: {
    id: number;
    title: string;
    language: "en" | "vi";
    createdAt: Date | string;
    owner: string;
    userId: number;
  }[];
  latestUsers: { id: number; username: string; displayName: string | null; email: string }[];
  /** Outgoing emails that failed for good in the last 7 days (issue 37). */
  failedMail: number;
};

/** Totals of users, books, topics and stories, and the five latest books and users (docs/product.md §2 Overview). */
export function AdminOverview({ overview }: { overview: Overview }) {
  const t = useT();
  const timeZone = useTimeZone();
  const { totals, latestBooks, latestUsers, failedMail } = overview;
  const stats = [
    ["admin.totalUsers", totals.users],
    ["admin.totalBooks", totals.books],
    ["admin.totalTopics", totals.topics],
    ["admin.totalStories", totals.stories],
  ] as const;
  return (
    <div className="stack-lg">
      {failedMail > 0 ? (
        <p className="notice">
          <Link to="?tab=email&direction=out&status=failed">
            {t("admin.mail.failedThisWeek", { count: failedMail })}
          </Link>
        </p>
      ) : null}
      <section aria-labelledby="totals-heading">
        <h3 id="totals-heading" className="visually-hidden">
          {t("admin.totals")}
        </h3>
        <dl className="stat-grid">
          {stats.map(([label, value]) => (
            <div key={label} className="card stat">
              <dt>{t(label)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <div className="overview-lists">
        <section className="card" aria-labelledby="latest-books">
          <h3 id="latest-books">{t("admin.latestBooks")}</h3>
          {latestBooks.length === 0 ? <p className="muted">{t("admin.nothingYet")}</p> : null}
          <ul className="plain-list">
            {latestBooks.map((book) => (
              <li key={book.id} className="overview-item">
                <Link to={`?tab=content&user=${book.userId}`}>{book.title}</Link>
                <span className="badge">{t(`languages.${book.language}`)}</span>
                <span className="muted">{formatDate(book.createdAt, timeZone)}</span>
              </li>
            ))}
          </ul>
        </section>
        <section className="card" aria-labelledby="latest-users">
          <h3 id="latest-users">{t("admin.latestUsers")}</h3>
          {latestUsers.length === 0 ? <p className="muted">{t("admin.nothingYet")}</p> : null}
          <ul className="plain-list">
            {latestUsers.map((user) => (
              <li key={user.id} className="overview-item">
                <span className="avatar" aria-hidden="true">
                  {avatarInitial(user)}
                </span>
                <span className="overview-user">
                  <Link to={`?tab=content&user=${user.id}`}>{user.displayName || user.username}</Link>
                  <span className="muted">{user.email}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
