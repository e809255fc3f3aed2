export type AutosaveStatus = "idle" | "saving" | "saved" | "failed";

/** Sends one value to the server; `keepalive` is set when the page is going away, so the request outlives it. */
export type SaveValue = (value: string, options: { keepalive: boolean }) => Promise<void>;

/** docs/product.md §4 and §9: preview text auto-saves 1000 ms after the last change. */
export const AUTOSAVE_DELAY_MS = 1000;

export type Autosaver = {
  /** Call on every edit: the value is sent once no edit has come for the delay. */
  change(value: string): void;
  /** Sends a waiting edit now (e.g. the page is going away). Resolves when every request has settled. */
  flush(options?: { keepalive?: boolean }): Promise<void>;
};

type Options = {
  /** What the server has now. */
  saved: string;
  save: SaveValue;
  onStatus: (status: AutosaveStatus) => void;
  onError: () => void;
  delayMs?: number;
};

/**
 * Debounced autosave of one text value, without React so it can be tested with fake timers. An edit
 * is sent only when it differs from what the server has or is about to have, and requests run one at
 * a time, in order, so an older text never overwrites a newer one. After a failure the server's last
 * confirmed value counts as saved again, so the next edit or flush retries; the caller's text is
 * never touched.
 */
export function createAutosaver({ saved, save, onStatus, onError, delayMs = AUTOSAVE_DELAY_MS }: Options): Autosaver {
  let pending: string | null = null;
  let queued = saved;
  let confirmed = saved;
  let inFlight = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let chain = Promise.resolve();

  function flush({ keepalive = false } = {}): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const value = pending;
    pending = null;
    if (value === null || value === queued) return chain;
    queued = value;
    inFlight += 1;
    onStatus("saving");
    chain = chain.then(async () => {
      let ok = true;
      try {
        await save(value, { keepalive });
        confirmed = value;
      } catch {
        ok = false;
        if (queued === value) queued = confirmed;
      }
      inFlight -= 1;
      // Only the last request decides what the indicator says; a newer edit is already on its way.
      if (inFlight === 0 && pending === null) onStatus(ok ? "saved" : "failed");
      if (!ok) onError();
    });
    return chain;
  }

  return {
    change(value) {
      pending = value;
      clearTimeout(timer);
      timer = setTimeout(() => void flush(), delayMs);
    },
    flush,
  };
}
