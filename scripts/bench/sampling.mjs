// What the bench's heavy parts (the printed book, the weekly mail) sample while they run: the server's memory and
// /healthz, as another user would meet it.
import { readMemory } from "./processes.mjs";

/** The `p`th percentile of `values` (nearest rank), or null for none. */
export const percentile = (values, p) => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/**
 * While `work` runs: the server's VmRSS every 50 ms, and GET /healthz one after another, each started 50 ms after the
 * previous one started (or at once when it took longer), as another user's requests would come.
 */
export async function sampleDuring(origin, pid, work, what = "the work") {
  const rss = [];
  const healthz = [];
  let done = false;
  const memory = setInterval(() => {
    try {
      rss.push(readMemory(pid).rssMb);
    } catch {
      // the process is gone; the work reports the failure
    }
  }, 50);
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      let ok = false;
      try {
        const response = await fetch(new URL("/healthz", origin), { signal: AbortSignal.timeout(30_000) });
        await response.arrayBuffer();
        ok = response.status === 200;
      } catch {
        // refused or reset: a failure, counted below; the work says why
      }
      const ms = performance.now() - started;
      healthz.push({ ms, ok });
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 50 - ms)));
    }
  })();
  try {
    return { result: await work(), rss, healthz };
  } catch (error) {
    throw new Error(`${what} failed: ${error.cause?.message ?? error.message}`);
  } finally {
    done = true;
    clearInterval(memory);
    await probe;
  }
}
