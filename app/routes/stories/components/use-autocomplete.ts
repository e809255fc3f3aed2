import { useEffect, useRef, useState } from "react";
import { AUTOCOMPLETE_DEBOUNCE_MS, AUTOCOMPLETE_MIN_CHARS } from "~/lib/limits";

/**
 * Autocomplete for a textarea: after a pause in typing, asks /api/generate-autocomplete for how the
 * text could go on, while the caret is at the end. Tab adds the suggestion, Escape or typing drops it,
 * and a failure simply shows nothing. Tab keeps moving focus whenever there is no suggestion.
 */
export function useAutocomplete(textareaId: string, context: () => { title: string; topicId: number }) {
  const [suggestion, setSuggestion] = useState("");
  const latest = useRef(context);
  latest.current = context;

  useEffect(() => {
    const textarea = document.getElementById(textareaId) as HTMLTextAreaElement | null;
    if (!textarea) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let request: AbortController | undefined;
    const clear = () => {
      clearTimeout(timer);
      request?.abort();
      setSuggestion("");
    };
    const ask = async () => {
      const text = textarea.value;
      if (text.trim().length < AUTOCOMPLETE_MIN_CHARS || textarea.selectionEnd !== text.length) return;
      request = new AbortController();
      try {
        const response = await fetch("/api/generate-autocomplete", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ text, ...latest.current() }),
          signal: request.signal,
        });
        const body = response.ok ? ((await response.json()) as { completion?: string }) : null;
        // Still the same text, caret still at its end: otherwise the suggestion no longer fits.
        if (textarea.value === text && textarea.selectionEnd === text.length) setSuggestion(body?.completion ?? "");
      } catch {
        setSuggestion("");
      }
    };
    const onInput = () => {
      clear();
      timer = setTimeout(ask, AUTOCOMPLETE_DEBOUNCE_MS);
    };
    textarea.addEventListener("input", onInput);
    textarea.addEventListener("blur", clear);
    return () => {
      clear();
      textarea.removeEventListener("input", onInput);
      textarea.removeEventListener("blur", clear);
    };
  }, [textareaId]);

  useEffect(() => {
    const textarea = document.getElementById(textareaId) as HTMLTextAreaElement | null;
    if (!textarea || !suggestion) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        setSuggestion("");
      } else if (event.key === "Tab" && !event.shiftKey && textarea.selectionEnd === textarea.value.length) {
        event.preventDefault();
        textarea.value += suggestion;
        textarea.setSelectionRange(textarea.value.length, textarea.value.length);
        setSuggestion("");
      }
    };
    textarea.addEventListener("keydown", onKey);
    return () => textarea.removeEventListener("keydown", onKey);
  }, [textareaId, suggestion]);

  return suggestion;
}
