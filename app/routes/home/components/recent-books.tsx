import { Link } from "react-router";
import { useT } from "~/i18n/use-t";
import { BookCard, type BookCardData } from "~/routes/books/components/book-card";

/** 'Recent Books': the user's most recently updated books, with a link to all of them. */
export function RecentBooks({ recent }: { recent: BookCardData[] }) {
  const t = useT();
  return (
    <section aria-labelledby="recent-title">
      <div className="section-header">
        <h2 id="recent-title">{t("home.recentTitle")}</h2>
        <Link to="/books" className="button button-secondary button-small">
          {t("home.viewAll")}
        </Link>
      </div>
      <ul className="book-grid">
        {recent.map((book) => (
          <li key={book.id}>
            <BookCard book={book} withMenu={false} />
          </li>
        ))}
      </ul>
    </section>
  );
}
