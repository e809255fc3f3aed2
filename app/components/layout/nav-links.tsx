import { useT } from "~/i18n/use-t";
import { Link, NavLink } from "react-router";

export type MenuBook = { id: number; title: string };

export function NavLinks({ isAdmin }: { isAdmin: boolean }) {
  const t = useT();
  return (
    <ul className="nav-list">
      <li>
        <NavLink to="/" end className="nav-link">
          {t("nav.home")}
        </NavLink>
      </li>
      <li>
        <NavLink to="/books" className="nav-link">
          {t("nav.library")}
        </NavLink>
      </li>
      {isAdmin ? (
        <li>
          <NavLink to="/admin" className="nav-link">
            {t("nav.admin")}
          </NavLink>
        </li>
      ) : null}
    </ul>
  );
}

export function BookLinks({ books }: { books: MenuBook[] }) {
  const t = useT();
  return (
    <>
      {books.length === 0 ? (
        <p className="menu-note" aria-disabled="true">
          {t("nav.noBooks")}
        </p>
      ) : (
        <ul className="menu-list">
          {books.map((book) => (
            <li key={book.id}>
              <Link className="menu-item" to={`/books/${book.id}`}>
                {book.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link className="menu-item menu-item-strong" to="/books">
        {t("nav.viewAllBooks")}
      </Link>
    </>
  );
}
