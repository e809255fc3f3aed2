import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { BOOK_PREVIEW_EVENT, type BookPreviewActionDetail } from "~/lib/book-preview-event";

// The deep-link parameters that choose what the editor opens (docs/product.md §2).
export const EDITOR_PARAMS = ["openEditor", "open", "topicId", "storyId", "questionId", "tab"];
// URL-state dialogs still need theirs: leave such an address alone.
export const DIALOG_PARAMS = ["dialog", "confirmDelete", "addQuestion", "deleteMedia"];

/**
 * Once the editor has opened what a deep link asked for, the parameters leave the address bar
 * (docs/product.md §2), so a reload or a copied address shows the book itself. The router keeps its own copy,
 * so its forms and revalidations still see the editor that is open.
 */
export function useEditorParamsRemoved() {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after every navigation, reading the address itself
  useEffect(() => {
    const url = new URL(window.location.href);
    if (DIALOG_PARAMS.some((key) => url.searchParams.has(key))) return;
    const present = EDITOR_PARAMS.filter((key) => url.searchParams.has(key));
    if (present.length === 0) return;
    for (const key of present) url.searchParams.delete(key);
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  }, [location]);
}

/** The preview's `book-preview-action` event: back to the book, on a topic in story mode when it names one. */
export function useBookPreviewAction(bookId: number) {
  const navigate = useNavigate();
  useEffect(() => {
    const onAction = (event: Event) => {
      const detail = (event as CustomEvent<BookPreviewActionDetail | undefined>).detail;
      if (detail?.action !== "back-to-book") return;
      const topicId = Number(detail.topicId);
      void navigate(topicId > 0 ? `/books/${bookId}?openEditor=story&topicId=${topicId}` : `/books/${bookId}`, {
        preventScrollReset: true,
      });
    };
    window.addEventListener(BOOK_PREVIEW_EVENT, onAction);
    return () => window.removeEventListener(BOOK_PREVIEW_EVENT, onAction);
  }, [bookId, navigate]);
}
