import { useEffect } from "react";

// Set once, by the root's first effect: React has hydrated the page the server sent.
let hydrated = false;

/** The root's: notes that the page the server sent has hydrated. */
export function useMarkPageHydrated() {
  useEffect(() => {
    hydrated = true;
  }, []);
}

/**
 * Whether React is hydrating the page the server sent, rather than rendering one reached by a link in the browser
 * (a client-side navigation). Meant for a route's shell: a Suspense boundary hydrated later is past this point.
 */
export function hydratingServerPage(): boolean {
  return !hydrated;
}
