import { data } from "react-router";
import { useWorkspaceOutlet } from "~/hooks/use-workspace-outlet";
import type { Route } from "./+types/suggest-topics";
import { SuggestTopicsDialog } from "~/routes/workspace/components/suggest-topics-dialog";
import { Toaster } from "~/components/ui/toaster";
import type { Toast } from "~/lib/toast";
import { requireUser } from "~/http/auth.server";
import { pageNotFound, paramId, translate } from "~/http/responses.server";
import { resultOf } from "~/lib/action-result";
import { initialSuggestions, runSuggestIntent } from "~/routes/workspace/suggest-topics.server";
import { SUGGEST_FORM_MAX_BYTES } from "~/http/body-caps";
import { pageFormBody } from "~/http/form-body.server";
import { startedByAnotherSite } from "~/http/writing-get.server";
import { getBook } from "~/models/book.server";

/**
 * /books/{id}/suggest-topics: the suggest-topics dialog over the workspace. It opens after a book is
 * created or copied (`?copy=1`) and from the workspace; saving or closing goes to the book.
 */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const book = await getBook({ bookId: paramId(args.params.bookId), userId: user.id });
  if (!book) throw pageNotFound(args.context, "books.notFoundTitle");
  const isCopy = new URL(args.request.url).searchParams.get("copy") === "1";
  // Suggesting asks the AI provider, which may cost money: a link on another site does not get to (ADR 0022).
  // The dialog opens empty and says why; its Regenerate button is a form of our own.
  if (startedByAnotherSite(args.request)) {
    const toast: Toast = { kind: "error", title: "errors.title", description: "errors.crossSite" };
    return data({ book: { id: book.id, title: book.title }, suggestions: [], toast, isCopy }, { status: 403 });
  }
  const { suggestions, toast } = await initialSuggestions(book, args.request.signal);
  return { book: { id: book.id, title: book.title }, suggestions, toast, isCopy };
}

/** Three intents: regenerate, edit:<op> (list edits without JavaScript) and save. */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const book = await getBook({ bookId: paramId(args.params.bookId), userId: user.id });
  if (!book) throw pageNotFound(args.context, "books.notFoundTitle");
  // A body too large or unreadable: the dialog stays as it was loaded, with the reason in a toast.
  return pageFormBody(args.request, { maxBytes: SUGGEST_FORM_MAX_BYTES }, ({ form }) =>
    runSuggestIntent({
      intent: String(form.get("intent") ?? ""),
      form,
      book,
      userId: user.id,
      newTopicTitle: translate(args.context, "suggest.newTopicTitle"),
      doneHref: `/books/${book.id}`,
      isCopy: form.get("copy") === "1",
      signal: args.request.signal,
    }),
  );
}

/** What the workspace hands its child: its own toast, since the child renders the page's one toast region. */
export default function SuggestTopicsRoute({ loaderData, actionData }: Route.ComponentProps) {
  const page = useWorkspaceOutlet();
  const toast = actionData?.toast ?? loaderData.toast ?? page.toast;
  const { book, isCopy } = loaderData;
  return (
    <>
      <SuggestTopicsDialog
        book={book}
        suggestions={actionData?.page ?? loaderData.suggestions}
        result={resultOf(actionData, "suggestTopics")}
        isCopy={isCopy}
        closeHref={isCopy ? "/books" : `/books/${book.id}`}
      />
      <Toaster toast={toast} />
    </>
  );
}
