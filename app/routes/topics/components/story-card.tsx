import { Link } from "react-router";
import { EditorLink } from "~/components/ui/editor-link";
import { MediaThumbnails } from "~/components/media/media-thumbnails";
import { useT } from "~/i18n/use-t";
import { formatDate } from "~/lib/dates";
import { useTimeZone } from "~/hooks/use-root-data";

type CardMedia = {
  first: { id: number; type: "image" | "audio"; description: string }[];
  total: number;
  images: number;
  audio: number;
};
type CardStory = {
  id: number;
  title: string;
  content: string;
  status: "draft" | "published";
  createdAt: Date | string;
  media: CardMedia;
};

/**
 * A story on the topic page (docs/product.md §2): title (2 lines), text (3 lines), up to four thumbnails then +N
 * (each opens the media dialog), date, badges for text, recordings and photos, edit and delete.
 */
export function StoryCard({
  story,
  bookId,
  deleteHref,
  mediaHref,
}: {
  story: CardStory;
  bookId: number;
  deleteHref: string;
  mediaHref: (mediaId: number) => string;
}) {
  const t = useT();
  const timeZone = useTimeZone();
  return (
    <article className="card item-card story-card">
      <h3 className="item-title clamp-2">{story.title}</h3>
      {story.content ? <p className="clamp-3">{story.content}</p> : null}
      <MediaThumbnails
        media={story.media.first}
        total={story.media.total}
        fallbackName={story.title}
        hrefFor={(item) => mediaHref(item.id)}
      />
      <p className="item-meta">{t("topicPage.created", { date: formatDate(story.createdAt, timeZone) })}</p>
      <p className="badges">
        <span className={`badge badge-${story.status}`}>
          {story.status === "published" ? t("library.published") : t("library.draft")}
        </span>
        {story.content ? <span className="badge">{t("topicPage.text")}</span> : null}
        {story.media.audio ? (
          <span className="badge">{t("topicPage.audio", { count: String(story.media.audio) })}</span>
        ) : null}
        {story.media.images ? (
          <span className="badge">{t("topicPage.images", { count: String(story.media.images) })}</span>
        ) : null}
      </p>
      <div className="row-actions">
        <EditorLink
          className="button button-small button-secondary"
          to={`/books/${bookId}?storyId=${story.id}`}
          aria-label={t("topicPage.editLabel", { title: story.title })}
        >
          {t("topicPage.edit")}
        </EditorLink>
        <Link
          className="button button-small button-danger"
          to={deleteHref}
          preventScrollReset
          aria-label={t("topicPage.deleteLabel", { title: story.title })}
        >
          {t("topicPage.delete")}
        </Link>
      </div>
    </article>
  );
}
