import { useEffect, useRef, useState } from "react";
import { createAutosaver, type Autosaver, type AutosaveStatus, type SaveValue } from "~/routes/topics/autosave";

type Options = { saved: string; save: SaveValue; onError: () => void };

/**
 * The debounced autosave of app/routes/topics/autosave.ts for a component: `change(value)` on every edit and
 * a `status` for the saving indicator. An edit still waiting when the component unmounts (another
 * topic was opened, the editor was closed) or when the page is hidden is sent at once with
 * keepalive, so it is not lost.
 */
export function useAutosave({ saved, save, onError }: Options): {
  status: AutosaveStatus;
  change: (value: string) => void;
} {
  const [status, setStatus] = useState<AutosaveStatus>("idle");
  // The latest callbacks, read when a request runs, so the saver is created once per mount.
  const callbacks = useRef({ save, onError });
  useEffect(() => {
    callbacks.current = { save, onError };
  });
  const saver = useRef<Autosaver | null>(null);
  saver.current ??= createAutosaver({
    saved,
    save: (value, options) => callbacks.current.save(value, options),
    onError: () => callbacks.current.onError(),
    onStatus: setStatus,
  });

  useEffect(() => {
    const current = saver.current!;
    const onHide = () => void current.flush({ keepalive: true });
    window.addEventListener("pagehide", onHide);
    return () => {
      window.removeEventListener("pagehide", onHide);
      void current.flush({ keepalive: true });
    };
  }, []);

  return { status, change: (value) => saver.current!.change(value) };
}
