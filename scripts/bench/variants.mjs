// Every optimisation carries its number (issue 36). Each patch in bench/variants/ is a small `git diff` that takes ONE
// optimisation out; the bench's variants part builds a copy of the tree with it applied and measures that build
// ("without") beside the project's own ("with"), in turns (scripts/bench/variant-bench.mjs). This module says what
// each patch removes, which ADR holds its figure and what is measured, and turns the runs into the report's rows.
import fs from "node:fs";
import path from "node:path";
import { median } from "./engines.mjs";

export const VARIANTS_DIR = path.resolve(import.meta.dirname, "..", "..", "bench", "variants");

/**
 * What each measure reports. `clientEntries` and `serverWorkers` (vite.config.ts) have no variant: they are how the
 * door's script and the worker threads are built, not optimisations (ADR 28, ADR 23).
 */
export const MEASURES = {
  load: "req/s and req per server CPU-second of signed-in /, /books and the workspace (autocannon, as the load part)",
  scripts:
    "JS at first render (gzip, and the number of scripts) of /login, /, /books and the workspace; " +
    "the workspace's time to interactive (slow 4G, 4× CPU)",
  preload: "the workspace's time to interactive and /'s shell hydrated (slow 4G, 4× CPU, a phone's screen)",
  start: "the server's start (spawn to 'listening on') and its RSS once it has answered /healthz and sat 2 s idle",
  save: "a story save (PUT, ten at once) on PostgreSQL: req/s, p99, req per server CPU-second",
};

/** What each patch takes out, the ADR that holds its figure (docs/decisions/) and its measure (MEASURES). */
export const VARIANTS = {
  "no-fast-t": {
    removes:
      "fastT on the server: components translate with the request's i18next instance (getFixedT); " +
      "the browser keeps fastT, since it has no i18next",
    adr: "0006-i18n.md",
    measure: "load",
  },
  "no-chunk-groups": {
    removes: "chunkGroups() in vite.config.ts: rolldown splits the client build its own way",
    adr: "0030-lazy-parts-and-whole-pages.md",
    measure: "scripts",
  },
  "no-lazy-chunk-preload": {
    removes:
      "the map of virtual:lazy-chunks (left empty): no modulepreload of the language's strings (every page) " +
      "or of the resizable panels (the workspace on a wide screen)",
    adr: "0017-workspace-hydration-on-phones.md",
    measure: "preload",
  },
  "drizzle-external": {
    removes: 'ssr: { noExternal: ["drizzle-orm"] } in vite.config.ts: the server imports drizzle-orm from node_modules',
    adr: "0029-printed-book-pdf.md",
    measure: "start",
  },
  "book-filter-as-elements": {
    removes:
      "the library's book filters as HTML (app/routes/library/book-filter.ts): the loader sends the books' titles " +
      "and each filter renders them as <option> elements",
    adr: "0039-the-library-reads-and-sends-what-it-shows.md",
    measure: "load",
  },
  "pg-save-in-transaction": {
    removes: "saveOnItsOwn (app/models/story.server.ts): PostgreSQL's story save always runs the transaction",
    adr: "0032-one-schema-two-engines.md",
    measure: "save",
  },
};

/**
 * The variants: one per patch in `dir`, each with its description. A patch without a description, or a description
 * without its patch, is an error that names it, so that neither is forgotten.
 */
export function listVariants(dir = VARIANTS_DIR, descriptions = VARIANTS) {
  const patches = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(".patch"))
    .map((file) => file.slice(0, -".patch".length))
    .sort();
  const undescribed = patches.filter((name) => !descriptions[name]);
  const missing = Object.keys(descriptions).filter((name) => !patches.includes(name));
  if (undescribed.length)
    throw new Error(`bench/variants: no description in scripts/bench/variants.mjs for ${undescribed.join(", ")}`);
  if (missing.length) throw new Error(`bench/variants: no patch for ${missing.join(", ")}`);
  return patches.map((name) => ({ name, patch: path.join(dir, `${name}.patch`), ...descriptions[name] }));
}

