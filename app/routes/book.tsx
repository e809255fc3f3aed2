import { useT } from "~/i18n/use-t";
import { data, Link, useOutlet } from "react-router";
import type { Route } from "./+types/book";
import { BookDialogs } from "~/components/book/book-dialogs";
import { BookHeader } from "~/components/book/book-header";
import { StoryEditor } from "~/components/story/story-editor";
import { TopicEditor } from "~/components/topic/topic-editor";
import { TopicList } from "~/components/toc/topic-list";
import type { HeaderHandle } from "~/components/layout/header-context";
import type { WorkspaceOutletContext } from "./book.suggest-topics";
import { MissingPage } from "~/components/ui/missing-page";
import { Toaster } from "~/components/ui/toaster";
import { getLocale } from "~/i18n/middleware.server";
import { requireUser } from "~/lib/auth.server";
import { bookDialogData } from "~/lib/book-dialogs.server";
import { bookForm, pageFormAction, storyForm, topicForm } from "~/lib/book-page-action.server";
import { paramId, translate } from "~/lib/http.server";
import { storyEditorData, topicEditorData } from "~/lib/story-editor.server";
import { pageTitle } from "~/lib/meta";
import { useRootData } from "~/lib/use-root-data";
import { getBook } from "~/models/book.server";
import { listBookStories } from "~/models/story.server";
import { listBookTopics } from "~/models/topic.server";

export const handle: HeaderHandle = { ownsToaster: true };

export const meta: Route.MetaFunction = ({ loaderData }) => pageTitle(loaderData?.title);

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const book = getBook({ bookId: paramId(args.params.bookId), userId: user.id });
  if (!book) {
    // Missing and not-yours look the same, so ids reveal nothing.
    return data({ title: translate(args.context, "books.notFoundTitle"), book: null, topics: [], stories: [], dialog: null, editor: null, topicEditor: null, locale: getLocale(args.context) }, { status: 404 });
  }
  return {
    title: book.title,
    book,
    topics: listBookTopics({ bookId: book.id, includeArchived: true }),
    stories: listBookStories({ bookId: book.id, userId: user.id }),
    dialog: bookDialogData(args.request, user, book.id),
    editor: storyEditorData(args.request, user, book.id),
    topicEditor: topicEditorData(args.request, user, book.id),
    locale: getLocale(args.context),
  };
}

export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const bookId = paramId(args.params.bookId);
  const page = { user, context: args.context };
  // The workspace's three forms; the table of contents and deletions post to their own routes.
  return pageFormAction(args.request, {
    "update-book": bookForm("update-book", page),
    "story:save": storyForm(bookId, page),
    "topic:save": topicForm(bookId, page),
  });
}

export default function BookPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const root = useRootData();
  const toast = actionData?.toast ?? root?.toast;
  // The suggest-topics dialog, when its route is open; it shows this page's toast too.
  const outlet = useOutlet({ toast } satisfies WorkspaceOutletContext);
  const { book } = loaderData;
  const topics = loaderData.topics.filter((topic) => !topic.archived);
  const archived = loaderData.topics.filter((topic) => topic.archived);
  if (!book) {
    return <MissingPage title={t("books.notFoundTitle")} text={t("books.notFound")} backHref="/books" backLabel={t("books.backToLibrary")} />;
  }
  return (
    <main id="main" className="page stack-lg">
      <BookHeader book={book} />
      {loaderData.topicEditor ? (
        <TopicEditor
          key={loaderData.topicEditor.kind === "edit" ? loaderData.topicEditor.topic.id : "new"}
          bookId={book.id}
          editor={loaderData.topicEditor}
          errors={actionData?.topic?.errors ?? {}}
          values={actionData?.topic?.values ?? {}}
        />
      ) : null}
      {!loaderData.topicEditor && loaderData.editor ? (
        <StoryEditor
          key={JSON.stringify(loaderData.editor.kind === "edit" ? loaderData.editor.story.id : loaderData.editor)}
          bookId={book.id}
          editor={loaderData.editor}
          errors={actionData?.story?.errors ?? {}}
          values={actionData?.story?.values ?? {}}
        />
      ) : null}
      <section aria-labelledby="topics-title">
        <div className="section-header">
          <h2 id="topics-title">{t("books.topicsHeading")}</h2>
          <div className="button-row">
            <Link to={`/books/${book.id}?openEditor=topic`} className="button button-secondary" preventScrollReset>
              {t("topicEditor.addTopic")}
            </Link>
            <Link to={`/books/${book.id}/suggest-topics`} className="button button-secondary" preventScrollReset>
              {t("books.suggestTopics")}
            </Link>
          </div>
        </div>
        {topics.length === 0 ? (
          <p className="empty-state">{t("books.noTopics")}</p>
        ) : (
          <TopicList bookId={book.id} topics={topics} stories={loaderData.stories} />
        )}
        {archived.length > 0 ? (
          <details className="archived-topics">
            <summary>{t("books.archivedTopics", { count: archived.length })}</summary>
            <ul className="menu-list">
              {archived.map((topic) => (
                <li key={topic.id}>
                  <Link className="menu-item" to={`/books/${book.id}?openEditor=topic&topicId=${topic.id}`}>
                    {topic.title}
                  </Link>
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </section>
      <BookDialogs dialog={loaderData.dialog} actionData={actionData} locale={loaderData.locale} closeHref={`/books/${book.id}`} />
      {outlet ?? <Toaster toast={toast} />}
    </main>
  );
}
