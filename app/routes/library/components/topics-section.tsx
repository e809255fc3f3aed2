import { useT } from "~/i18n/use-t";
import { Link } from "react-router";
import type { BookFilterOptions } from "~/routes/library/book-filter";
import type { SectionQuery } from "~/routes/library/library-query";
import { truncate } from "~/lib/text";
import { SectionSearch, ShowMore } from "./section-search";

const TOPIC_PREVIEW_CHARS = 150;

type TopicRow = { id: number; bookId: number; bookTitle: string; title: string; excerpt: string; storyCount: number };

/** The library's Topics section: search, a book filter, cards with a 150-character preview, show more. */
export function TopicsSection({
  query,
  result,
  bookOptions,
}: {
  query: SectionQuery;
  result: { topics: TopicRow[]; total: number };
  bookOptions: BookFilterOptions;
}) {
  const t = useT();
  const filtered = query.search !== "" || query.bookId !== undefined;
  return (
    <section aria-labelledby="topics-title" className="library-section">
      <h2 id="topics-title">{t("library.topicsSection")}</h2>
      <SectionSearch prefix="t" label="library.searchTopics" query={query} bookOptions={bookOptions} />
      {result.topics.length === 0 ? (
        <p className="empty-state">{filtered ? t("library.noTopicsMatch") : t("library.noTopics")}</p>
      ) : (
        <ul className="card-grid">
          {result.topics.map((topic) => (
            <li key={topic.id} className="card item-card">
              <h3 className="item-title">
                <Link to={`/books/${topic.bookId}/topics/${topic.id}`} className="card-link">
                  {topic.title}
                </Link>
              </h3>
              <p className="muted item-context">{t("library.inBook", { book: topic.bookTitle })}</p>
              {topic.excerpt ? <p>{truncate(topic.excerpt, TOPIC_PREVIEW_CHARS)}</p> : null}
              <p className="item-meta">{t("books.storyCount", { count: topic.storyCount })}</p>
            </li>
          ))}
        </ul>
      )}
      <ShowMore
        prefix="t"
        query={query}
        shown={result.topics.length}
        total={result.total}
        label="library.showMoreTopics"
      />
    </section>
  );
}
