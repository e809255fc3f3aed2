import { useEffect, useState } from "react";
import { Link } from "react-router";

// The bare counterpart of Heirloom's workspace: one book's contents, an editor and a preview, from memory.
const TOPICS = Array.from({ length: 5 }, (_, t) => ({
  id: t + 1,
  title: `Topic ${t + 1}`,
  stories: Array.from({ length: 2 }, (_, s) => ({ id: t * 2 + s + 1, title: `Story ${t * 2 + s + 1}` })),
}));
const TEXT = "We walked to the river every evening after the harvest, and grandmother told us about the village.";

export function meta() {
  return [{ title: "Book" }, { name: "description", content: "One book of the bare app." }];
}

export function loader({ params }: { params: { bookId?: string } }) {
  return { id: Number(params.bookId), title: `Book ${params.bookId}`, topics: TOPICS, text: TEXT };
}

type Data = ReturnType<typeof loader>;

export default function Book({ loaderData }: { loaderData: Data }) {
  const [hydrated, setHydrated] = useState(false);
  const [previewHidden, setPreviewHidden] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <main id="main">
      <h1>{loaderData.title}</h1>
      {/* Like Heirloom's "Hide preview": rendered once hydrated, so a click on it is always React's. */}
      {hydrated ? (
        <button
          type="button"
          className="preview-toggle"
          aria-pressed={!previewHidden}
          onClick={() => setPreviewHidden((hidden) => !hidden)}
        >
          {previewHidden ? "Show preview" : "Hide preview"}
        </button>
      ) : null}
      <nav aria-label="Contents">
        <ol>
          {loaderData.topics.map((topic) => (
            <li key={topic.id}>
              {topic.title}
              <ol>
                {topic.stories.map((story) => (
                  <li key={story.id}>
                    <Link to={`?story=${story.id}`}>{story.title}</Link>
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ol>
      </nav>
      <section aria-label="Editor">
        <label>
          Story <textarea name="content" defaultValue={loaderData.text} rows={8} />
        </label>
      </section>
      <section aria-label="Preview" className="workspace-preview" hidden={previewHidden}>
        <p>{loaderData.text}</p>
      </section>
    </main>
  );
}
