import { Link } from "react-router";
import { EditorLink } from "~/components/ui/editor-link";
import { TopicList, type TocStory, type TocTopic } from "~/routes/workspace/components/toc/topic-list";
import { useT } from "~/i18n/use-t";
import { CollapseToggle } from "./collapse-toggle";
import type { TocControls } from "./panel-props";
import { ReorderToggle, useReordering } from "./reorder-toggle";

type Props = {
  bookId: number;
  topics: TocTopic[];
  archived: { id: number; title: string }[];
  stories: TocStory[];
  controls: TocControls;
};

/** The expanded contents panel: add or suggest topics, the topics with their stories, the archived ones. */
export function TocPanel({ bookId, topics, archived, stories, controls }: Props) {
  const t = useT();
  const reordering = useReordering();
  return (
    <section className={`toc-panel stack${reordering ? " is-reordering" : ""}`} aria-labelledby="toc-title">
      <div className="panel-header">
        <h2 id="toc-title">{t("workspace.contents")}</h2>
        {topics.length > 0 ? <ReorderToggle /> : null}
        <CollapseToggle controls={controls} />
      </div>
      {reordering ? <p className="muted reorder-hint">{t("toc.reorderHint")}</p> : null}
      <div className="button-row">
        <EditorLink to={`/books/${bookId}?openEditor=topic`} className="button button-secondary button-small">
          {t("topicEditor.addTopic")}
        </EditorLink>
        <Link
          to={`/books/${bookId}/suggest-topics`}
          className="button button-secondary button-small"
          preventScrollReset
        >
          {t("books.suggestTopics")}
        </Link>
      </div>
      {topics.length === 0 ? (
        <p className="empty-state">{t("books.noTopics")}</p>
      ) : (
        <TopicList bookId={bookId} topics={topics} stories={stories} reordering={reordering} />
      )}
      {archived.length > 0 ? (
        <details className="archived-topics">
          <summary>{t("books.archivedTopics", { count: archived.length })}</summary>
          <ul className="menu-list">
            {archived.map((topic) => (
              <li key={topic.id}>
                <EditorLink className="menu-item" to={`/books/${bookId}?openEditor=topic&topicId=${topic.id}`}>
                  {topic.title}
                </EditorLink>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
