import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { watchEventLoop, workOf } from "./event-loop-watch.server";

const turn = () => new Promise((resolve) => setTimeout(resolve, 60));

/** Keeps this thread busy with real work (no sleeping) for about `ms` of its CPU time. */
function work(ms: number) {
  const start = process.threadCpuUsage();
  let x = 0;
  for (;;) {
    for (let i = 0; i < 10_000; i++) x += Math.sqrt(i);
    const used = process.threadCpuUsage(start);
    if ((used.user + used.system) / 1000 >= ms) return x;
  }
}

describe("watchEventLoop", () => {
  it("warns when the thread's own work holds the loop past the budget, naming how long", async () => {
    const lines: string[] = [];
    const stop = watchEventLoop({ budgetMs: 150, warn: (line) => lines.push(line) });
    await turn();
    work(300);
    await turn();
    stop();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Event loop held for \d+ ms \(\d+ ms of its own work, \d+ ms on the clock\)/);
    expect(workOf(lines[0]!)).toBeGreaterThanOrEqual(300);
  });

  it("stays quiet for work done in short stretches", async () => {
    const lines: string[] = [];
    const stop = watchEventLoop({ budgetMs: 150, warn: (line) => lines.push(line) });
    for (let i = 0; i < 10; i++) {
      work(20);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await turn();
    stop();
    expect(lines).toEqual([]);
  });

  // Linux tells how long a thread waited for a CPU; elsewhere the CPU time stands in and a wait is not seen.
  it.runIf(fs.existsSync("/proc/thread-self/schedstat"))(
    "counts a synchronous wait (the disk) as holding the loop, but not as work",
    async () => {
      const lines: string[] = [];
      const stop = watchEventLoop({ budgetMs: 150, warn: (line) => lines.push(line) });
      await turn();
      // A thread blocked in Atomics.wait sleeps, as one waiting for a synchronous read does: no CPU time.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
      await turn();
      stop();
      expect(lines).toHaveLength(1);
      expect(workOf(lines[0]!)).toBeLessThan(100);
    },
  );
});
