import { describe, expect, it } from "vitest";
import { NAMED_STATEMENTS_MAX, statementName } from "./named-statements.server";

describe("statementName", () => {
  it("names a text with values once, the same name each time, and leaves the rest unnamed", () => {
    const first = statementName("select 1 where $1", [1]);
    expect(first).toMatch(/^heirloom_\d+$/);
    expect(statementName("select 1 where $1", [2])).toBe(first);
    expect(statementName("select 2 where $1", [1])).not.toBe(first);
    expect(statementName("begin", [])).toBeUndefined();
    expect(statementName("begin", undefined)).toBeUndefined();
    // A list of ids of one size is not worth a name.
    expect(
      statementName(
        "select 3",
        Array.from({ length: 51 }, (_, i) => i),
      ),
    ).toBeUndefined();
  });

  it("stops naming new texts past its cap, and keeps the names it gave", () => {
    const kept = statementName("select 'kept' where $1", [1]);
    for (let i = 0; i < NAMED_STATEMENTS_MAX; i++) statementName(`select ${i} where $1 -- filler`, [1]);
    expect(statementName("select 'late' where $1", [1])).toBeUndefined();
    expect(statementName("select 'kept' where $1", [1])).toBe(kept);
  });
});
