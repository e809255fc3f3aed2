import { Form, Link } from "react-router";
import { EditorLink } from "~/components/ui/editor-link";
import { useT } from "~/i18n/use-t";
import { CollapseToggle } from "./collapse-toggle";
import { TopicFlyout } from "./topic-flyout";
import type { TocControls } from "./panel-props";

type Props = { bookId: number; topics: { id: number; title: string }[]; controls: TocControls };

/**
 * The collapsed contents panel (about 5% wide): expand, add a topic, suggest topics, and a round
 * button per topic with its first letter that opens a flyout.
 */
export function TocRail({ bookId, topics, controls }: Props) {
  const t = useT();
  return (
    <nav className="toc-rail" aria-label={t("workspace.contents")}>
      <CollapseToggle controls={controls} />
      {/* A heading, as in the expanded panel: the flyouts' topic titles (h3) sit under it. */}
      <h2 className="rail-title">{t("workspace.contents")}</h2>
      <EditorLink
        to={`/books/${bookId}?openEditor=topic`}
        className="icon-button"
        aria-label={t("topicEditor.addTopic")}
        title={t("topicEditor.addTopic")}
      >
        <span aria-hidden="true">+</span>
      </EditorLink>
      <Link
        to={`/books/${bookId}/suggest-topics`}
        className="icon-button"
        aria-label={t("books.suggestTopics")}
        title={t("books.suggestTopics")}
      >
        <span aria-hidden="true">✦</span>
      </Link>
      <Form method="post" action={`/books/${bookId}/preview`} preventScrollReset>
        <input type="hidden" name="intent" value="book" />
        <button
          type="submit"
          className="icon-button rail-button"
          aria-label={t("preview.generateBook")}
          title={t("preview.generateBook")}
        >
          <span aria-hidden="true">▤</span>
        </button>
      </Form>
      <ul className="rail-topics">
        {topics.map((topic) => (
          <li key={topic.id}>
            <TopicFlyout bookId={bookId} topic={topic} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
