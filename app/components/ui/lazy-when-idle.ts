import { type ComponentType, type LazyExoticComponent, lazy, useEffect } from "react";
import { whenIdle } from "~/lib/idle";
import { readSessionValue, writeSessionValue } from "~/lib/session-value";

// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own bound, which accepts a component of any props
type AnyComponent = ComponentType<any>;

/**
 * What a part becomes when its chunk cannot be fetched (offline, or a new deployment replaced the chunk) as it is
 * about to show: "nothing" for a helper the page works without; "reload" for a dialog the reader asked for, which
 * the server then renders whole, from the deployment it runs. A page reloads so once: if the chunk fails again, the
 * part waits, and the server's HTML of it stays on the page, working as it does without JavaScript.
 */
type Fallback = "nothing" | "reload";

const RELOADED = "heirloom:reloaded-for-chunk";

/** Reloads the page, unless it was reloaded for a chunk already at this address. */
function reloadOnce(): boolean {
  // Where the store refuses, a reload could not know it had happened: none, rather than one after another.
  if (readSessionValue(RELOADED) === location.href || !writeSessionValue(RELOADED, location.href)) return false;
  window.location.reload();
  return true;
}

const waiting = new Set<() => Promise<unknown>>();

const Nothing = () => null;

/**
 * A component whose code is a chunk of its own, out of the scripts a page needs before it is interactive: the
 * workspace's dialogs and writing helpers, which a phone would otherwise download and parse before its first tap.
 * The chunk is fetched once the page is idle after hydrating (usePrefetchWhenIdle), so that a tap seldom waits for
 * it, or as soon as the component renders, whichever comes first. Render it inside a `<Suspense>` of its own: while
 * its chunk loads, the server's HTML stays in place and hydrates when it arrives. The server waits for every such part
 * before it sends a page (entry.server.tsx), so that a browser without JavaScript gets each one in place.
 */
export function lazyWhenIdle<C extends AnyComponent>(
  load: () => Promise<{ default: C }>,
  fallback: Fallback,
): LazyExoticComponent<C> {
  let loading: Promise<{ default: C }> | null = null;
  const once = () => {
    // A prefetch that failed is tried again when the part first renders.
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  waiting.add(once);
  return lazy(() =>
    once().catch((): Promise<{ default: C }> => {
      if (fallback === "nothing") return Promise.resolve({ default: Nothing as unknown as C });
      reloadOnce();
      // The page is going, or the server's HTML stays: either way nothing replaces it.
      return new Promise(() => {});
    }),
  );
}

/** Fetches every lazyWhenIdle chunk the page's modules declared, once the browser is idle after hydration. */
export function usePrefetchWhenIdle() {
  useEffect(
    () =>
      whenIdle(() => {
        for (const load of waiting) load().catch(() => undefined);
      }),
    [],
  );
}
