import { useT } from "~/i18n/use-t";
import { Link } from "react-router";
import { formatDate } from "~/lib/dates";
import { isTonePreset } from "~/routes/books/tones";
import { useHrefWith } from "~/hooks/use-href-with";
import { useTimeZone } from "~/hooks/use-root-data";
import { BookCover } from "../../books/components/book-cover";
import { ImportedMark } from "../../books/components/imported-mark";

type HeaderBook = {
  id: number;
  title: string;
  description: string;
  coverImage: string | null;
  language: "en" | "vi";
  tone: string;
  updatedAt: Date | string;
  /** When the book came in through an import; null for a book written here. */
  importedAt: Date | string | null;
  storyCount: number;
};

/** The workspace's book card: cover, title, description, last update, story count, badges, downloads, Edit, Share. */
export function BookHeader({ book }: { book: HeaderBook }) {
  const t = useT();
  const timeZone = useTimeZone();
  const hrefWith = useHrefWith();
  const tone = book.tone ? (isTonePreset(book.tone) ? t(`tones.${book.tone}`) : book.tone) : null;
  return (
    <section className="card book-header" aria-labelledby="book-title">
      <BookCover
        bookId={book.id}
        src={book.coverImage}
        alt={t("books.coverAlt", { title: book.title })}
        className="book-header-cover"
        priority
      />
      <div className="book-header-body">
        {/* tabIndex -1: where the focus goes back when the editor has no heading (useFocusRecovery). */}
        <h1 id="book-title" tabIndex={-1}>
          {book.title}
        </h1>
        {book.description ? <p className="lead">{book.description}</p> : null}
        <p className="book-card-meta">
          <span>{t("books.lastUpdated", { date: formatDate(book.updatedAt, timeZone) })}</span>
          <span>{t("books.storyCount", { count: book.storyCount })}</span>
          <ImportedMark importedAt={book.importedAt} />
        </p>
        <p className="badges">
          <span className="badge">{t("books.languageBadge", { language: t(`languages.${book.language}`) })}</span>
          {tone ? <span className="badge">{t("books.styleBadge", { tone })}</span> : null}
        </p>
        {/* A plain link: the zip downloads without JavaScript, and the page stays as it is. The printed book first
            asks its page size, in a dialog. */}
        <p className="book-header-download button-row">
          <Link to={hrefWith({ dialog: "pdf" })} className="button button-secondary button-small" preventScrollReset>
            {t("pdfDialog.open")}
          </Link>
          <a href={`/api/books/${book.id}/export`} download className="button button-secondary button-small">
            {t("keepsake.download")}
          </a>
        </p>
      </div>
      <div className="book-header-actions">
        <Link
          to={hrefWith({ dialog: "edit-book" })}
          className="button button-secondary book-header-edit"
          aria-label={t("books.editLabel")}
          preventScrollReset
        >
          {t("books.edit")}
        </Link>
        <Link to={hrefWith({ dialog: "share" })} className="button button-secondary" preventScrollReset>
          {t("share.open")}
        </Link>
      </div>
    </section>
  );
}
