import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigation, useNavigationType, useSearchParams } from "react-router";
import { hydratingServerPage } from "~/hooks/use-page-hydration";
import { asksForEditor, firstField, opensEditor } from "./editor-focus";

/**
 * Whether the editor's first field carries `autofocus`: only in the page the server renders for a deep link and its
 * hydration, so that without JavaScript too the browser scrolls the editor into view and puts the focus there. Never
 * in a render after that: after a save the focus goes back to the editor's heading (useFocusRecovery), and an editor
 * reached by a link, from this page or another, is useEditorFocusOnOpen's. (React focuses an `autofocus` field as it
 * mounts it; on a page reached by a link, the router then put the page back at its top, the field out of sight.)
 */
export function useEditorAutoFocus(): boolean {
  const [params] = useSearchParams();
  // A ref, not state: turning it off must not render the page again, which would hydrate every panel at once (ADR 17).
  const arriving = useRef(hydratingServerPage());
  useEffect(() => {
    arriving.current = false;
  }, []);
  return arriving.current && asksForEditor(params);
}

/**
 * Scrolls the page so that the editor's card starts below the sticky header, unless it already shows in the upper
 * half of the screen there. `fromTop`: the page was just reached from another one, and is judged at its top, where a
 * new page starts (EditorLink kept the router from putting it there, as it would after this).
 */
function scrollEditorIntoView(editor: HTMLElement, fromTop: boolean) {
  const header = document.querySelector(".site-header")?.getBoundingClientRect().bottom ?? 0;
  const from = fromTop ? 0 : window.scrollY;
  const cardTop = editor.getBoundingClientRect().top + window.scrollY;
  const top = cardTop - from;
  const shows = top >= header && top <= header + (window.innerHeight - header) / 2;
  const target = shows ? from : cardTop - header - 8;
  if (Math.abs(target - window.scrollY) >= 1) window.scrollTo({ top: target });
}

/**
 * On a phone the editor's card is far below the contents: a tap on "Add story", an interview question, a story or a
 * topic's menu, in the workspace or on another page (Home, the topic page, the library), used to leave the reader on
 * the book's header. Once such a navigation has rendered the editor, the card comes into view and its first field gets
 * the focus, on every screen size. A save is left to useFocusRecovery; the page the server sent, to `autofocus`
 * (useEditorAutoFocus); the way back or forward, to the router, which puts the page back where it was.
 */
export function useEditorFocusOnOpen() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const { state } = useNavigation();
  const previous = useRef<string | null>(null);
  const submitted = useRef(false);
  // The workspace was mounted by a navigation in the browser, not hydrated from the server's page.
  const reachedByLink = useRef(!hydratingServerPage());

  // Before the browser paints the page that navigation rendered: neither the top of the book nor the previous page's
  // place shows for a frame first. The router leaves the scroll as it is after this (EditorLink).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation, reading the address it reached
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = location.search;
    const wasSubmission = submitted.current;
    submitted.current = false;
    if (wasSubmission || navigationType === "POP") return;
    const next = new URLSearchParams(location.search);
    const arrived = before === null;
    const opened = arrived
      ? reachedByLink.current && asksForEditor(next)
      : opensEditor(new URLSearchParams(before), next);
    if (!opened) return;
    const editor = document.querySelector<HTMLElement>(".workspace-editor");
    if (!editor) return;
    const show = () => {
      const field = firstField(editor);
      if (!field) return false;
      editor.scrollTop = 0;
      scrollEditorIntoView(editor, arrived);
      field.focus({ preventScroll: true });
      return true;
    };
    if (show()) return;
    // The editor's content is a Suspense boundary: it may show a moment after the navigation.
    const observer = new MutationObserver(() => show() && observer.disconnect());
    observer.observe(editor, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [location.key]);

  // After the layout effect above, which reads it: a post (a save) led to this navigation.
  useEffect(() => {
    if (state === "submitting") submitted.current = true;
    else if (state === "idle") submitted.current = false;
  }, [state]);
}
