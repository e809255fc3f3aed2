import { Suspense } from "react";
import { useT } from "~/i18n/use-t";
import { data, useOutlet } from "react-router";
import type { Route } from "./+types/book";
import { BookDialogs } from "~/components/book/book-dialogs";
import { BookHeader } from "~/components/book/book-header";
import { NewAnswersNotice } from "~/components/storyteller/new-answers-notice";
import { NewLinkPage } from "~/components/share/new-link-page";
import { StoryEditor } from "~/components/story/story-editor";
import { TopicEditor } from "~/components/topic/topic-editor";
import { Workspace } from "~/components/workspace/workspace";
import { useEditorAutoFocus } from "~/components/workspace/use-editor-focus";
import type { HeaderHandle } from "~/components/layout/header-context";
import type { WorkspaceOutletContext } from "~/hooks/use-workspace-outlet";
import { lazyWhenIdle, usePrefetchWhenIdle } from "~/components/ui/lazy-when-idle";
import { MissingPage } from "~/components/ui/missing-page";
import { Toaster } from "~/components/ui/toaster";
import { getLocale } from "~/i18n/middleware.server";
import { requireUser } from "~/services/auth.server";
import { bookForm, pageFormAction, storyForm, topicForm } from "~/services/book-page-action.server";
import { paramId, translate } from "~/lib/http.server";
import { pageTitle } from "~/lib/meta";
import { useRootData } from "~/hooks/use-root-data";
import { getBook } from "~/models/book.server";
import { DEFAULT_LAYOUT, WIDE_QUERY } from "~/lib/workspace-layout";
import { resizablePanelsChunk } from "~/lib/lazy-chunks.server";
import { useNonce } from "~/lib/nonce";
import { consumeFlash } from "~/lib/flash.server";
import { workspaceData } from "~/services/workspace-data.server";
import { newLinkPage } from "~/services/new-link-page.server";

// The dialogs are opened by a link, seldom: their code waits until the page is idle (lazyWhenIdle).
const ShareDialog = lazyWhenIdle(
  () => import("~/components/share/share-dialog").then((module) => ({ default: module.ShareDialog })),
  "reload",
);
const StorytellerDialog = lazyWhenIdle(
  () => import("~/components/storyteller/storyteller-dialog").then((module) => ({ default: module.StorytellerDialog })),
  "reload",
);
const BookPdfDialog = lazyWhenIdle(
  () => import("~/components/book/book-pdf-dialog").then((module) => ({ default: module.BookPdfDialog })),
  "reload",
);

export const handle: HeaderHandle = { ownsToaster: true };

export const meta: Route.MetaFunction = ({ loaderData }) => pageTitle(loaderData?.title);

/** The page without its workspace: a book that is missing, or a new link on a page of its own. */
const noWorkspace = () => ({
  topics: [],
  stories: [],
  preview: { tab: "topic" as const, page: 1, openTopicId: null, topicPage: null, book: null },
  shares: null,
  storyteller: null,
  pdf: null,
  newAnswers: [],
  layout: DEFAULT_LAYOUT,
  dialog: null,
  editor: null,
  topicEditor: null,
  resizablePanelsScript: null,
});

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const book = await getBook({ bookId: paramId(args.params.bookId), userId: user.id });
  const locale = getLocale(args.context);
  if (!book) {
    // Missing and not-yours look the same, so ids reveal nothing.
    const title = translate(args.context, "books.notFoundTitle");
    return data({ title, book: null, newLink: null, ...noWorkspace(), locale }, { status: 404 });
  }
  const flash = consumeFlash(args.context);
  // A link made without JavaScript gets a page of its own (issue 35); the workspace is not read for it.
  const newLink = newLinkPage(args.request, book, flash);
  if (newLink) {
    const title = translate(args.context, newLink.kind === "share" ? "newLink.title" : "newLink.storytellerTitle");
    return { title, book, newLink, ...noWorkspace(), locale };
  }
  return {
    title: book.title,
    book,
    newLink: null,
    ...(await workspaceData(args.request, user, book, flash)),
    locale,
    resizablePanelsScript: resizablePanelsChunk() ?? null,
  };
}

