import { Link } from "react-router";
import { useT } from "~/i18n/use-t";
import { formatDate } from "~/lib/dates";
import { useTimeZone } from "~/lib/use-root-data";

type CardStory = { id: number; title: string; content: string; status: "draft" | "published"; hasAudio: boolean; hasImages: boolean; createdAt: Date | string };

/** A story on the topic page: title (2 lines), text (3 lines), date, badges, edit and delete. */
export function StoryCard({ story, bookId, deleteHref }: { story: CardStory; bookId: number; deleteHref: string }) {
  const t = useT();
  const timeZone = useTimeZone();
  return (
    <article className="card item-card story-card">
      <h3 className="item-title clamp-2">{story.title}</h3>
      {story.content ? <p className="clamp-3">{story.content}</p> : null}
      <p className="item-meta">{t("topicPage.created", { date: formatDate(story.createdAt, timeZone) })}</p>
      <p className="badges">
        <span className={`badge badge-${story.status}`}>{story.status === "published" ? t("library.published") : t("library.draft")}</span>
        {story.content ? <span className="badge">{t("topicPage.text")}</span> : null}
        {story.hasAudio ? <span className="badge">{t("topicPage.audio", { count: 1 })}</span> : null}
        {story.hasImages ? <span className="badge">{t("topicPage.images", { count: 1 })}</span> : null}
      </p>
      <div className="row-actions">
        <Link className="button button-small button-secondary" to={`/books/${bookId}?storyId=${story.id}`} aria-label={t("topicPage.editLabel", { title: story.title })}>
          {t("topicPage.edit")}
        </Link>
        <Link className="button button-small button-danger" to={deleteHref} preventScrollReset aria-label={t("topicPage.deleteLabel", { title: story.title })}>
          {t("topicPage.delete")}
        </Link>
      </div>
    </article>
  );
}
