import { useSyncExternalStore } from "react";
import { NARROW_QUERY } from "~/routes/workspace/workspace-layout";

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
};

/** Below 768 px (docs/product.md §9); false on the server, where CSS alone does the stacking. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW_QUERY).matches,
    () => false,
  );
}
