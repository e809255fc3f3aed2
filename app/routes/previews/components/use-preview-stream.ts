import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { showToast } from "~/lib/client-toast";

/** The workspace keeps its busy state this long after a generation starts (docs/product.md §4, §9). */
const PREVIEW_BUSY_MS = 5000;

type StreamEvent = { text?: string; done?: boolean; error?: string; title?: string };

/**
 * Generates a preview through an /api preview endpoint, POST with `?stream=1` (a preview is saved, so it is
 * never asked for with GET: ADR 0022), showing the text as it is written, then refetches the page's data
 * (the saved topic preview, or the cached book preview), or does `then` instead (going to the address
 * that shows it).
 * A failure shows the server's message in the 'Lỗi tạo bản thảo' toast; nothing else changes.
 */
export function usePreviewStream() {
  const [text, setText] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const { revalidate } = useRevalidator();

  async function generate(url: string, then?: () => Promise<void> | void) {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setText("");
    const started = Date.now();
    try {
      const failure = await read(url, (piece) => setText((current) => (current ?? "") + piece));
      if (failure !== null)
        showToast({
          kind: "error",
          title: "preview.failed",
          ...(failure ? { text: failure } : { description: "preview.failedText" }),
        });
      else showToast({ kind: "success", title: "preview.generated" });
      await (then ? then() : revalidate());
    } finally {
      setText(null);
      running.current = false;
      setTimeout(() => setBusy(false), Math.max(0, PREVIEW_BUSY_MS - (Date.now() - started)));
    }
  }

  return { text, busy, generate };
}

/** Reads the event stream; resolves to the error message, or null when it finished. */
async function read(url: string, onText: (text: string) => void): Promise<string | null> {
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", headers: { Accept: "application/x-ndjson" } });
  } catch {
    return "";
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    return body?.message ?? "";
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
    // Ended without its closing event: the connection broke.
    if (done) return "";
    buffer += value;
    let newline: number;
    while ((newline = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      if (!line.trim()) continue;
      let event: StreamEvent;
      try {
        event = JSON.parse(line) as StreamEvent;
      } catch {
        // Not our stream (a proxy's error page, say): a failure like any other.
        return "";
      }
      if (event.text) onText(event.text);
      if (event.error !== undefined) return event.error;
      if (event.done) return null;
    }
  }
}
