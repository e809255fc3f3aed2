import { EditorLink } from "~/components/ui/editor-link";
import { useT } from "~/i18n/use-t";
import { MoveButtons } from "./move-buttons";
import { useSaveOrder } from "./use-save-order";
import { SortableList } from "./sortable-list";

type TocStory = { id: number; title: string; status: "draft" | "published" };

/**
 * A topic's stories in the table of contents: each opens in the editor and moves up or down with a
 * form; with JavaScript a drag handle (pointer or keyboard) saves the new order through
 * /api/topics/{id}/reorder-stories. It is a drag-and-drop list of its own inside the topic's item.
 */
export function TocStories({
  bookId,
  topicId,
  topicTitle,
  stories,
  reordering,
}: {
  bookId: number;
  topicId: number;
  topicTitle: string;
  stories: TocStory[];
  reordering: boolean;
}) {
  const t = useT();
  const saveOrder = useSaveOrder(`/api/topics/${topicId}/reorder-stories`, "storyIds");

  if (stories.length === 0) return null;
  return (
    <SortableList
      className="toc-stories"
      label={t("toc.stories", { topic: topicTitle })}
      dndId={`toc-stories-${topicId}`}
      instructions={t("toc.storyDragInstructions")}
      items={stories}
      onReorder={saveOrder}
      itemLabel={(story) => story.title}
      renderItem={(story, index, handle) => (
        <>
          <span className="toc-story">
            {handle ? (
              <button
                type="button"
                className="drag-handle"
                aria-label={t("toc.drag", { title: story.title })}
                {...handle}
              >
                <span aria-hidden="true">⠿</span>
              </button>
            ) : null}
            <EditorLink to={`/books/${bookId}?storyId=${story.id}`}>
              {story.title}
              {story.status === "draft" ? <span className="badge badge-draft">{t("library.draft")}</span> : null}
            </EditorLink>
          </span>
          <MoveButtons
            bookId={bookId}
            intent="move-story"
            idName="storyId"
            id={story.id}
            title={story.title}
            first={index === 0}
            last={index === stories.length - 1}
            reordering={reordering}
          />
        </>
      )}
    />
  );
}
