import { describe, expect, it } from "vitest";
import { keepsakeJob, startKeepsakeJob } from "./keepsake-jobs.server";

// The keepsakes' queue (issue 38, ADR 0043): one job per keepsake however many ask, a few layouts at once, and the
// queued taken fairly: the user with fewest running first, then the smaller book; a small book never queues.

/** A job whose work runs until the test ends it. */
function job(target: string, userId: number, estimate: number) {
  let end!: () => void;
  let runs = 0;
  const started = startKeepsakeJob({
    target,
    userId,
    estimate,
    work: () => {
      runs++;
      return new Promise<void>((resolve) => (end = resolve));
    },
  });
  return {
    job: started,
    runs: () => runs,
    end: async () => {
      end();
      await started.done;
    },
  };
}

describe("the keepsakes' queue", () => {
  it("makes a keepsake once however many ask for it, and forgets it once it is made", async () => {
    const first = job("pdf:1:6x9", 1, 50);
    const again = startKeepsakeJob({ target: "pdf:1:6x9", userId: 2, estimate: 50, work: async () => undefined });
    expect(again).toBe(first.job);
    expect(keepsakeJob("pdf:1:6x9")).toBe(first.job);
    expect(first.runs()).toBe(1);
    expect(first.job.progress).toEqual({ page: 0, pages: 50, counted: false });
    await first.end();
    expect(keepsakeJob("pdf:1:6x9")).toBeUndefined();
  });

  it("runs a few large books at once, starts a small one at once, and takes the queued fairly", async () => {
    // Large books of user 1 until one has to wait: the slots are full.
    const running: ReturnType<typeof job>[] = [];
    let waiting: ReturnType<typeof job> | null = null;
    for (let i = 0; !waiting; i++) {
      const next = job(`pdf:${100 + i}:6x9`, 1, 2000);
      if (next.job.started) running.push(next);
      else waiting = next;
    }
    expect(running.length).toBeGreaterThanOrEqual(1);
    // A small book starts at once, past the slots.
    const small = job("pdf:200:6x9", 1, 40);
    expect(small.job.started).toBe(true);
    // Queued after user 1's: a larger book of user 2, and a smaller one of user 1.
    const other = job("pdf:300:6x9", 2, 5000);
    const smaller = job("pdf:301:6x9", 1, 1000);
    expect([other.job.started, smaller.job.started]).toEqual([false, false]);
    // A slot frees: user 2, with nothing running, goes first, though its book is the largest and asked last but one.
    await running[0]!.end();
    expect(other.job.started).toBe(true);
    expect([waiting.job.started, smaller.job.started]).toEqual([false, false]);
    // Next, between user 1's two, the smaller book, though it asked after the other.
    await (running[1] ?? other).end();
    expect(smaller.job.started).toBe(true);
    expect(waiting.job.started).toBe(false);
    const rest = [...running.slice(1), other, smaller, small].filter((entry) => entry.job.started);
    for (const entry of rest) await entry.end();
    expect(waiting.job.started).toBe(true);
    await waiting.end();
  });
});
