import { useT } from "~/i18n/use-t";
import { STORY_TABLE_CHARS } from "~/lib/admin-filters";
import { formatDate } from "~/lib/dates";
import { truncate } from "~/lib/text";
import { useTimeZone } from "~/hooks/use-root-data";
import { TableFrame } from "./table-frame";

type Row = {
  id: number;
  title: string;
  content: string;
  status: "draft" | "published";
  topicTitle: string;
  createdAt: Date | string;
};

/** docs/product.md §2 Stories: id, title, the first 100 characters of the content, topic, created. */
export function StoriesTable({ stories }: { stories: Row[] }) {
  const t = useT();
  const timeZone = useTimeZone();
  return (
    <TableFrame caption={t("admin.storiesCaption")} empty={t("admin.noStoriesFound")} rows={stories.length}>
      <thead>
        <tr>
          <th scope="col">{t("admin.id")}</th>
          <th scope="col">{t("admin.columnTitle")}</th>
          <th scope="col">{t("admin.content")}</th>
          <th scope="col">{t("admin.topic")}</th>
          <th scope="col">{t("admin.created")}</th>
        </tr>
      </thead>
      <tbody>
        {stories.map((story) => (
          <tr key={story.id}>
            <td>{story.id}</td>
            <td>
              {story.title}{" "}
              {story.status === "draft" ? <span className="badge badge-draft">{t("admin.draft")}</span> : null}
            </td>
            <td className="cell-text">{truncate(story.content, STORY_TABLE_CHARS)}</td>
            <td>{story.topicTitle}</td>
            <td>{formatDate(story.createdAt, timeZone)}</td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}
