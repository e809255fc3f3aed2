import { Suspense } from "react";
import { useT } from "~/i18n/use-t";
import { useOutlet } from "react-router";
import type { Route } from "./+types/book";
import { BookDialogs } from "~/routes/books/components/book-dialogs";
import { BookHeader } from "~/routes/workspace/components/book-header";
import { NewAnswersNotice } from "~/routes/storyteller/components/new-answers-notice";
import { NewLinkPage } from "~/routes/workspace/components/new-link-page";
import { StoryEditor } from "~/routes/stories/components/story-editor";
import { TopicEditor } from "~/routes/topics/components/topic-editor";
import { Workspace } from "~/routes/workspace/components/workspace";
import { useEditorAutoFocus } from "~/routes/workspace/components/use-editor-focus";
import type { HeaderHandle } from "~/components/layout/header-context";
import type { WorkspaceOutletContext } from "~/hooks/use-workspace-outlet";
import { lazyWhenIdle, usePrefetchWhenIdle } from "~/components/ui/lazy-when-idle";
import { MissingPage } from "~/components/ui/missing-page";
import { RouteErrorPage } from "~/components/ui/error-page";
import { Toaster } from "~/components/ui/toaster";
import { getLocale } from "~/http/i18n-middleware.server";
import { requireUser } from "~/http/auth.server";
import { bookForm, pageFormAction, storyForm, topicForm } from "~/routes/workspace/book-page-action.server";
import { pageNotFound, paramId, translate } from "~/http/responses.server";
import { pageTitle, thrownTitle } from "~/lib/meta";
import { resultOf } from "~/lib/action-result";
import { useRootData } from "~/hooks/use-root-data";
import { getBook } from "~/models/book.server";
import { WIDE_QUERY } from "~/routes/workspace/workspace-layout";
import { resizablePanelsChunk } from "~/http/lazy-chunks.server";
import { useNonce } from "~/lib/nonce";
import { consumeFlash } from "~/http/flash.server";
import { workspaceData } from "~/routes/workspace/workspace-data.server";
import { newLinkPage } from "~/routes/workspace/new-link-page.server";

// The dialogs are opened by a link, seldom: their code waits until the page is idle (lazyWhenIdle).
const ShareDialog = lazyWhenIdle(
  () => import("~/routes/sharing/components/share-dialog").then((module) => ({ default: module.ShareDialog })),
  "reload",
);
const StorytellerDialog = lazyWhenIdle(
  () =>
    import("~/routes/storyteller/components/storyteller-dialog").then((module) => ({
      default: module.StorytellerDialog,
    })),
  "reload",
);
const BookPdfDialog = lazyWhenIdle(
  () =>
    import("~/routes/printed-book/components/book-pdf-dialog").then((module) => ({ default: module.BookPdfDialog })),
  "reload",
);

export const handle: HeaderHandle = { ownsToaster: true };

export const meta: Route.MetaFunction = ({ loaderData, error }) => pageTitle(thrownTitle(error) ?? loaderData?.title);

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const book = await getBook({ bookId: paramId(args.params.bookId), userId: user.id });
  if (!book) throw pageNotFound(args.context, "books.notFoundTitle");
  const flash = consumeFlash(args.context);
  // A link made without JavaScript gets a page of its own (issue 35); the workspace is not read for it.
  const newLink = newLinkPage(args.request, book, flash);
  if (newLink) {
    const title = translate(args.context, newLink.kind === "share" ? "newLink.title" : "newLink.storytellerTitle");
    return { title, book, newLink, workspace: null };
  }
  const workspace = {
    ...(await workspaceData(args.request, user, book, flash)),
    locale: getLocale(args.context),
    resizablePanelsScript: resizablePanelsChunk() ?? null,
  };
  return { title: book.title, book, newLink: null, workspace };
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

