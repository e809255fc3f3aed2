import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain-JavaScript bench module without types
import { median } from "../../scripts/bench/engines.mjs";
// @ts-expect-error: a plain-JavaScript bench module without types
import { enginesRows, p99Ratio } from "../../scripts/bench/report.mjs";

// The engines bench holds PostgreSQL's p99 to 1.5× SQLite's by the median of rounds taken in turns.
describe("the bench's engines budget", () => {
  const run = (rps: number, latencyP99: number) => ({ rps, latencyP99, valid: true });
  const figures = (p99: number) => ({ books: run(150, p99), workspace: run(160, p99), save: run(400, p99) });

  it("is the median of the rounds' ratios, not the ratio of the medians", () => {
    // Each round's pair: books 1.1, 0.9, 1.3; the workspace 1 each time; the save 1.71, 1.41, 1.2.
    const round = (books: number, save: number) => ({
      sqlite: figures(100),
      postgres: { books: run(150, books), workspace: run(160, 100), save: run(400, save) },
    });
    const engines = {
      sqlite: figures(60),
      postgres: figures(80),
      rounds: [round(110, 171), round(90, 141), round(130, 120)],
    };
    expect(p99Ratio(engines, "save")).toBe(1.41);
    expect(p99Ratio(engines, "books")).toBe(1.1);
    expect(enginesRows(engines)[2]).toEqual([
      "a story save (PUT)",
      "400 req/s, p99 60 ms",
      "400 req/s, p99 80 ms",
      "1.41×",
      "1.71×, 1.41×, 1.20×",
    ]);
  });

  it("is the one round's ratio when there was one round", () => {
    expect(p99Ratio({ rounds: [{ sqlite: figures(50), postgres: figures(100) }] }, "save")).toBe(2);
  });

  it("takes the middle value, or the mean of the two middle ones", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
