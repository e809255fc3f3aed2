import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The repository stands alone: what it cites is inside it. The product's contract is docs/product.md (code
// cites its sections as "docs/product.md §N"), the architecture is docs/architecture.md, the decisions are in
// docs/decisions/. Documents kept outside the repository are not cited (tests/unit/doc-links.test.ts checks the links).

const root = path.resolve(import.meta.dirname, "..", "..");
const tracked = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" })
  .split("\n")
  .filter((file) => file && !file.endsWith("package-lock.json") && fs.existsSync(path.join(root, file)));
const textFiles = tracked.filter(
  (file) => /\.(ts|tsx|mjs|js|json|md|css|sh|yml|yaml)$/.test(file) || file === ".ci/run",
);
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

// Put together here, so that this file does not cite them itself.
const OUTSIDE = [
  ["SPEC", ".md"],
  ["DESIGN", ".md"],
  ["STACK", ".md"],
  ["..", "/shared"],
  ["SPEC", " §"],
].map((parts) => parts.join(""));

describe("the repository stands alone", () => {
  it("no file cites a document kept outside the repository", () => {
    const found = textFiles.flatMap((file) =>
      OUTSIDE.filter((name) => read(file).includes(name)).map((name) => `${file}: ${name}`),
    );
    expect(found).toEqual([]);
  });

  it("every 'docs/product.md §N' points at a section of docs/product.md", () => {
    const sections = new Set([...read("docs/product.md").matchAll(/^## (\d+)\. /gm)].map(([, n]) => n));
    const cited = textFiles.flatMap((file) =>
      [...read(file).matchAll(/docs\/product\.md §(\d+)/g)].map(([, n]) => ({ file, n: n! })),
    );
    expect(cited.length).toBeGreaterThan(50);
    expect(cited.filter(({ n }) => !sections.has(n)).map(({ file, n }) => `${file}: §${n}`)).toEqual([]);
  });
});
