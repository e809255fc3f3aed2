import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useT } from "~/i18n/use-t";
import { BOOK_PREVIEW_EVENT, type BookPreviewActionDetail } from "~/lib/book-preview-event";
import { useHrefWith } from "~/lib/use-href-with";
import { GenerateButton } from "./generate-button";
import { PreviewText } from "./preview-text";
import { usePreviewStream } from "./use-preview-stream";

export const TOPIC_BLOCKS_PER_PAGE = 10;
type TopicPreview = { id: number; title: string; preview: string | null };

/** One topic's draft narrative in the preview panel, with Generate or Regenerate and a way back to writing. */
function TopicPreviewItem({ bookId, topic, open, page }: { bookId: number; topic: TopicPreview; open: boolean; page: number }) {
  const t = useT();
  const hrefWith = useHrefWith();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const stream = usePreviewStream();
  const text = stream.text ?? topic.preview ?? "";
  return (
    <details className="preview-topic" open={open}>
      <summary>{topic.title}</summary>
      <div aria-live="polite" aria-busy={stream.text !== null}>
        {text.trim() ? (
          <PreviewText text={text} perPage={TOPIC_BLOCKS_PER_PAGE} page={page} pageHref={(n) => hrefWith({ ptab: "topic", ptopic: String(topic.id), ppage: String(n) })} />
        ) : (
          <p className="muted">{t("workspace.noPreview")}</p>
        )}
      </div>
      <div className="button-row">
        <GenerateButton
          bookId={bookId}
          fields={{ intent: "topic", topicId: topic.id }}
          label={topic.preview?.trim() ? t("preview.regenerate") : t("preview.generate")}
          busy={stream.busy}
          onGenerate={hydrated ? () => stream.generate(`/api/topics/${topic.id}/preview?stream=1`) : null}
        />
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
      </div>
    </details>
  );
}

/** The topic tab: every topic's draft, only the first (or the one being paged) open. */
export function TopicPreviews({ bookId, topics, topicId, page }: { bookId: number; topics: TopicPreview[]; topicId: number | null; page: number }) {
  const t = useT();
  if (topics.length === 0) return <p className="empty-state">{t("books.noTopics")}</p>;
  const openId = topics.some((topic) => topic.id === topicId) ? topicId : topics[0]!.id;
  return (
    <>
      {topics.map((topic) => (
        <TopicPreviewItem key={topic.id} bookId={bookId} topic={topic} open={topic.id === openId} page={topic.id === topicId ? page : 1} />
      ))}
    </>
  );
}
