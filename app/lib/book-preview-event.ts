/**
 * The browser event the preview dispatches to steer the workspace (docs/product.md §2): `back-to-book` clears the
 * selected story and, with a topicId, opens that topic in story mode.
 */
export const BOOK_PREVIEW_EVENT = "book-preview-action";
export type BookPreviewActionDetail = { action: "back-to-book"; topicId?: number };
