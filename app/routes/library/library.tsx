import { useT } from "~/i18n/use-t";
import { Link } from "react-router";
import type { Route } from "./+types/library";
import { BookDialogs } from "~/routes/books/components/book-dialogs";
import { bookCard } from "~/routes/books/book-card-data";
import type { HeaderHandle } from "~/components/layout/header-context";
import { BooksSection } from "~/routes/library/components/books-section";
import { StoriesSection } from "~/routes/library/components/stories-section";
import { TopicsSection } from "~/routes/library/components/topics-section";
import { Toaster } from "~/components/ui/toaster";
import { getLocale } from "~/http/i18n-middleware.server";
import { requireUser } from "~/http/auth.server";
import { bookDialogData } from "~/routes/books/book-dialogs.server";
import { bookForm, pageFormAction } from "~/routes/workspace/book-page-action.server";
import { resultOf } from "~/lib/action-result";
import { translate } from "~/http/responses.server";
import { libraryQuery } from "~/routes/library/library-query";
import { bookFilterOptions } from "~/routes/library/book-filter";
import { pageTitle } from "~/lib/meta";
import { useHrefWith } from "~/hooks/use-href-with";
import { useRootData } from "~/hooks/use-root-data";
import { listBooks, listBookTitles } from "~/models/book.server";
import { listLibraryStories } from "~/models/story.server";
import { listLibraryTopics } from "~/models/topic.server";

export const handle: HeaderHandle = { titleKey: "library.title", ownsToaster: true };

export const meta: Route.MetaFunction = ({ loaderData }) => pageTitle(loaderData?.title);

// The book filter lists the user's books by title; a few hundred is plenty for one family.
const FILTER_BOOKS = 300;

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const query = libraryQuery(new URL(args.request.url).searchParams);
  const userId = user.id;
  // At once: on PostgreSQL each is a round trip of its own, on the pool's connections.
  const [books, topics, stories, filterBooks, dialog] = await Promise.all([
    listBooks({ userId, search: query.books.search, limit: query.books.limit }),
    listLibraryTopics({ userId, search: query.topics.search, bookId: query.topics.bookId, limit: query.topics.limit }),
    listLibraryStories({
      userId,
      search: query.stories.search,
      bookId: query.stories.bookId,
      limit: query.stories.limit,
    }),
    listBookTitles({ userId, limit: FILTER_BOOKS }),
    bookDialogData(args.request, user),
  ]);
  return {
    title: translate(args.context, "library.title"),
    locale: getLocale(args.context),
    query,
    books: { ...books, books: books.books.map(bookCard) },
    topics,
    stories,
    bookOptions: bookFilterOptions(filterBooks),
    dialog,
  };
}

export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  return pageFormAction(args.request, { "create-book": bookForm("create-book", { user, context: args.context }) });
}

export default function Library({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const root = useRootData();
  const hrefWith = useHrefWith();
  const { query, books, topics, stories, bookOptions } = loaderData;
  return (
    <main id="main" className="page stack-lg library-page">
      <div className="section-header">
        <h1>{t("library.title")}</h1>
        <Link
          className="button button-primary"
          to={hrefWith({ dialog: "create-book", bookId: null, copy: null })}
          preventScrollReset
        >
          {t("library.createBook")}
        </Link>
      </div>
      <BooksSection query={query.books} result={books} />
      <TopicsSection query={query.topics} result={topics} bookOptions={bookOptions} />
      <StoriesSection query={query.stories} result={stories} bookOptions={bookOptions} />
      <BookDialogs dialog={loaderData.dialog} result={resultOf(actionData, "book")} locale={loaderData.locale} />
      <Toaster toast={actionData?.toast ?? root?.toast} />
    </main>
  );
}
