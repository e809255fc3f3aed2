import { useEffect, useRef } from "react";
import { useLocation, useNavigation, useSearchParams } from "react-router";
import { asksForEditor, firstField, opensEditor } from "./editor-focus";

/**
 * Whether the editor's first field carries `autofocus`: only in the page the server renders for a deep link (and
 * its hydration), so that without JavaScript too the browser scrolls the editor into view and puts the focus there.
 * Never in a later render: after a save the focus goes back to the editor's heading (useFocusRecovery), and links
 * opened in the page are useEditorFocusOnOpen's.
 */
export function useEditorAutoFocus(): boolean {
  const [params] = useSearchParams();
  // A ref, not state: turning it off must not render the page again, which would hydrate every panel at once (ADR 17).
  const arriving = useRef(true);
  useEffect(() => {
    arriving.current = false;
  }, []);
  return arriving.current && asksForEditor(params);
}

/** Scrolls the page so that the editor's card starts below the sticky header, unless it already shows there. */
function scrollEditorIntoView(editor: HTMLElement) {
  const header = document.querySelector(".site-header")?.getBoundingClientRect().bottom ?? 0;
  const { top } = editor.getBoundingClientRect();
  if (top >= header && top <= header + (window.innerHeight - header) / 2) return;
  window.scrollTo({ top: window.scrollY + top - header - 8 });
}

/**
 * On a phone the editor's card is far below the contents: a tap on "Add story", an interview question, a story or a
 * topic's menu used to leave the reader on the book's header. Once such a navigation has rendered the editor, the card
 * comes into view and its first field gets the focus, on every screen size. A save is left to useFocusRecovery.
 */
export function useEditorFocusOnOpen() {
  const location = useLocation();
  const { state } = useNavigation();
  const previous = useRef<string | null>(null);
  const submitted = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation, reading the address it reached
  useEffect(() => {
    const before = previous.current;
    previous.current = location.search;
    const wasSubmission = submitted.current;
    submitted.current = false;
    if (before === null || wasSubmission) return;
    if (!opensEditor(new URLSearchParams(before), new URLSearchParams(location.search))) return;
    const editor = document.querySelector<HTMLElement>(".workspace-editor");
    if (!editor) return;
    const show = () => {
      const field = firstField(editor);
      if (!field) return false;
      editor.scrollTop = 0;
      scrollEditorIntoView(editor);
      field.focus({ preventScroll: true });
      return true;
    };
    if (show()) return;
    // The editor's content is a Suspense boundary: it may show a moment after the navigation.
    const observer = new MutationObserver(() => show() && observer.disconnect());
    observer.observe(editor, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [location.key]);

  // After the effect above, which reads it: a post (a save) led to this navigation.
  useEffect(() => {
    if (state === "submitting") submitted.current = true;
    else if (state === "idle") submitted.current = false;
  }, [state]);
}