/** The variants named by `--variant` (all when none is), in the list's order; an unknown name is an error. */
export function selectVariants(variants, names = []) {
  const known = new Set(variants.map((v) => v.name));
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length)
    throw new Error(`unknown variant ${unknown.join(", ")}; the variants are ${[...known].join(", ")}`);
  return names.length ? variants.filter((v) => names.includes(v.name)) : variants;
}

/**
 * One figure of a variant: every run with the optimisation and without it, their medians, and which way is better
 * (`better`: "higher" or "lower"). `unit` is "req/s", "req/CPU-s", "ms", "bytes", "scripts" or "MB".
 */
export function figure({ id, label, unit, better, withRuns, withoutRuns }) {
  return { id, label, unit, better, with: median(withRuns), without: median(withoutRuns), withRuns, withoutRuns };
}

/** One round's gain: how much better "with" is, as a share of "without" (positive when the optimisation helps). */
function roundGain(better, withValue, withoutValue) {
  const difference = better === "higher" ? withValue - withoutValue : withoutValue - withValue;
  return withoutValue === 0 ? 0 : difference / withoutValue;
}

/** The rounds' gains: each round's "with" beside the "without" measured right before or after it. */
const roundGains = (f) => f.withRuns.map((value, i) => roundGain(f.better, value, f.withoutRuns[i]));

/**
 * What the optimisation buys: the median of the rounds' gains, each a share of "without", positive when "with" is
 * better. Each round's pair was measured within a minute, so the machine's speed mostly cancels out of it, as in the
 * engines part's ratio (scripts/bench/engines.mjs).
 */
export function gainOf(f) {
  return median(roundGains(f));
}

/**
 * Whether the rounds show a gain: with one round (a size), "gain", "loss" or "no difference"; with several, "gain in
 * each round" or "loss in each round" when every round agrees, and otherwise "within the spread", with the count of
 * rounds that gained: the median alone would then say more than was measured.
 */
export function verdictOf(f) {
  const gains = roundGains(f);
  const gained = gains.filter((gain) => gain > 0).length;
  const lost = gains.filter((gain) => gain < 0).length;
  const each = gains.length > 1 ? " in each round" : "";
  if (gained === gains.length) return `gain${each}`;
  if (lost === gains.length) return `loss${each}`;
  if (gained === 0 && lost === 0) return "no difference";
  return `within the spread: gain in ${gained} of ${gains.length} rounds`;
}

const round = (value) => Math.round(value).toLocaleString("en-US");
const FORMATS = {
  "req/s": round,
  "req/CPU-s": round,
  ms: (value) => `${round(value)} ms`,
  bytes: (value) => `${(value / 1000).toFixed(1)} kB`,
  scripts: round,
  MB: (value) => `${round(value)} MB`,
};

/** A median, and each round's figure in the order measured when there were several: "235 (228, 241)". */
function withRunsText(unit, value, runs) {
  const format = FORMATS[unit];
  return runs.length > 1 ? `${format(value)} (${runs.map((run) => round(run)).join(", ")})` : format(value);
}

const percent = (share) => `${share > 0 ? "+" : share < 0 ? "−" : "±"}${Math.abs(share * 100).toFixed(1)} %`;

/**
 * The report's rows, one per figure: variant, figure, with (median, then each run), without, gain (positive when the
 * optimisation helps) and the verdict. A variant that was not measured has one row that says why.
 */
export function variantRows(variants) {
  const rows = [];
  for (const variant of variants) {
    if (variant.status !== "measured") {
      const why = (variant.message ?? "").trim().replace(/\s*\n\s*/g, "; ");
      rows.push([variant.name, `${variant.status.toUpperCase()}${why ? `: ${why}` : ""}`, "", "", "", ""]);
      continue;
    }
    variant.figures.forEach((f, i) =>
      rows.push([
        i === 0 ? variant.name : "",
        f.label,
        withRunsText(f.unit, f.with, f.withRuns),
        withRunsText(f.unit, f.without, f.withoutRuns),
        percent(gainOf(f)),
        verdictOf(f),
      ]),
    );
  }
  return rows;
}
