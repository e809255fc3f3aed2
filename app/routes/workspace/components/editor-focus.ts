import { DIALOG_PARAMS, EDITOR_PARAMS } from "./use-workspace-address";

// The parameters that ask for an editor; `topicId` and `tab` only qualify them.
const OPENING_PARAMS = ["openEditor", "open", "storyId", "questionId"];

/** The address asks the workspace to open an editor (docs/product.md §2), and no dialog is over it. */
export function asksForEditor(params: URLSearchParams): boolean {
  return OPENING_PARAMS.some((key) => params.has(key)) && !DIALOG_PARAMS.some((key) => params.has(key));
}

const editorPart = (params: URLSearchParams) =>
  EDITOR_PARAMS.map((key) => `${key}=${params.getAll(key).join(",")}`).join("&");

/**
 * Whether a navigation from `previous` to `next` (their query strings) opened an editor, which should then come into
 * view with the focus on its first field: one that changed what the editor shows ("Add story", a question, a story,
 * the topic's menu), or the same link followed again. Not a change beside the editor, which keeps the editor's
 * parameters (the Reorder mode and its end, a preview tab), nor the closing of a dialog, which gives the focus back
 * to what opened it.
 */
export function opensEditor(previous: URLSearchParams, next: URLSearchParams): boolean {
  if (!asksForEditor(next) || DIALOG_PARAMS.some((key) => previous.has(key))) return false;
  return editorPart(previous) !== editorPart(next) || previous.toString() === next.toString();
}

const TEXT_FIELDS =
  "input:not([type=hidden], [type=radio], [type=checkbox], [type=file], [disabled]), textarea:not([disabled])";
const shown = (element: Element) => element.getClientRects().length > 0;

/**
 * The editor's first field: its first text field on show, else the chosen tab of a new story's questions, else its
 * heading (a story or topic that could not be found). The same field the server marks `autofocus` when the page
 * itself is the deep link (book.tsx).
 */
export function firstField(editor: Element): HTMLElement | null {
  return (
    Array.from(editor.querySelectorAll<HTMLElement>(TEXT_FIELDS)).find(shown) ??
    Array.from(editor.querySelectorAll<HTMLElement>("input[type=radio]:checked")).find(shown) ??
    editor.querySelector<HTMLElement>("h2[tabindex='-1']")
  );
}
