import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error: a plain-JavaScript bench module without types
import { markdownReport } from "../../scripts/bench/report.mjs";
// @ts-expect-error: a plain-JavaScript bench module without types
import { patchedCopy } from "../../scripts/bench/variant-tree.mjs";
// @ts-expect-error: a plain-JavaScript bench module without types
import { figure, listVariants, selectVariants, VARIANTS, variantRows } from "../../scripts/bench/variants.mjs";

// Issue 36: every optimisation carries its number. The bench's variants part builds the tree with one optimisation
// taken out (bench/variants/<name>.patch) and measures it beside the project's build; these are its pure parts and the
// patches' hold on the tree.
const root = path.resolve(import.meta.dirname, "..", "..");
const scratch: string[] = [];
const tempDir = (parent: string, prefix: string) => {
  fs.mkdirSync(parent, { recursive: true });
  const dir = fs.mkdtempSync(path.join(parent, prefix));
  scratch.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of scratch.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

type Variant = { name: string; patch: string; adr: string; measure: string };

describe("the bench's variants", () => {
  it("has one description for each patch in bench/variants, each naming an ADR that exists", () => {
    const variants: Variant[] = listVariants();
    expect(variants.map((v) => v.name)).toEqual(Object.keys(VARIANTS).sort());
    for (const variant of variants)
      expect(fs.existsSync(path.join(root, "docs", "decisions", variant.adr)), variant.adr).toBe(true);
  });

  it("names a patch without a description, and a description without a patch", () => {
    const dir = tempDir(os.tmpdir(), "heirloom-variants-");
    fs.writeFileSync(path.join(dir, "no-fast-t.patch"), "");
    fs.writeFileSync(path.join(dir, "no-thing.patch"), "");
    const descriptions = { "no-fast-t": VARIANTS["no-fast-t"], "no-other": VARIANTS["no-fast-t"] };
    expect(() => listVariants(dir, descriptions)).toThrow(/no description .* for no-thing/);
    fs.rmSync(path.join(dir, "no-thing.patch"));
    expect(() => listVariants(dir, descriptions)).toThrow(/no patch for no-other/);
  });

  it("picks the variants --variant names, and refuses a name it does not know, listing those it does", () => {
    const variants: Variant[] = listVariants();
    expect(selectVariants(variants, []).length).toBe(variants.length);
    expect(selectVariants(variants, ["drizzle-external"]).map((v: Variant) => v.name)).toEqual(["drizzle-external"]);
    expect(() => selectVariants(variants, ["no-such"])).toThrow(
      /unknown variant no-such; the variants are .*no-fast-t/,
    );
  });

  it("every patch still applies to the tree (git apply --check): a stale one measures nothing", () => {
    for (const variant of listVariants() as Variant[])
      expect(() =>
        execFileSync("git", ["apply", "--check", variant.patch], { cwd: root, stdio: "pipe" }),
      ).not.toThrow();
  });

  it("patches a copy of the tree, never the project, and reports a patch that no longer applies as stale", () => {
    const workDir = tempDir(path.join(root, ".tmp"), "variants-test-");
    const config = fs.readFileSync(path.join(root, "vite.config.ts"), "utf8");
    const variant = listVariants().find((v: Variant) => v.name === "no-chunk-groups");
    const copy = patchedCopy(variant, { workDir });
    expect(copy.stale).toBeUndefined();
    expect(fs.readFileSync(path.join(copy.root, "vite.config.ts"), "utf8")).not.toMatch(/^ {4}chunkGroups\(\),$/m);
    expect(fs.realpathSync(path.join(copy.root, "node_modules"))).toBe(
      fs.realpathSync(path.join(root, "node_modules")),
    );
    expect(fs.readFileSync(path.join(root, "vite.config.ts"), "utf8")).toBe(config);

    const stalePatch = path.join(workDir, "stale.patch");
    fs.writeFileSync(
      stalePatch,
      fs.readFileSync(variant.patch, "utf8").replace("    chunkGroups(),", "    chunkGroupsOfAnOlderTree(),"),
    );
    const stale = patchedCopy({ name: "stale", patch: stalePatch }, { workDir });
    expect(stale.stale).toMatch(/vite\.config\.ts/);
    expect(stale.root).toBeUndefined();
  });
});

describe("the bench's variants report", () => {
  const measured = {
    name: "no-fast-t",
    status: "measured",
    figures: [
      // Higher is better, and with it beats without in each round: +33.3 % and +37.5 %.
      figure({
        id: "rps",
        label: "/ req/s",
        unit: "req/s",
        better: "higher",
        withRuns: [200, 220],
        withoutRuns: [150, 160],
      }),
      // Lower is better; the rounds disagree: +10 % in the first, −4.2 % in the second.
      figure({
        id: "ms",
        label: "interactive",
        unit: "ms",
        better: "lower",
        withRuns: [900, 1250],
        withoutRuns: [1000, 1200],
      }),
      // Lower is better, and it is worse with the optimisation.
      figure({ id: "mb", label: "RSS", unit: "MB", better: "lower", withRuns: [160, 161], withoutRuns: [150, 151] }),
      // A size measured once, the same both ways; a count measured once, lower with it.
      figure({ id: "js", label: "JS", unit: "bytes", better: "lower", withRuns: [144_000], withoutRuns: [144_000] }),
      figure({ id: "n", label: "scripts", unit: "scripts", better: "lower", withRuns: [7], withoutRuns: [30] }),
    ],
  };
  const stale = {
    name: "drizzle-external",
    status: "stale patch",
    message: "error: patch failed\nerror: does not apply",
  };

  it("gives the medians then each round, the median of the rounds' gains in the better direction, the verdict", () => {
    expect(variantRows([measured])).toEqual([
      ["no-fast-t", "/ req/s", "210 (200, 220)", "155 (150, 160)", "+35.4 %", "gain in each round"],
      [
        "",
        "interactive",
        "1,075 ms (900, 1,250)",
        "1,100 ms (1,000, 1,200)",
        "+2.9 %",
        "within the spread: gain in 1 of 2 rounds",
      ],
      ["", "RSS", "161 MB (160, 161)", "151 MB (150, 151)", "−6.6 %", "loss in each round"],
      ["", "JS", "144.0 kB", "144.0 kB", "±0.0 %", "no difference"],
      ["", "scripts", "7", "30", "+76.7 %", "gain"],
    ]);
  });

  it("says on one row why a variant was not measured", () => {
    expect(variantRows([stale])).toEqual([
      ["drizzle-external", "STALE PATCH: error: patch failed; error: does not apply", "", "", "", ""],
    ]);
  });

  it("puts the variants' table in bench/results.md, without the page table when no page was measured", () => {
    const none = { js: null, load: null, lighthouse: null, interactive: null, interactiveCalibrated: null };
    const markdown: string = markdownReport({
      date: "2026-11-29T10:00:00.000Z",
      node: "v24.21.0",
      chromium: null,
      machine: { cpus: 2, loadAverageAtStart: [0.5, 0.4, 0.3] },
      heirloom: none,
      bare: none,
      budgets: [],
      admin: null,
      pdf: null,
      engines: null,
      variants: { rounds: 2, list: [measured, stale] },
    });
    expect(markdown).not.toContain("| page | metric |");
    expect(markdown).toContain("| variant | figure | with | without | gain | rounds |");
    expect(markdown).toContain(
      "| no-fast-t | / req/s | 210 (200, 220) | 155 (150, 160) | +35.4 % | gain in each round |",
    );
    expect(markdown).toContain("| drizzle-external | STALE PATCH: error: patch failed; error: does not apply |");
  });
});