/** A missing book, or another user's: the same page, with a 404 (docs/product.md §2). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  const missing = (
    <MissingPage
      title={t("books.notFoundTitle")}
      text={t("books.notFound")}
      backHref="/books"
      backLabel={t("books.backToLibrary")}
    />
  );
  return <RouteErrorPage error={error} notFound={missing} />;
}

export default function BookPage({ loaderData, actionData }: Route.ComponentProps) {
  const nonce = useNonce();
  const root = useRootData();
  const toast = actionData?.toast ?? root?.toast;
  // The suggest-topics dialog or a form route, when one is open; it shows this page's toast too.
  const outlet = useOutlet({ toast } satisfies WorkspaceOutletContext);
  // A deep link's editor takes the focus as the page loads, without JavaScript too.
  const autoFocus = useEditorAutoFocus();
  usePrefetchWhenIdle();
  const { book, workspace } = loaderData;
  if (!workspace) return <NewLinkPage data={loaderData.newLink} />;
  const editor = <WorkspaceEditor book={book} workspace={workspace} autoFocus={autoFocus} actionData={actionData} />;
  return (
    <main id="main" className="page workspace-page stack">
      {workspace.resizablePanelsScript ? (
        // Wide screens import the panels before hydrating (workspace-panels.tsx); this fetches them with the
        // page's other scripts instead of after them. React hoists the link into <head>; phones skip it.
        <link rel="modulepreload" href={workspace.resizablePanelsScript} media={WIDE_QUERY} nonce={nonce} />
      ) : null}
      <BookHeader book={book} />
      <NewAnswersNotice groups={workspace.newAnswers} showBook={false} />
      <Workspace
        bookId={book.id}
        layout={workspace.layout}
        topics={workspace.topics}
        stories={workspace.stories}
        previewState={workspace.preview}
        editor={editor}
      />
      <BookDialogs
        dialog={workspace.dialog}
        result={resultOf(actionData, "book")}
        locale={workspace.locale}
        closeHref={`/books/${book.id}`}
      />
      <Suspense>
        {workspace.shares ? (
          <ShareDialog
            bookId={book.id}
            bookTitle={book.title}
            shares={workspace.shares}
            createdLink={root?.toast?.link ?? null}
            closeHref={`/books/${book.id}`}
          />
        ) : null}
      </Suspense>
      <Suspense>
        {workspace.storyteller ? (
          <StorytellerDialog bookId={book.id} data={workspace.storyteller} closeHref={`/books/${book.id}`} />
        ) : null}
      </Suspense>
      <Suspense>
        {workspace.pdf ? <BookPdfDialog bookId={book.id} data={workspace.pdf} closeHref={`/books/${book.id}`} /> : null}
      </Suspense>
      {outlet ?? <Toaster toast={toast} />}
    </main>
  );
}

type Loaded = Route.ComponentProps["loaderData"];

/** The workspace's editor: the topic editor or the story editor the address opened, or a word on how to open one. */
function WorkspaceEditor({
  book,
  workspace,
  autoFocus,
  actionData,
}: {
  book: Loaded["book"];
  workspace: NonNullable<Loaded["workspace"]>;
  autoFocus: boolean;
  actionData: Route.ComponentProps["actionData"];
}) {
  const t = useT();
  const { topicEditor, editor } = workspace;
  if (topicEditor) {
    // A newly generated draft replaces the text the editor started from.
    const key =
      topicEditor.kind === "edit" ? `${topicEditor.topic.id}:${topicEditor.topic.preview.length}` : topicEditor.kind;
    return (
      <TopicEditor
        key={key}
        bookId={book.id}
        book={book}
        editor={topicEditor}
        autoFocus={autoFocus}
        result={resultOf(actionData, "topic")}
      />
    );
  }
  if (editor) {
    return (
      <StoryEditor
        key={JSON.stringify(editor.kind === "edit" ? editor.story.id : editor)}
        bookId={book.id}
        editor={editor}
        autoFocus={autoFocus}
        result={resultOf(actionData, "story")}
      />
    );
  }
  return <p className="empty-state">{t("storyEditor.empty")}</p>;
}
