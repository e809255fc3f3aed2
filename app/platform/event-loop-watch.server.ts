import fs from "node:fs";

/** A turn of the event loop longer than this holds every other request up noticeably (ADR 0023). */
export const EVENT_LOOP_BUDGET_MS = 200;
export const BLOCKED_WARNING = "Event loop held";
const TICK_MS = 20;

/**
 * CPU time of this thread alone (not of worker threads or libuv's pool), in milliseconds; null where Node cannot tell.
 */
function threadCpuMs(): number | null {
  if (typeof process.threadCpuUsage !== "function") return null;
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
}

const SCHEDSTAT = "/proc/thread-self/schedstat";
/**
 * How long this thread has waited, ready to run, for the CPU another process had (Linux), in milliseconds; null
 * elsewhere.
 */
function runQueueMs(): number | null {
  try {
    const waited = Number(fs.readFileSync(SCHEDSTAT, "utf8").split(" ")[1]);
    return Number.isFinite(waited) ? waited / 1e6 : null;
  } catch {
    return null;
  }
}

type Sample = { clock: number; cpu: number | null; runQueue: number | null };
const sample = (): Sample => ({ clock: performance.now(), cpu: threadCpuMs(), runQueue: runQueueMs() });

/**
 * What one stretch between two ticks cost: on the clock, held by this thread (everything but waiting for a CPU), and
 * its own CPU work.
 */
export function stretch(from: Sample, to: Sample): { clock: number; held: number; work: number } {
  const clock = to.clock - from.clock;
  const work = to.cpu !== null && from.cpu !== null ? to.cpu - from.cpu : clock;
  const held = to.runQueue !== null && from.runQueue !== null ? clock - (to.runQueue - from.runQueue) : work;
  return { clock, held, work };
}

/** The "work" figure of a warning line (ms of this thread's CPU time), for tests that read the log. */
export function workOf(line: string): number | null {
  const match = /\((\d+) ms of its own work/.exec(line);
  return match ? Number(match[1]) : null;
}

/**
 * Logs each stretch in which the server held its own event loop for more than `budgetMs`, so that a
 * request doing heavy work on the main thread shows in the log, not only as other users' slow pages.
 * A timer ticks every 20 ms; between two ticks it takes the time on the clock minus the time the thread
 * waited for a CPU that other processes had (Linux's schedstat), which is its own work (CPU time, also
 * given) plus what it waited for synchronously (the disk). A machine busy with other processes stretches
 * the clock but neither figure, so a warning means the server, never the machine's load. Where Linux's
 * figure is missing the CPU time stands in for it, and where that is missing too, the clock.
 */
export function watchEventLoop({
  budgetMs = EVENT_LOOP_BUDGET_MS,
  warn = console.warn,
}: {
  budgetMs?: number;
  warn?: (line: string) => void;
} = {}): () => void {
  let last = sample();
  const timer = setInterval(() => {
    const now = sample();
    const { clock, held, work } = stretch(last, now);
    last = now;
    if (held - TICK_MS > budgetMs) {
      warn(
        `${BLOCKED_WARNING} for ${Math.round(held)} ms (${Math.round(work)} ms of its own work, ` +
          `${Math.round(clock)} ms on the clock): other requests waited.`,
      );
    }
  }, TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
