import { useT } from "~/i18n/use-t";
import { formatDate } from "~/lib/dates";
import { truncate } from "~/lib/text";
import { useTimeZone } from "~/hooks/use-root-data";
import { TableFrame } from "./table-frame";

type Row = {
  id: number;
  title: string;
  description: string;
  archived: boolean;
  bookTitle: string;
  storyCount: number;
  createdAt: Date | string;
};

/** docs/product.md §2 Topics: id, title, description, book, story count, created. */
export function TopicsTable({ topics }: { topics: Row[] }) {
  const t = useT();
  const timeZone = useTimeZone();
  return (
    <TableFrame caption={t("admin.topicsCaption")} empty={t("admin.noTopicsFound")} rows={topics.length}>
      <thead>
        <tr>
          <th scope="col">{t("admin.id")}</th>
          <th scope="col">{t("admin.columnTitle")}</th>
          <th scope="col">{t("admin.description")}</th>
          <th scope="col">{t("admin.book")}</th>
          <th scope="col">{t("admin.storyCount")}</th>
          <th scope="col">{t("admin.created")}</th>
        </tr>
      </thead>
      <tbody>
        {topics.map((topic) => (
          <tr key={topic.id}>
            <td>{topic.id}</td>
            <td>
              {topic.title} {topic.archived ? <span className="badge badge-draft">{t("admin.archived")}</span> : null}
            </td>
            <td>{truncate(topic.description, 150)}</td>
            <td>{topic.bookTitle}</td>
            <td>{topic.storyCount}</td>
            <td>{formatDate(topic.createdAt, timeZone)}</td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}
