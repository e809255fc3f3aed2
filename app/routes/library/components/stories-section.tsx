import { useT } from "~/i18n/use-t";
import { EditorLink } from "~/components/ui/editor-link";
import { formatDate } from "~/lib/dates";
import type { BookFilterOptions } from "~/routes/library/book-filter";
import type { SectionQuery } from "~/routes/library/library-query";
import { truncate } from "~/lib/text";
import { useTimeZone } from "~/hooks/use-root-data";
import { SectionSearch, ShowMore } from "./section-search";

const STORY_EXCERPT_CHARS = 150;

type StoryRow = {
  id: number;
  title: string;
  excerpt: string;
  status: "draft" | "published";
  createdAt: Date | string;
  bookId: number;
  bookTitle: string;
  topicId: number;
  topicTitle: string;
};

/** The library's Stories section: search, a book filter, story cards that open the story, show more. */
export function StoriesSection({
  query,
  result,
  bookOptions,
}: {
  query: SectionQuery;
  result: { stories: StoryRow[]; total: number };
  bookOptions: BookFilterOptions;
}) {
  const t = useT();
  const timeZone = useTimeZone();
  const filtered = query.search !== "" || query.bookId !== undefined;
  return (
    <section aria-labelledby="stories-title" className="library-section">
      <h2 id="stories-title">{t("library.storiesSection")}</h2>
      <SectionSearch prefix="s" label="library.searchStories" query={query} bookOptions={bookOptions} />
      {result.stories.length === 0 ? (
        <p className="empty-state">{filtered ? t("library.noStoriesMatch") : t("library.noStories")}</p>
      ) : (
        <ul className="card-grid">
          {result.stories.map((story) => (
            <li key={story.id} className="card item-card">
              <h3 className="item-title">
                <EditorLink
                  to={`/books/${story.bookId}?storyId=${story.id}&topicId=${story.topicId}`}
                  className="card-link"
                >
                  {story.title}
                </EditorLink>
              </h3>
              <p className="muted item-context">
                {t("library.inTopic", { book: story.bookTitle, topic: story.topicTitle })}
              </p>
              <p>{truncate(story.excerpt, STORY_EXCERPT_CHARS)}</p>
              <p className="item-meta">
                <span className={`badge badge-${story.status}`}>
                  {story.status === "published" ? t("library.published") : t("library.draft")}
                </span>{" "}
                {formatDate(story.createdAt, timeZone)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <ShowMore
        prefix="s"
        query={query}
        shown={result.stories.length}
        total={result.total}
        label="library.showMoreStories"
      />
    </section>
  );
}
