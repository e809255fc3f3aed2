import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// No line is over 120 characters, the width Biome formats to (biome.jsonc). Biome breaks code but not a long
// string, a test's name or a comment, so this test holds the rule where the formatter cannot: a long text is
// written as pieces joined with `+`. Generated files (package-lock.json, drizzle's migration snapshots) are JSON,
// which this list leaves out.

const root = path.resolve(import.meta.dirname, "..", "..");
const MAX = 120;
const sources = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" })
  .split("\n")
  .filter((file) => /\.(ts|tsx|mjs|js|cjs|css|jsonc)$/.test(file) && fs.existsSync(path.join(root, file)));

describe("line length", () => {
  it(`no line of a tracked source file is over ${MAX} characters`, () => {
    expect(sources).toContain("biome.jsonc");
    const long = sources.flatMap((file) =>
      fs
        .readFileSync(path.join(root, file), "utf8")
        .split(/\r?\n/)
        // Characters, not UTF-16 units or bytes: a Vietnamese letter counts as one.
        .map((line, i) => ({ at: `${file}:${i + 1}`, length: [...line].length }))
        .filter(({ length }) => length > MAX)
        .map(({ at, length }) => `${at} (${length} characters)`),
    );
    expect(long).toEqual([]);
  });
});
