import type { Book, User } from "~db/schema";
import { listBookStories } from "~/models/story.server";
import { listWorkspaceTopics, topicPreviewText } from "~/models/topic.server";
import { bookDialogData } from "../books/book-dialogs.server";
import { listShares } from "~/models/share.server";
import { listNewAnswers } from "~/models/new-answers.server";
import type { Toast } from "~/lib/toast";
import { storytellerDialogData } from "../storyteller/storyteller-dialog.server";
import { pdfDialogData } from "../printed-book/pdf-dialog.server";
import { readCookie } from "~/http/signed-cookie.server";
import { storyEditorData, topicEditorData } from "../stories/story-editor.server";
import { currentBookPreview } from "../previews/previews.server";
import {
  BOOK_PARAGRAPHS_PER_PAGE,
  previewPage,
  TOPIC_BLOCKS_PER_PAGE,
  type PreviewPage,
} from "~/routes/previews/preview-blocks";
import { LAYOUT_COOKIE, parseLayout } from "~/routes/workspace/workspace-layout";
import { lenientNumbers, WORKSPACE_NUMBERS } from "~/lib/query-params";

type PreviewTopic = { id: number; hasPreview: boolean; storyCount: number };

/**
 * The topic the preview's topic tab opens when the address names none (docs/product.md §2): the first with a draft
 * narrative to read, else the first with stories to make one from, else the first. A phone shows one topic open, and
 * an empty one first said nothing.
 */
function firstWithContent(active: PreviewTopic[]): number | null {
  const first =
    active.find((topic) => topic.hasPreview) ?? active.find((topic) => topic.storyCount > 0) ?? active[0] ?? null;
  return first?.id ?? null;
}

/**
 * The preview panel's URL state (docs/product.md §2): its tab, which topic is open and which page of it is shown.
 * Only that page leaves the server, never a whole preview (ADR 0023): a book's preview, or a topic's
 * draft, can be as long as the book.
 */
async function previewState(params: URLSearchParams, user: User, book: Book, active: PreviewTopic[]) {
  const tab = params.get("ptab") === "book" ? ("book" as const) : ("topic" as const);
  const numbers = lenientNumbers(params, WORKSPACE_NUMBERS);
  const page = numbers.ppage;
  const asked = numbers.ptopic ?? null;
  const open = asked !== null && active.some((topic) => topic.id === asked) ? asked : firstWithContent(active);
  const openText = tab === "topic" && open !== null ? await topicPreviewText({ topicId: open, bookId: book.id }) : null;
  // The book's text only on its tab, and only from the cache: generating is the user's choice.
  const bookText = tab === "book" ? await currentBookPreview({ bookId: book.id, userId: user.id }) : null;
  const topicPage: PreviewPage | null = openText?.trim()
    ? previewPage(openText, TOPIC_BLOCKS_PER_PAGE, asked === open ? page : 1)
    : null;
  const bookPage: PreviewPage | null = bookText?.trim() ? previewPage(bookText, BOOK_PARAGRAPHS_PER_PAGE, page) : null;
  return { tab, page, openTopicId: open, topicPage, book: bookPage };
}

/**
 * Everything the workspace shows besides the book itself, in a fixed number of queries whatever the
 * size of the book (a test counts them), and in a page whose size does not grow with the length of its
 * texts (another test measures it): the contents, a page of the preview, the layout and what the URL
 * opens in the editor or a dialog. `flash` is the toast the last redirect left: a storyteller's link just made.
 */
export async function workspaceData(request: Request, user: User, book: Book, flash: Toast | null = null) {
  // One read of the topics serves the contents, the preview panel and the editor's default topic.
  const topics = await listWorkspaceTopics({ bookId: book.id });
  const first = topics.find((topic) => !topic.archived) ?? null;
  const params = new URL(request.url).searchParams;
  return {
    topics,
    stories: await listBookStories({ bookId: book.id, userId: user.id }),
    layout: parseLayout(readCookie(request.headers.get("Cookie"), LAYOUT_COOKIE)),
    dialog: await bookDialogData(request, user, book.id),
    editor: await storyEditorData(request, user, book, first),
    topicEditor: await topicEditorData(request, user, book.id),
    preview: await previewState(
      params,
      user,
      book,
      topics.filter((topic) => !topic.archived),
    ),
    // The share dialog (?dialog=share) lists the book's links.
    shares: params.get("dialog") === "share" ? await listShares({ bookId: book.id, userId: user.id }) : null,
    // Invite the storyteller (?dialog=storyteller), opened from the share dialog.
    storyteller: await storytellerDialogData(request, user, book, topics, flash),
    // "Download the book" (?dialog=pdf): its page sizes, and whether the book will carry voice codes.
    pdf: await pdfDialogData(request, user, book),
    // "3 new answers from Bà Lan": what her link brought that the family has not completed yet.
    newAnswers: await listNewAnswers({ userId: user.id, bookId: book.id }),
  };
}
