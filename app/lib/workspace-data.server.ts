import type { Book, User } from "~db/schema";
import { listBookStories } from "~/models/story.server";
import { listBookTopics } from "~/models/topic.server";
import { bookDialogData } from "./book-dialogs.server";
import { listShares } from "~/models/share.server";
import { readCookie } from "./signed-cookie.server";
import { storyEditorData, topicEditorData } from "./story-editor.server";
import { currentBookPreview } from "./previews.server";
import { LAYOUT_COOKIE, parseLayout } from "./workspace-layout";
import { lenientNumbers, WORKSPACE_NUMBERS } from "./query-params";

/** The preview panel's URL state (SPEC §2): its tab, and which topic's page of the preview is shown. */
function previewState(params: URLSearchParams, user: User, book: Book) {
  const tab = params.get("ptab") === "book" ? ("book" as const) : ("topic" as const);
  const numbers = lenientNumbers(params, WORKSPACE_NUMBERS);
  const page = numbers.ppage;
  const topicId = numbers.ptopic ?? null;
  // The book's text only on its tab, and only from the cache: generating is the user's choice.
  return { tab, page, topicId, book: tab === "book" ? currentBookPreview({ bookId: book.id, userId: user.id }) : null };
}

/**
 * Everything the workspace shows besides the book itself, in a fixed number of queries whatever the
 * size of the book (a test counts them): the contents, the previews, the layout and what the URL
 * opens in the editor or a dialog.
 */
export function workspaceData(request: Request, user: User, book: Book) {
  // One read of the topics serves the contents, the preview panel and the editor's default topic.
  const topics = listBookTopics({ bookId: book.id, includeArchived: true });
  const first = topics.find((topic) => !topic.archived) ?? null;
  return {
    topics,
    stories: listBookStories({ bookId: book.id, userId: user.id }),
    layout: parseLayout(readCookie(request.headers.get("Cookie"), LAYOUT_COOKIE)),
    dialog: bookDialogData(request, user, book.id),
    editor: storyEditorData(request, user, book.id, first),
    topicEditor: topicEditorData(request, user, book.id),
    preview: previewState(new URL(request.url).searchParams, user, book),
    // The share dialog (?dialog=share) lists the book's links.
    shares: new URL(request.url).searchParams.get("dialog") === "share" ? listShares({ bookId: book.id, userId: user.id }) : null,
  };
}
