import { type FormEvent, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { SoftPicture } from "~/routes/printed-book/keepsake/keepsake-task";
import type { KeepsakeProgressData } from "./keepsake-progress";

/** What the keepsake page's loader says of a keepsake (keepsake-page.tsx), which the dialog reads too. */
export type KeepsakePageState =
  | ({ status: "preparing" } & KeepsakeProgressData)
  | { status: "ready"; href: string; softPictures: SoftPicture[] }
  | { status: "failed"; message: string };

/** How often the dialog asks again while the book is being prepared. */
const POLL_MS = 2000;

/**
 * A keepsake's download from a dialog, with JavaScript (issue 38): the form's GET to the keepsake page is read by a
 * fetcher instead of opened, and read again every two seconds while the book is being prepared, so that the dialog
 * shows how far it got; once it is ready the browser is sent to the file, which it saves, and the page stays.
 */
export function useKeepsakeDownload() {
  const fetcher = useFetcher<{ state: KeepsakePageState }>();
  const [url, setUrl] = useState<string | null>(null);
  const saved = useRef<string | null>(null);
  const state = url ? (fetcher.data?.state ?? null) : null;

  useEffect(() => {
    if (!url || fetcher.state !== "idle" || !state) return;
    if (state.status === "preparing") {
      const timer = setTimeout(() => void fetcher.load(url), POLL_MS);
      return () => clearTimeout(timer);
    }
    if (state.status === "ready" && saved.current !== url) {
      saved.current = url;
      window.location.assign(state.href);
    }
  }, [url, fetcher, state]);

  const busy = url !== null && (state === null || state.status === "preparing");
  const start = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const query = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
    // Read as the page's refresh reads it: the loader answers with the state, never a redirect to the file.
    query.set("poll", "1");
    const next = `${new URL(form.action).pathname}?${query}`;
    saved.current = null;
    setUrl(next);
    void fetcher.load(next);
  };
  return { start, state, busy };
}
