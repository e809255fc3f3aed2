import { Link } from "react-router";
import { useT } from "~/i18n/use-t";
import { BOOK_PREVIEW_EVENT, type BookPreviewActionDetail } from "~/lib/book-preview-event";

type TopicPreview = { id: number; title: string; preview: string | null };

/**
 * The preview panel: each topic's saved draft narrative in book order, the first one open. "Write in…"
 * goes back to the book on that topic through the `book-preview-action` event (a link without JS).
 */
export function PreviewPanel({ bookId, topics }: { bookId: number; topics: TopicPreview[] }) {
  const t = useT();
  return (
    <section className="preview-panel stack" aria-labelledby="preview-title">
      <h2 id="preview-title">{t("workspace.previewHeading")}</h2>
      {topics.length === 0 ? <p className="empty-state">{t("books.noTopics")}</p> : null}
      {topics.map((topic, index) => (
        <details key={topic.id} className="preview-topic" open={index === 0}>
          <summary>{topic.title}</summary>
          {topic.preview?.trim() ? (
            <div className="preview-text">
              {topic.preview
                .split(/\n\s*\n/)
                .filter((paragraph) => paragraph.trim())
                .map((paragraph, i) => (
                  <p key={i}>{paragraph}</p>
                ))}
            </div>
          ) : (
            <p className="muted">
              {t("workspace.noPreview")}{" "}
              <Link to={`/books/${bookId}?openEditor=topic&topicId=${topic.id}`}>{t("workspace.writePreview", { title: topic.title })}</Link>
            </p>
          )}
          <p>
            <Link
              to={`/books/${bookId}?openEditor=story&topicId=${topic.id}`}
              className="button button-small button-secondary"
              onClick={(event) => {
                event.preventDefault();
                const detail: BookPreviewActionDetail = { action: "back-to-book", topicId: topic.id };
                window.dispatchEvent(new CustomEvent(BOOK_PREVIEW_EVENT, { detail }));
              }}
            >
              {t("workspace.backToTopic", { title: topic.title })}
            </Link>
          </p>
        </details>
      ))}
    </section>
  );
}