export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const bookId = paramId(args.params.bookId);
  const page = { user, context: args.context };
  // The workspace's three forms; the table of contents and deletions post to their own routes.
  return pageFormAction(
    args.request,
    {
      "update-book": bookForm("update-book", page),
      "story:save": storyForm(bookId, page, args.request.signal),
      "topic:save": topicForm(bookId, page),
    },
    // Beyond the largest recording: a 25 MB cover is refused by its own 2 MB check with its own message.
    { tooLargeKey: "media.tooLarge" },
  );
}

export default function BookPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const nonce = useNonce();
  const root = useRootData();
  const toast = actionData?.toast ?? root?.toast;
  // The suggest-topics dialog or a form route, when one is open; it shows this page's toast too.
  const outlet = useOutlet({ toast } satisfies WorkspaceOutletContext);
  // A deep link's editor takes the focus as the page loads, without JavaScript too.
  const autoFocus = useEditorAutoFocus();
  usePrefetchWhenIdle();
  const { book } = loaderData;
  if (!book) {
    return (
      <MissingPage
        title={t("books.notFoundTitle")}
        text={t("books.notFound")}
        backHref="/books"
        backLabel={t("books.backToLibrary")}
      />
    );
  }
  if (loaderData.newLink) return <NewLinkPage data={loaderData.newLink} />;
  const editor = loaderData.topicEditor ? (
    <TopicEditor
      // A newly generated draft replaces the text the editor started from.
      key={
        loaderData.topicEditor.kind === "edit"
          ? `${loaderData.topicEditor.topic.id}:${loaderData.topicEditor.topic.preview.length}`
          : loaderData.topicEditor.kind
      }
      bookId={book.id}
      book={book}
      editor={loaderData.topicEditor}
      autoFocus={autoFocus}
      result={actionData && "topic" in actionData ? (actionData.topic ?? null) : null}
    />
  ) : loaderData.editor ? (
    <StoryEditor
      key={JSON.stringify(loaderData.editor.kind === "edit" ? loaderData.editor.story.id : loaderData.editor)}
      bookId={book.id}
      editor={loaderData.editor}
      autoFocus={autoFocus}
      result={actionData && "story" in actionData ? (actionData.story ?? null) : null}
    />
  ) : (
    <p className="empty-state">{t("storyEditor.empty")}</p>
  );
  return (
    <main id="main" className="page workspace-page stack">
      {loaderData.resizablePanelsScript ? (
        // Wide screens import the panels before hydrating (workspace-panels.tsx); this fetches them with the
        // page's other scripts instead of after them. React hoists the link into <head>; phones skip it.
        <link rel="modulepreload" href={loaderData.resizablePanelsScript} media={WIDE_QUERY} nonce={nonce} />
      ) : null}
      <BookHeader book={book} />
      <NewAnswersNotice groups={loaderData.newAnswers} showBook={false} />
      <Workspace
        bookId={book.id}
        layout={loaderData.layout}
        topics={loaderData.topics}
        stories={loaderData.stories}
        previewState={loaderData.preview}
        editor={editor}
      />
      <BookDialogs
        dialog={loaderData.dialog}
        actionData={actionData}
        locale={loaderData.locale}
        closeHref={`/books/${book.id}`}
      />
      <Suspense>
        {loaderData.shares ? (
          <ShareDialog
            bookId={book.id}
            bookTitle={book.title}
            shares={loaderData.shares}
            createdLink={root?.toast?.link ?? null}
            closeHref={`/books/${book.id}`}
          />
        ) : null}
      </Suspense>
      <Suspense>
        {loaderData.storyteller ? (
          <StorytellerDialog bookId={book.id} data={loaderData.storyteller} closeHref={`/books/${book.id}`} />
        ) : null}
      </Suspense>
      <Suspense>
        {loaderData.pdf ? (
          <BookPdfDialog bookId={book.id} data={loaderData.pdf} closeHref={`/books/${book.id}`} />
        ) : null}
      </Suspense>
      {outlet ?? <Toaster toast={toast} />}
    </main>
  );
}
