import { Link } from "react-router";
import { EditorLink } from "~/components/ui/editor-link";
import { TopicMenu } from "./topic-menu";
import { useT } from "~/i18n/use-t";
import { MoveButtons } from "./move-buttons";
import { useSaveOrder } from "./use-save-order";
import { SortableList } from "./sortable-list";
import { TocStories } from "./toc-stories";

export type TocTopic = { id: number; title: string; description: string; storyCount: number };
export type TocStory = { id: number; topicId: number; title: string; status: "draft" | "published" };

type Props = {
  bookId: number;
  topics: TocTopic[];
  stories: TocStory[];
  /** The phone's Reorder mode (`?reorder=1`): below 768 px the handles and arrows show only then (CSS). */
  reordering: boolean;
};

/**
 * The book's topics with their stories: up/down forms everywhere, and with JavaScript a drag handle
 * (pointer or keyboard) that saves the new order through /api/books/{id}/reorder-topics.
 */
export function TopicList({ bookId, topics, stories, reordering }: Props) {
  const t = useT();
  const saveOrder = useSaveOrder(`/api/books/${bookId}/reorder-topics`, "topicIds");

  return (
    <SortableList
      className="topic-list"
      items={topics}
      onReorder={saveOrder}
      itemLabel={(topic) => ("title" in topic ? String(topic.title) : "")}
      renderItem={(topic, index, handle) => (
        <div className="card item-card">
          <div className="section-header">
            <div className="title-row">
              {handle ? (
                <button
                  type="button"
                  className="drag-handle"
                  aria-label={t("toc.drag", { title: topic.title })}
                  {...handle}
                >
                  <span aria-hidden="true">⠿</span>
                </button>
              ) : null}
              <h3 className="item-title">
                <Link to={`/books/${bookId}/topics/${topic.id}`}>{topic.title}</Link>
              </h3>
            </div>
            <div className="title-row">
              <MoveButtons
                bookId={bookId}
                intent="move-topic"
                idName="topicId"
                id={topic.id}
                title={topic.title}
                first={index === 0}
                last={index === topics.length - 1}
                reordering={reordering}
              />
              <TopicMenu bookId={bookId} topic={topic} />
            </div>
          </div>
          {topic.description ? <p className="muted">{topic.description}</p> : null}
          <p className="item-meta">{t("books.storyCount", { count: topic.storyCount })}</p>
          <TocStories
            bookId={bookId}
            topicId={topic.id}
            topicTitle={topic.title}
            stories={stories.filter((story) => story.topicId === topic.id)}
            reordering={reordering}
          />
          <p className="row-actions">
            <EditorLink
              to={`/books/${bookId}?openEditor=story&topicId=${topic.id}`}
              className="button button-small button-secondary"
              aria-label={t("books.addStoryTo", { topic: topic.title })}
            >
              {t("books.addStory")}
            </EditorLink>
          </p>
        </div>
      )}
    />
  );
}
