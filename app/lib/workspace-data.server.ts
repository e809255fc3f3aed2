import type { Book, User } from "~db/schema";
import { listBookStories } from "~/models/story.server";
import { listBookTopics, listTopicPreviews } from "~/models/topic.server";
import { bookDialogData } from "./book-dialogs.server";
import { readCookie } from "./signed-cookie.server";
import { storyEditorData, topicEditorData } from "./story-editor.server";
import { LAYOUT_COOKIE, parseLayout } from "./workspace-layout";

/**
 * Everything the workspace shows besides the book itself, in a fixed number of queries whatever the
 * size of the book (a test counts them): the contents, the previews, the layout and what the URL
 * opens in the editor or a dialog.
 */
export function workspaceData(request: Request, user: User, book: Book) {
  return {
    topics: listBookTopics({ bookId: book.id, includeArchived: true }),
    stories: listBookStories({ bookId: book.id, userId: user.id }),
    previews: listTopicPreviews({ bookId: book.id }),
    layout: parseLayout(readCookie(request.headers.get("Cookie"), LAYOUT_COOKIE)),
    dialog: bookDialogData(request, user, book.id),
    editor: storyEditorData(request, user, book.id),
    topicEditor: topicEditorData(request, user, book.id),
  };
}
