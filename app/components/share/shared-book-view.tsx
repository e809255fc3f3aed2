import { useT } from "~/i18n/use-t";

/** A photo or recording of a shared story, addressed through the link's token. */
type SharedMedia = { id: number; type: "image" | "audio"; description: string; url: string; thumbUrl: string | null };
type Story = { id: number; title: string; text: string; media: SharedMedia[] };

/** What the reading page shows of a book: its cover and words, and its published stories in order. */
type SharedBook = {
  book: { title: string; description: string; cover: string };
  topics: { id: number; title: string; description: string; stories: Story[] }[];
};

/** A story's text as its paragraphs (the family writes blank lines between them). */
function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * The shared reading page (issue 9): the book's cover and title, a table of contents, then each topic
 * (a new page when printed) with its published stories: the storyteller's voice beside the text, the
 * photos as lazy thumbnails that open full size. Plain HTML: it needs no JavaScript.
 */
export function SharedBookView({ book, token }: { book: SharedBook; token: string }) {
  const t = useT();
  return (
    <main id="main" className="page reader stack-lg">
      <header className="reader-cover">
        <img className="reader-cover-image" src={book.book.cover} alt="" width={240} height={360} />
        <div className="stack">
          <h1>{book.book.title}</h1>
          {book.book.description ? <p className="lead">{book.book.description}</p> : null}
          <p className="muted">{t("reader.sharedNote")}</p>
        </div>
      </header>
      {book.topics.length === 0 ? (
        <p className="empty-state">{t("reader.empty")}</p>
      ) : (
        <nav className="reader-contents card" aria-labelledby="reader-contents">
          <h2 id="reader-contents">{t("reader.contents")}</h2>
          <ol>
            {book.topics.map((topic) => (
              <li key={topic.id}>
                <a href={`#topic-${topic.id}`}>{topic.title}</a>
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
      {book.topics.map((topic) => (
        <section
          key={topic.id}
          id={`topic-${topic.id}`}
          className="reader-topic stack"
          aria-labelledby={`topic-${topic.id}-title`}
        >
          <h2 id={`topic-${topic.id}-title`}>{topic.title}</h2>
          {topic.description ? <p className="lead">{topic.description}</p> : null}
          {topic.stories.map((story) => (
            <SharedStory key={story.id} story={story} token={token} />
          ))}
        </section>
      ))}
    </main>
  );
}

function SharedStory({ story }: { story: Story; token: string }) {
  const t = useT();
  const recordings = story.media.filter((item) => item.type === "audio");
  const photos = story.media.filter((item) => item.type === "image");
  return (
    <article id={`story-${story.id}`} className="reader-story stack" aria-labelledby={`story-${story.id}-title`}>
      <h3 id={`story-${story.id}-title`}>{story.title}</h3>
      {recordings.map((item) => (
        <figure key={item.id} className="reader-voice">
          <figcaption>{t("reader.listen", { title: item.description || story.title })}</figcaption>
          <audio controls preload="none" src={item.url} />
        </figure>
      ))}
      {paragraphs(story.text).map((text, index) => (
        <p key={index} className="reader-text">
          {text}
        </p>
      ))}
      {photos.length ? (
        <ul className="reader-photos">
          {photos.map((item) => (
            <li key={item.id}>
              <figure>
                <a href={item.url} aria-label={t("reader.photoOf", { description: item.description })}>
                  <img
                    src={item.thumbUrl!}
                    alt={item.description}
                    width={320}
                    height={320}
                    loading="lazy"
                    decoding="async"
                  />
                </a>
                {item.description ? <figcaption>{item.description}</figcaption> : null}
              </figure>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
