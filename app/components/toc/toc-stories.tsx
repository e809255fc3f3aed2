import { Link } from "react-router";
import { useT } from "~/i18n/use-t";
import { MoveButtons } from "./move-buttons";

type TocStory = { id: number; title: string; status: "draft" | "published" };

/** A topic's stories in the table of contents: each opens in the editor and moves up or down. */
export function TocStories({ bookId, topicTitle, stories }: { bookId: number; topicTitle: string; stories: TocStory[] }) {
  const t = useT();
  if (stories.length === 0) return null;
  return (
    <ol className="toc-stories" aria-label={t("toc.stories", { topic: topicTitle })}>
      {stories.map((story, index) => (
        <li key={story.id}>
          <Link to={`/books/${bookId}?storyId=${story.id}`}>
            {story.title}
            {story.status === "draft" ? <span className="badge badge-draft">{t("library.draft")}</span> : null}
          </Link>
          <MoveButtons bookId={bookId} intent="move-story" idName="storyId" id={story.id} title={story.title} first={index === 0} last={index === stories.length - 1} />
        </li>
      ))}
    </ol>
  );
}
