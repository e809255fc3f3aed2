import { Link } from "react-router";
import { EditorLink } from "~/components/ui/editor-link";
import type { Route } from "./+types/topic";
import type { HeaderHandle } from "~/components/layout/header-context";
import { MediaDialog } from "~/components/media/media-dialog";
import { THUMBNAILS_SHOWN } from "~/components/media/media-thumbnails";
import { DeleteStoryDialog } from "~/routes/topics/components/delete-story-dialog";
import { QuestionsCard } from "~/routes/topics/components/questions-card";
import { StoryCard } from "~/routes/topics/components/story-card";
import { MissingPage } from "~/components/ui/missing-page";
import { RouteErrorPage } from "~/components/ui/error-page";
import { Toaster } from "~/components/ui/toaster";
import { useT } from "~/i18n/use-t";
import { requireUser } from "~/http/auth.server";
import { pageNotFound, paramId } from "~/http/responses.server";
import { pageTitle, thrownTitle } from "~/lib/meta";
import { postedValue, resultOf } from "~/lib/action-result";
import { pageQueryNumbers } from "~/http/query.server";
import { runTopicPageIntent } from "~/routes/topics/topic-page-actions.server";
import { useHrefWith } from "~/hooks/use-href-with";
import { useRootData } from "~/hooks/use-root-data";
import { listQuestions } from "~/models/question.server";
import { listMediaOfStories, type MediaView } from "~/models/media.server";
import { listTopicStories } from "~/models/story.server";
import { getTopicInBook } from "~/models/topic.server";

export const handle: HeaderHandle = { ownsToaster: true };

export const meta: Route.MetaFunction = ({ loaderData, error }) => pageTitle(thrownTitle(error) ?? loaderData?.title);

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const topic = await getTopicInBook({
    topicId: paramId(args.params.topicId),
    bookId: paramId(args.params.bookId),
    userId: user.id,
  });
  if (!topic) throw pageNotFound(args.context, "topics.loadFailed");
  const stories = await listTopicStories({ topicId: topic.id });
  const media = await listMediaOfStories(stories.map((story) => story.id));
  const numbers = pageQueryNumbers(args.request, "books/:bookId/topics/:topicId");
  const deleting = stories.find((s) => s.id === numbers.deleteStory);
  // ?media={id} opens one of this topic's photos or recordings in the media dialog.
  const viewing = [...media.values()].flat().find((item) => item.id === numbers.media) ?? null;
  return {
    title: topic.title,
    topic: {
      id: topic.id,
      bookId: topic.bookId,
      bookTitle: topic.bookTitle,
      title: topic.title,
      description: topic.description,
    },
    questions: await listQuestions({ topicId: topic.id }),
    // Cards show three lines of text: send a little more than that, not whole stories.
    stories: stories.map((s) => ({
      ...s,
      content: (s.refinedContent || s.content).slice(0, 400),
      refinedContent: null,
      media: cardMedia(media.get(s.id) ?? []),
    })),
    deleting: deleting ? { id: deleting.id, title: deleting.title } : null,
    viewing,
  };
}

/** A card shows its first thumbnails and the counts of photos and recordings, not every row. */
function cardMedia(media: MediaView[]) {
  return {
    first: media.slice(0, THUMBNAILS_SHOWN).map(({ id, type, description }) => ({ id, type, description })),
    total: media.length,
    images: media.filter((item) => item.type === "image").length,
    audio: media.filter((item) => item.type === "audio").length,
  };
}

export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  return runTopicPageIntent({
    request: args.request,
    user,
    topicId: paramId(args.params.topicId),
    bookId: paramId(args.params.bookId),
  });
}

/** A missing topic, or another user's: docs/product.md §2's load error, with the way back to the book, and a 404. */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  const t = useT();
  const missing = (
    <MissingPage
      title={t("topics.loadFailed")}
      text={t("topics.notFound")}
      backHref={`/books/${params.bookId}`}
      backLabel={t("topicPage.back")}
    />
  );
  return <RouteErrorPage error={error} notFound={missing} />;
}

/** The topic page: its interview questions and its stories (docs/product.md §2 Topic page). */
export default function TopicPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const root = useRootData();
  const hrefWith = useHrefWith();
  const { topic, questions, stories, deleting, viewing } = loaderData;
  const questionResult = resultOf(actionData, "question");
  const bookHref = `/books/${topic.bookId}`;
  return (
    <main id="main" className="page stack-lg">
      <div className="stack">
        <Link to={bookHref} className="button button-secondary">
          <span aria-hidden="true">←</span> {t("topicPage.back")}
        </Link>
        <div className="section-header">
          <div>
            <p className="muted">{topic.bookTitle}</p>
            <h1>{topic.title}</h1>
            {topic.description ? <p className="lead">{topic.description}</p> : null}
          </div>
          <EditorLink to={`${bookHref}?openEditor=story&topicId=${topic.id}`} className="button button-primary">
            {t("topicPage.newStory")}
          </EditorLink>
        </div>
      </div>
      <QuestionsCard
        topic={topic}
        questions={questions}
        result={questionResult}
        returnTo={postedValue(questionResult, "returnTo")}
      />
      <section aria-labelledby="stories-title">
        <h2 id="stories-title">{t("topicPage.storiesTitle")}</h2>
        {stories.length === 0 ? (
          <p className="empty-state">{t("topicPage.noStories")}</p>
        ) : (
          <ul className="card-grid">
            {stories.map((story) => (
              <li key={story.id}>
                <StoryCard
                  story={story}
                  bookId={topic.bookId}
                  deleteHref={hrefWith({ deleteStory: String(story.id) })}
                  mediaHref={(id) => hrefWith({ media: String(id) })}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      {deleting ? <DeleteStoryDialog story={deleting} closeHref={hrefWith({ deleteStory: null })} /> : null}
      {viewing ? <MediaDialog media={viewing} closeHref={hrefWith({ media: null })} /> : null}
      <Toaster toast={actionData?.toast ?? root?.toast} />
    </main>
  );
}
