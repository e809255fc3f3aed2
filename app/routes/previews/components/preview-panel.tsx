import { Link } from "react-router";
import { useT } from "~/i18n/use-t";
import type { PreviewPage } from "~/routes/previews/preview-blocks";
import { useHrefWith } from "~/hooks/use-href-with";
import { BookPreview } from "./book-preview";
import { TopicPreviews, type TopicPreviewSummary } from "./topic-previews";

/**
 * The panel's URL state and the one page of text it shows (ADR 0023): the open topic's (`topicPage`) on
 * the topic tab, the book's (`book`) on the book tab.
 */
export type PreviewState = {
  tab: "topic" | "book";
  page: number;
  openTopicId: number | null;
  topicPage: PreviewPage | null;
  book: PreviewPage | null;
};

/**
 * The preview panel (docs/product.md §2): a tab per topic's draft narrative and one for the whole book. The tabs
 * are links (URL state), so they work without JavaScript like everything else in it.
 */
export function PreviewPanel({
  bookId,
  topics,
  state,
}: {
  bookId: number;
  topics: TopicPreviewSummary[];
  state: PreviewState;
}) {
  const t = useT();
  const hrefWith = useHrefWith();
  const tab = (name: "topic" | "book", label: string) => (
    <Link
      to={hrefWith({ ptab: name, ppage: null, ptopic: null })}
      className={`preview-tab${state.tab === name ? " is-current" : ""}`}
      aria-current={state.tab === name ? "page" : undefined}
      preventScrollReset
    >
      {label}
    </Link>
  );
  return (
    <section className="preview-panel stack" aria-labelledby="preview-title">
      <h2 id="preview-title">{t("workspace.previewHeading")}</h2>
      <nav className="preview-tabs" aria-label={t("preview.tabs")}>
        {tab("topic", t("preview.topicTab"))}
        {tab("book", t("preview.bookTab"))}
      </nav>
      {state.tab === "book" ? (
        <BookPreview bookId={bookId} shown={state.book} />
      ) : (
        <TopicPreviews
          bookId={bookId}
          topics={topics}
          openId={state.openTopicId}
          shown={state.topicPage}
          page={state.page}
        />
      )}
    </section>
  );
}
