import { useT } from "~/i18n/use-t";
import { Form, Link } from "react-router";
import { Menu } from "~/components/ui/menu";
import { useHrefWith } from "~/hooks/use-href-with";
import { formatDate } from "~/lib/dates";
import { useTimeZone } from "~/hooks/use-root-data";
import { BookCover } from "./book-cover";
import { ImportedMark } from "./imported-mark";

export type BookCardData = {
  id: number;
  title: string;
  description: string;
  coverImage: string | null;
  updatedAt: Date | string;
  /** When the book came in through an import; null for a book written here. */
  importedAt: Date | string | null;
  storyCount: number;
};

/** A book in a grid: the whole card opens the book; its menu (copy, delete) does not. `priority`: see BookCover. */
export function BookCard({
  book,
  withMenu = true,
  priority = false,
}: {
  book: BookCardData;
  withMenu?: boolean;
  priority?: boolean;
}) {
  const t = useT();
  const timeZone = useTimeZone();
  const hrefWith = useHrefWith();
  return (
    <article className="book-card">
      <BookCover bookId={book.id} src={book.coverImage} alt="" priority={priority} />
      <div className="book-card-body">
        <h3 className="book-card-title">
          <Link to={`/books/${book.id}`} className="card-link">
            {book.title}
          </Link>
        </h3>
        {book.description ? <p className="clamp-2 muted">{book.description}</p> : null}
        <p className="book-card-meta">
          <span>{t("books.lastUpdated", { date: formatDate(book.updatedAt, timeZone) })}</span>
          <span>{t("books.storyCount", { count: book.storyCount })}</span>
          <ImportedMark importedAt={book.importedAt} />
        </p>
      </div>
      {withMenu ? (
        <Menu
          label={t("books.menu", { title: book.title })}
          summary={<span aria-hidden="true">⋮</span>}
          className="card-menu"
          panelClassName="menu-panel-end"
        >
          <Form method="post" action={`/books/${book.id}/copy`} preventScrollReset>
            <button type="submit" className="menu-item">
              {t("books.createCopy")}
            </button>
          </Form>
          <Link
            className="menu-item menu-item-danger"
            to={hrefWith({ dialog: "delete-book", bookId: String(book.id) })}
            preventScrollReset
          >
            {t("books.deleteBook")}
          </Link>
        </Menu>
      ) : null}
    </article>
  );
}
