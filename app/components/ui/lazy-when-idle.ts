import { type ComponentType, type LazyExoticComponent, lazy, useEffect } from "react";

// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own bound, which accepts a component of any props
type AnyComponent = ComponentType<any>;

const waiting = new Set<() => Promise<unknown>>();

/**
 * A component whose code is a chunk of its own, out of the scripts a page needs before it is interactive: the
 * workspace's dialogs and writing helpers, which a phone would otherwise download and parse before its first tap.
 * The chunk is fetched once the page is idle after hydrating (usePrefetchWhenIdle), so that a tap seldom waits for
 * it, or as soon as the component renders, whichever comes first. Render it inside a `<Suspense>` of its own: while
 * its chunk loads, the server's HTML stays in place and hydrates when it arrives. The server waits for every such part
 * before it sends a page (entry.server.tsx), so that a browser without JavaScript gets each one in place.
 */
export function lazyWhenIdle<C extends AnyComponent>(load: () => Promise<{ default: C }>): LazyExoticComponent<C> {
  let loading: Promise<{ default: C }> | null = null;
  const once = () => {
    // A fetch that failed (offline, or a new deployment replaced the chunk) is tried again on the next render.
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  waiting.add(once);
  return lazy(once);
}

/** Fetches every lazyWhenIdle chunk the page's modules declared, once the browser is idle after hydration. */
export function usePrefetchWhenIdle() {
  useEffect(() => {
    const fetchAll = () => {
      for (const load of waiting) load().catch(() => undefined);
    };
    if (typeof requestIdleCallback !== "function") {
      const timer = window.setTimeout(fetchAll, 0);
      return () => window.clearTimeout(timer);
    }
    const idle = requestIdleCallback(fetchAll);
    return () => cancelIdleCallback(idle);
  }, []);
}
