import { Link, useNavigate } from "react-router";
import { useT } from "~/i18n/use-t";
import { BOOK_PREVIEW_EVENT, type BookPreviewActionDetail } from "~/lib/book-preview-event";
import { previewPage, TOPIC_BLOCKS_PER_PAGE, type PreviewPage } from "~/routes/previews/preview-blocks";
import { useHrefWith } from "~/hooks/use-href-with";
import { GenerateButton } from "./generate-button";
import { PreviewText } from "./preview-text";
import { usePreviewStream } from "./use-preview-stream";

export type TopicPreviewSummary = { id: number; title: string; hasPreview: boolean; storyCount: number };

/**
 * One topic's draft narrative in the preview panel, with Generate or Regenerate and a way back to writing.
 * Only the open topic comes with its text, a page of it (`shown`); another opens by its address
 * (`?ptopic=`), a link without JavaScript and at once when its <details> opens with it (ADR 0023).
 */
function TopicPreviewItem({
  bookId,
  topic,
  shown,
  page,
}: {
  bookId: number;
  topic: TopicPreviewSummary;
  shown: PreviewPage | null | undefined;
  page: number;
}) {
  const t = useT();
  const hrefWith = useHrefWith();
  const navigate = useNavigate();
  const stream = usePreviewStream();
  const open = shown !== undefined;
  const href = hrefWith({ ptab: "topic", ptopic: String(topic.id), ppage: null });
  const streamed = stream.text !== null ? previewPage(stream.text, TOPIC_BLOCKS_PER_PAGE, page) : null;
  const current = streamed ?? shown;
  let body: React.ReactNode;
  if (current && current.blocks.length > 0) {
    body = (
      <PreviewText
        shown={current}
        pageHref={(n) => hrefWith({ ptab: "topic", ptopic: String(topic.id), ppage: String(n) })}
        keep={streamed ? undefined : { bookId, fields: { topicId: topic.id, ppage: current.page } }}
      />
    );
  } else if (!open && topic.hasPreview && stream.text === null) {
    body = (
      <p>
        <Link to={href} preventScrollReset>
          {t("preview.readTopic", { title: topic.title })}
        </Link>
      </p>
    );
  } else {
    body = <p className="muted">{t("workspace.noPreview")}</p>;
  }
  return (
    <details
      className="preview-topic"
      open={open}
      onToggle={(event) => {
        // Opening another topic's draft asks the server for its first page.
        if (event.currentTarget.open && !open && topic.hasPreview)
          void navigate(href, { preventScrollReset: true, replace: true });
      }}
    >
      {/* A summary styled as a flex row loses the browser's own triangle: the marker and the story count say that a
          closed topic opens, and what it holds. */}
      <summary>
        <span className="disclosure-marker" aria-hidden="true" />
        <span className="preview-topic-title">{topic.title}</span>
        <span className="preview-topic-count">{t("books.storyCount", { count: topic.storyCount })}</span>
      </summary>
      <div aria-live="polite" aria-busy={stream.text !== null}>
        {body}
      </div>
      <div className="button-row">
        <GenerateButton
          bookId={bookId}
          fields={{ intent: "topic", topicId: topic.id }}
          label={topic.hasPreview ? t("preview.regenerate") : t("preview.generate")}
          busy={stream.busy}
          // A topic that is not the open one opens once its draft is made, as after the form without JavaScript.
          // The handler only ever runs once the page is hydrated: before that, the form posts on its own.
          onGenerate={() =>
            stream.generate(
              `/api/topics/${topic.id}/preview?stream=1`,
              open ? undefined : () => navigate(href, { preventScrollReset: true, replace: true }),
            )
          }
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

/** The topic tab: every topic, only one open (the address's, else the first) with a page of its draft. */
export function TopicPreviews({
  bookId,
  topics,
  openId,
  shown,
  page,
}: {
  bookId: number;
  topics: TopicPreviewSummary[];
  openId: number | null;
  shown: PreviewPage | null;
  page: number;
}) {
  const t = useT();
  if (topics.length === 0) return <p className="empty-state">{t("books.noTopics")}</p>;
  return (
    <>
      {topics.map((topic) => (
        <TopicPreviewItem
          key={topic.id}
          bookId={bookId}
          topic={topic}
          shown={topic.id === openId ? shown : undefined}
          page={topic.id === openId ? (shown?.page ?? page) : 1}
        />
      ))}
    </>
  );
}
