import { useT } from "~/i18n/use-t";
import type { SharedTopic } from "~/routes/sharing/shared-book.types";

/**
 * The links at a chapter's end: back to the contents, and to the chapters before and after it, named. Plain
 * links to anchors on the page, so they work without JavaScript; each is a full-width target on a phone.
 */
export function ChapterNav({
  topic,
  previous,
  next,
}: {
  topic: SharedTopic;
  previous: SharedTopic | undefined;
  next: SharedTopic | undefined;
}) {
  const t = useT();
  return (
    <nav className="reader-chapter-nav" aria-label={t("reader.chapterNav", { title: topic.title })}>
      {previous ? (
        <a href={`#topic-${previous.id}`} rel="prev" className="reader-chapter-link">
          <span className="reader-chapter-link-label">{t("reader.previousChapter")}</span>
          <span>{previous.title}</span>
        </a>
      ) : null}
      <a href="#contents" className="reader-chapter-link reader-chapter-contents">
        {t("reader.backToContents")}
      </a>
      {next ? (
        <a href={`#topic-${next.id}`} rel="next" className="reader-chapter-link reader-chapter-next">
          <span className="reader-chapter-link-label">{t("reader.nextChapter")}</span>
          <span>{next.title}</span>
        </a>
      ) : null}
    </nav>
  );
}
