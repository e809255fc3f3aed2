import { Form } from "react-router";
import { EditorLink } from "~/components/ui/editor-link";
import { Menu } from "~/components/ui/menu";
import { useT } from "~/i18n/use-t";

/** A topic's menu in the table of contents (docs/product.md §2): edit it, or archive it (its stories are kept). */
export function TopicMenu({ bookId, topic }: { bookId: number; topic: { id: number; title: string } }) {
  const t = useT();
  return (
    <Menu
      label={t("workspace.topicMenu", { title: topic.title })}
      summary={<span aria-hidden="true">⋯</span>}
      className="card-menu"
      panelClassName="menu-panel-end"
    >
      <EditorLink className="menu-item" to={`/books/${bookId}?openEditor=topic&topicId=${topic.id}`}>
        {t("topicEditor.editTopic")}
      </EditorLink>
      <Form method="post" action={`/books/${bookId}/toc`} preventScrollReset>
        <input type="hidden" name="intent" value="archive-topic" />
        <input type="hidden" name="topicId" value={topic.id} />
        <input type="hidden" name="archived" value="true" />
        <button type="submit" className="menu-item">
          {t("topicEditor.archive")}
        </button>
      </Form>
    </Menu>
  );
}
