import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain-JavaScript bench module without types
import { capacity } from "../../scripts/bench/capacity.mjs";

// docs/operations.md's Capacity (what one app server serves) is this arithmetic over the engines bench's figures.
describe("the bench's capacity per app server", () => {
  it("turns CPU time per request into people writing at once and families, at 70% of one core", () => {
    const run = (cpuMsPerRequest: number) => ({ cpuMsPerRequest });
    const result = capacity({ books: run(5), workspace: run(5), save: run(2.5) });
    // A save every 10 s (0.25 ms a second) and a page a minute (5/60 ms a second): 1/3 ms a second a writer.
    expect(result.writerMsPerSecond).toBeCloseTo(1 / 3, 3);
    expect(result.writers).toBe(2100);
    expect(result.families).toBe(21000);
    expect(result.requestsPerCpuSecond).toEqual({ books: 200, workspace: 200, save: 400 });
  });
});
