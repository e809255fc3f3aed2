import { describe, expect, it } from "vitest";
import { mergeRegenerated, move } from "./topic-suggestions";

const t = (title: string, selected: boolean, description = "") => ({ title, description, selected });

describe("regenerating topic suggestions", () => {
  it("keeps selected and new-topic entries, drops blank titles and long descriptions, appends fresh ones", () => {
    const current = [
      t("Childhood", true),
      t("School", false),
      t("New topic", false),
      t("   ", true),
      t("Long", true, "x".repeat(201)),
    ];
    const fresh = [
      { title: "childhood", description: "dup" },
      { title: "Work", description: "jobs" },
    ];
    expect(mergeRegenerated(current, fresh, "New topic")).toEqual([
      t("Childhood", true),
      t("New topic", false),
      t("Work", true, "jobs"),
    ]);
  });
});

describe("move", () => {
  it("swaps neighbours and ignores moves past the ends", () => {
    expect(move([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(move([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(move([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(move([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});
