import { useT } from "~/i18n/use-t";
import { ChapterNav } from "./chapter-nav";
import { SharedStory } from "./shared-story";
import type { SharedBook } from "~/routes/sharing/shared-book.types";

/**
 * The shared reading page (issue 9), set as a book (issue 19): the cover and title, the contents, then each
 * topic as a numbered chapter (a new page when printed) with its published stories, and at its end the way
 * back to the contents and on to the chapters either side. Plain HTML: it needs no JavaScript.
 */
export function SharedBookView({ book }: { book: SharedBook }) {
  const t = useT();
  const { topics } = book;
  return (
    <main id="main" className="page reader">
      <header className="reader-cover">
        <img className="reader-cover-image" src={book.book.cover} alt="" width={240} height={360} />
        <div>
          <h1>{book.book.title}</h1>
          {book.book.description ? <p className="reader-lead">{book.book.description}</p> : null}
          <p className="reader-note">{t("reader.sharedNote")}</p>
        </div>
      </header>
      {topics.length === 0 ? (
        <p className="empty-state">{t("reader.empty")}</p>
      ) : (
        <nav id="contents" className="reader-contents" aria-labelledby="reader-contents">
          <h2 id="reader-contents">{t("reader.contents")}</h2>
          <ol>
            {topics.map((topic, index) => (
              <li key={topic.id}>
                <a className="reader-contents-chapter" href={`#topic-${topic.id}`}>
                  <span className="reader-chapter-number">{t("reader.chapter", { number: index + 1 })}</span>
                  <span>{topic.title}</span>
                </a>
                <ol>
                  {topic.stories.map((story) => (
                    <li key={story.id}>
                      <a href={`#story-${story.id}`}>{story.title}</a>
                    </li>
                  ))}
                </ol>
              </li>
            ))}
          </ol>
        </nav>
      )}
      {topics.map((topic, index) => (
        <section
          key={topic.id}
          id={`topic-${topic.id}`}
          className="reader-chapter"
          aria-labelledby={`topic-${topic.id}-title`}
        >
          <header className="reader-chapter-head">
            <p className="reader-chapter-number">{t("reader.chapter", { number: index + 1 })}</p>
            <h2 id={`topic-${topic.id}-title`}>{topic.title}</h2>
            {topic.description ? <p className="reader-lead">{topic.description}</p> : null}
          </header>
          {topic.stories.map((story) => (
            <SharedStory key={story.id} story={story} />
          ))}
          <ChapterNav topic={topic} previous={topics[index - 1]} next={topics[index + 1]} />
        </section>
      ))}
    </main>
  );
}
