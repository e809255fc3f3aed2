/**
 * Runs `callback` once the browser is idle (at once where it cannot say), and returns what cancels it: for work a
 * page wants soon but must not let delay its first render or its first tap.
 */
export function whenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback !== "function") {
    const timer = window.setTimeout(callback, 0);
    return () => window.clearTimeout(timer);
  }
  const idle = requestIdleCallback(callback);
  return () => cancelIdleCallback(idle);
}
