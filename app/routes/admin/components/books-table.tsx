import { Link } from "react-router";
import { useT } from "~/i18n/use-t";
import type { BookSort, SortDir } from "~/lib/admin-filters";
import { formatDate } from "~/lib/dates";
import { truncate } from "~/lib/text";
import { useTimeZone } from "~/hooks/use-root-data";
import { SortHeader } from "./sort-header";
import { TableFrame } from "./table-frame";

type Row = {
  id: number;
  title: string;
  description: string;
  language: "en" | "vi";
  createdAt: Date | string;
  userId: number;
  owner: string;
  ownerName: string | null;
};

/** docs/product.md §2 Books: id, title (sortable), description, owner, language (sortable), created (sortable). */
export function BooksTable({ books, sort, dir }: { books: Row[]; sort: BookSort; dir: SortDir }) {
  const t = useT();
  const timeZone = useTimeZone();
  const order = { sort, dir };
  return (
    <TableFrame caption={t("admin.booksCaption")} empty={t("admin.noBooksFound")} rows={books.length}>
      <thead>
        <tr>
          <th scope="col">{t("admin.id")}</th>
          <SortHeader column="title" label="admin.columnTitle" {...order} />
          <th scope="col">{t("admin.description")}</th>
          <th scope="col">{t("admin.owner")}</th>
          <SortHeader column="language" label="admin.language" {...order} />
          <SortHeader column="createdAt" label="admin.created" {...order} />
        </tr>
      </thead>
      <tbody>
        {books.map((book) => (
          <tr key={book.id}>
            <td>{book.id}</td>
            <td>{book.title}</td>
            <td>{truncate(book.description, 150)}</td>
            <td>
              <Link className="cell-link" to={`?tab=content&user=${book.userId}`}>
                {book.ownerName ? `${book.ownerName} (${book.owner})` : book.owner}
              </Link>
            </td>
            <td>{t(`languages.${book.language}`)}</td>
            <td>{formatDate(book.createdAt, timeZone)}</td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}
