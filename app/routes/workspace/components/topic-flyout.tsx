import { useState } from "react";
import { Link } from "react-router";
import { EditorLink } from "~/components/ui/editor-link";
import { useT } from "~/i18n/use-t";

type FlyoutStory = { id: number; title: string };
type State = { kind: "idle" } | { kind: "loading" } | { kind: "loaded"; stories: FlyoutStory[] } | { kind: "failed" };

/**
 * A rail topic: a round button with the topic's first letter opening a flyout with its title (to the
 * topic editor), an add-story button and its stories, fetched when it first opens. Without
 * JavaScript the <details> still opens and links to the topic page, which lists the stories.
 */
export function TopicFlyout({ bookId, topic }: { bookId: number; topic: { id: number; title: string } }) {
  const t = useT();
  const [state, setState] = useState<State>({ kind: "idle" });

  async function load() {
    setState({ kind: "loading" });
    try {
      const response = await fetch(`/api/topics/${topic.id}/stories`, { headers: { Accept: "application/json" } });
      if (!response.ok) throw new Error(`stories: ${response.status}`);
      setState({
        kind: "loaded",
        stories: ((await response.json()) as FlyoutStory[]).map(({ id, title }) => ({ id, title })),
      });
    } catch {
      setState({ kind: "failed" });
    }
  }

  return (
    <details
      className="rail-flyout"
      onToggle={(event) => event.currentTarget.open && (state.kind === "idle" || state.kind === "failed") && load()}
    >
      <summary
        className="rail-letter"
        aria-label={t("workspace.topicButton", { title: topic.title })}
        title={topic.title}
      >
        <span aria-hidden="true">{Array.from(topic.title.trim())[0]?.toLocaleUpperCase() ?? "?"}</span>
      </summary>
      <div className="flyout-panel stack">
        <h3 className="item-title">
          <EditorLink to={`/books/${bookId}?openEditor=topic&topicId=${topic.id}`}>{topic.title}</EditorLink>
        </h3>
        <EditorLink
          to={`/books/${bookId}?openEditor=story&topicId=${topic.id}`}
          className="button button-small button-secondary"
        >
          {t("books.addStory")}
        </EditorLink>
        {state.kind === "idle" ? (
          <Link to={`/books/${bookId}/topics/${topic.id}`}>{t("toc.stories", { topic: topic.title })}</Link>
        ) : null}
        {state.kind === "loading" ? (
          <p className="muted" role="status">
            {t("workspace.loadingStories")}
          </p>
        ) : null}
        {state.kind === "failed" ? <p className="field-error">{t("workspace.storiesFailed")}</p> : null}
        {state.kind === "loaded" && state.stories.length === 0 ? (
          <p className="muted">{t("workspace.noStories")}</p>
        ) : null}
        {state.kind === "loaded" && state.stories.length > 0 ? (
          <ul className="menu-list" aria-label={t("toc.stories", { topic: topic.title })}>
            {state.stories.map((story) => (
              <li key={story.id}>
                <EditorLink className="menu-item" to={`/books/${bookId}?storyId=${story.id}`}>
                  {story.title}
                </EditorLink>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </details>
  );
}
