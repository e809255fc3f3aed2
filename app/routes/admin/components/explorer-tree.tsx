import type { ComponentProps } from "react";
import { Link } from "react-router";
import { MediaThumbnails } from "~/components/media/media-thumbnails";
import { useT } from "~/i18n/use-t";
import { EXPLORER_STORY_CHARS } from "~/lib/admin-filters";
import { formatDate } from "~/lib/dates";
import { truncate } from "~/lib/text";
import { useHrefWith } from "~/hooks/use-href-with";
import { useTimeZone } from "~/hooks/use-root-data";
import type { Locale } from "~/i18n/config";

/**
 * Which books and topics render open: those on the way to the open book, topic or story. Links inside the
 * tree (Preview, media, Show less) carry ?open=topic, so a page load without JavaScript keeps the admin's place.
 */
export type OpenState = { books: Set<number>; topics: Set<number>; storyId?: number };

/** A story in the tree: its excerpt, its whole text when it is the open one, and its first media. */
export type ExplorerStory = {
  id: number;
  title: string;
  status: "draft" | "published";
  createdAt: Date | string;
  excerpt: string;
  content: string | null;
  mediaCount: number;
  media: ComponentProps<typeof MediaThumbnails>["media"];
};

export type ExplorerTopic = {
  id: number;
  title: string;
  archived: boolean;
  hasPreview: boolean;
  storyCount: number;
  stories: ExplorerStory[];
};

/** A book of the Content Explorer's tree, with its first topics (the admin page's loader reads them). */
export type ExplorerBook = {
  id: number;
  title: string;
  language: Locale;
  createdAt: Date | string;
  topicCount: number;
  topics: ExplorerTopic[];
};

/** A user's books, each a <details> with its topics, each a <details> with its stories: no JavaScript needed. */
export function BookList({ userId, books, open }: { userId: number; books: ExplorerBook[]; open: OpenState }) {
  const t = useT();
  const hrefWith = useHrefWith();
  if (books.length === 0) return <p className="muted">{t("admin.explorer.noBooks")}</p>;
  return (
    <ul className="tree">
      {books.map((book) => (
        <li key={book.id}>
          <details className="tree-node" open={open.books.has(book.id) || undefined}>
            <summary>
              <span className="tree-title">{book.title}</span>{" "}
              <span className="badge">{t(`languages.${book.language}`)}</span>{" "}
              <span className="muted">{t("admin.explorer.topicCount", { count: book.topicCount })}</span>
            </summary>
            {book.topics.length === 0 ? <p className="muted">{t("admin.explorer.noTopics")}</p> : null}
            <ul className="tree">
              {book.topics.map((topic) => (
                <TopicNode key={topic.id} userId={userId} bookId={book.id} topic={topic} open={open} />
              ))}
            </ul>
            {book.topicCount > book.topics.length ? (
              <Link
                className="show-all"
                to={hrefWith({ user: String(userId), book: String(book.id), topic: null, story: null, page: null })}
              >
                {t("admin.explorer.showAllTopics", { count: String(book.topicCount) })}
              </Link>
            ) : null}
          </details>
        </li>
      ))}
    </ul>
  );
}

function TopicNode({
  userId,
  bookId,
  topic,
  open,
}: {
  userId: number;
  bookId: number;
  topic: ExplorerTopic;
  open: OpenState;
}) {
  const t = useT();
  const hrefWith = useHrefWith();
  return (
    <li>
      <details className="tree-node" open={open.topics.has(topic.id) || undefined}>
        <summary>
          <span className="tree-title">{topic.title}</span>{" "}
          {topic.archived ? <span className="badge badge-draft">{t("admin.archived")}</span> : null}{" "}
          <span className="muted">{t("admin.explorer.storyCount", { count: topic.storyCount })}</span>
        </summary>
        {topic.hasPreview ? (
          <p>
            <Link
              className="button button-small button-secondary"
              to={hrefWith({ dialog: "preview", id: String(topic.id), open: String(topic.id) })}
              preventScrollReset
            >
              {t("admin.explorer.preview")}
              <span className="visually-hidden">: {topic.title}</span>
            </Link>
          </p>
        ) : null}
        {topic.stories.length === 0 ? <p className="muted">{t("admin.explorer.noStories")}</p> : null}
        <ul className="tree tree-stories">
          {topic.stories.map((story) => (
            <StoryNode key={story.id} story={story} expanded={open.storyId === story.id} topicId={topic.id} />
          ))}
        </ul>
        {topic.storyCount > topic.stories.length ? (
          <Link
            className="show-all"
            to={hrefWith({
              user: String(userId),
              book: String(bookId),
              topic: String(topic.id),
              story: null,
              page: null,
            })}
          >
            {t("admin.explorer.showAllStories", { count: String(topic.storyCount) })}
          </Link>
        ) : null}
      </details>
    </li>
  );
}

/**
 * A story: 80 characters, and the whole text when it is the one the address names (?story=…).
 * "Show less" keeps its topic open (?open=…), so the admin stays where they were.
 */
function StoryNode({ story, expanded, topicId }: { story: ExplorerStory; expanded: boolean; topicId: number }) {
  const t = useT();
  const timeZone = useTimeZone();
  const hrefWith = useHrefWith();
  const cut = Array.from(story.excerpt).length > EXPLORER_STORY_CHARS;
  const text = expanded && story.content !== null ? story.content : truncate(story.excerpt, EXPLORER_STORY_CHARS);
  const changes = expanded ? { story: null, open: String(topicId) } : { story: String(story.id), open: null };
  const toggle = `${hrefWith(changes)}#story-${story.id}`;
  return (
    <li id={`story-${story.id}`} className="tree-story">
      <p className="tree-story-head">
        <strong>{story.title}</strong>{" "}
        {story.status === "draft" ? <span className="badge badge-draft">{t("admin.draft")}</span> : null}{" "}
        <span className="muted">{formatDate(story.createdAt, timeZone)}</span>
      </p>
      {text ? <p className="story-text">{text}</p> : null}
      {cut ? (
        <Link to={toggle} preventScrollReset aria-expanded={expanded}>
          {expanded ? t("admin.explorer.readLess") : t("admin.explorer.readMore")}
          <span className="visually-hidden">: {story.title}</span>
        </Link>
      ) : null}
      <StoryMedia story={story} topicId={topicId} />
    </li>
  );
}

/** Up to four thumbnails (+N), each opening the media dialog; files are served by /api/media/render. */
function StoryMedia({ story, topicId }: { story: ExplorerStory; topicId: number }) {
  const hrefWith = useHrefWith();
  return (
    <MediaThumbnails
      media={story.media}
      total={story.mediaCount}
      fallbackName={story.title}
      hrefFor={(item) => hrefWith({ dialog: "media", id: String(item.id), open: String(topicId) })}
    />
  );
}
