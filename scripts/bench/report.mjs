// The printed report: one table, page by page (JS, load, Lighthouse, time to interactive), Heirloom beside
// the bare app, with each figure's budget and whether it is met; then what Lighthouse found and what is over
// budget. The budgets are issue 8's, the design's (docs/architecture.md, Performance budgets), issue 7's (the
// admin's SQL queries), issue 20's (the workspace's req/s) and issue 36's (signed-in / and /books held to the bare
// app's signed-in reference, /login's JS).
import { ADMIN_QUERY_BUDGET, printAdminReport } from "./admin.mjs";
import { ENGINE_REQUESTS, median, P99_BUDGET } from "./engines.mjs";
import { mailBudgets } from "./mail.mjs";
import { pdfBudgets, pdfRows } from "./pdf.mjs";
import { MEASURES, variantRows } from "./variants.mjs";

export const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const ratio = (value) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : "");
const msText = (value) => (value === null || value === undefined ? "n/a" : `${Math.round(value)} ms`);

export const PAGE_LABELS = {
  login: "/login",
  home: "/",
  books: "/books",
  workspace: "workspace",
  tell: "/tell/{token}",
};

/** The pages whose req/s is held to the bare app's signed-in reference rather than to its page of the same role. */
const SIGNED_IN_REFERENCE_PAGES = new Set(["home", "books"]);

/**
 * The bare run a page's req/s is compared with: the signed-in reference (a session and 100 books read from SQLite)
 * for signed-in / and /books (issue 36), the bare page of the same role otherwise.
 */
const loadReference = (bare, key) => (SIGNED_IN_REFERENCE_PAGES.has(key) ? bare.load?.signedIn : bare.load?.[key]);

/**
 * Every budget the run could check. `max` or `min` is the limit, `value` the measured figure (a ratio against the bare
 * app, a score, a time or a count). A load run with non-2xx answers or errors is not a
 * page render, so it never counts as within budget.
 */
export function budgetsOf(results) {
  const { heirloom: h, bare: b, admin } = results;
  const budgets = [];
  const add = (budget) => budgets.push(budget);
  if (h.js) {
    for (const [key, max, source] of [
      ["login", 1.25, "design, issue 36"],
      ["home", 1.3, "issue 8"],
      ["home", 1.25, "design"],
      ["books", 1.6, "issue 8"],
      ["workspace", 2.5, "issue 8"],
      ["tell", 1.0, "issue 18"],
    ]) {
      add({
        id: `js.${key}${source === "design" ? ".design" : ""}`,
        page: key,
        metric: "JS",
        source,
        value: h.js[key].gzip / b.js[key].gzip,
        max,
        unit: "×",
      });
    }
  }
  // What the server serves of each signed-in page for what the bare app serves: / and /books for its signed-in
  // reference, which pays what every personalised page pays (the design's, issue 36); the workspace for the bare
  // book page (issue 20).
  for (const [key, min, source] of [
    ["home", 0.8, "design, issue 36"],
    ["books", 0.8, "design, issue 36"],
    ["workspace", 0.35, "issue 20"],
  ]) {
    const reference = loadReference(b, key);
    if (h.load?.[key] && reference)
      add({
        id: `rps.${key}`,
        page: key,
        metric: "req/s",
        source,
        value: h.load[key].rps / reference.rps,
        min,
        unit: "×",
        valid: h.load[key].valid && reference.valid,
      });
  }
  if (h.lighthouse) {
    for (const key of Object.keys(PAGE_LABELS)) {
      add({
        id: `lighthouse.performance.${key}`,
        page: key,
        metric: "performance",
        source: "issue 8",
        value: h.lighthouse[key].performance,
        min: 95,
      });
      add({
        id: `lighthouse.accessibility.${key}`,
        page: key,
        metric: "accessibility",
        source: "issue 8",
        value: h.lighthouse[key].accessibility,
        min: 100,
      });
    }
  }
  for (const [key, max, source] of [
    ["workspace", 3000, "issue 8"],
    ["tell", 2500, "issue 18"],
  ])
    if (h.interactive?.[key])
      add({
        id: `interactive.${key}`,
        page: key,
        metric: "interactive",
        source,
        value: h.interactive[key].interactiveMs,
        max,
        unit: "ms",
      });
  if (admin) {
    const worst = Math.max(...admin.tabs.map((t) => t.queries ?? Infinity));
    add({
      id: "admin.queries",
      page: "admin",
      metric: "SQL queries",
      source: "issue 7",
      value: worst,
      max: ADMIN_QUERY_BUDGET,
      unit: "queries",
      valid: admin.tabs.every((t) => t.valid),
    });
  }
  if (results.pdf) for (const budget of pdfBudgets(results.pdf)) add(budget);
  if (results.mail) for (const budget of mailBudgets(results.mail)) add(budget);
  if (results.engines)
    for (const key of ENGINE_REQUESTS) {
      const { sqlite, postgres } = results.engines;
      add({
        id: `engines.p99.${key}`,
        page: `${key} on PostgreSQL`,
        metric: "p99 ÷ SQLite's",
        source: "issue 21",
        value: p99Ratio(results.engines, key),
        max: P99_BUDGET,
        unit: "×",
        valid: postgres[key].valid && sqlite[key].valid,
      });
    }
  for (const budget of budgets) {
    const within = budget.max !== undefined ? budget.value <= budget.max : budget.value >= budget.min;
    budget.status = budget.valid === false ? "INVALID" : within ? "ok" : "OVER BUDGET";
  }
  return budgets;
}

const limitText = (budget) => {
  const sign = budget.max !== undefined ? "≤" : "≥";
  const limit = budget.max ?? budget.min;
  if (budget.unit === "×") return `${sign} ${limit.toFixed(2)}×`;
  if (budget.unit === "ms" || budget.unit === "MB") return `${sign} ${limit} ${budget.unit}`;
  return `${sign} ${limit}`;
};

function table(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i] ?? "").length)));
  const right = new Set([2, 3, 4]);
  const line = (cells) =>
    cells
      .map((c, i) => (right.has(i) ? String(c ?? "").padStart(widths[i]) : String(c ?? "").padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  return [line(headers), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/** The rows of the one table, page by page. */
export function tableRows(results) {
  const { heirloom: h, bare: b, budgets } = results;
  const budgetCells = (...ids) => {
    const found = ids.map((id) => budgets.find((x) => x.id === id)).filter(Boolean);
    if (!found.length) return ["", ""];
    const limits = found.map((x, i) => (i === 0 ? limitText(x) : `${limitText(x)} ${x.source}`)).join(", ");
    const status = found
      .map((x, i) =>
        x.status === "ok" ? (i === 0 ? "ok" : null) : i === 0 ? x.status : `over ${x.source}'s ${limitText(x)}`,
      )
      .filter(Boolean)
      .join("; ");
    return [limits, status];
  };
  const rows = [];
  for (const [key, label] of Object.entries(PAGE_LABELS)) {
    const page = [];
    const row = (metric, heirloom, bare, r, ids = []) => page.push([metric, heirloom, bare, r, ...budgetCells(...ids)]);
    if (h.js)
      row("JS at first render, gzip", kb(h.js[key].gzip), kb(b.js[key].gzip), ratio(h.js[key].gzip / b.js[key].gzip), [
        `js.${key}`,
        `js.${key}.design`,
      ]);
    if (h.load?.[key] && loadReference(b, key)) {
      const run = h.load[key];
      const bareRun = loadReference(b, key);
      const signedInReference = SIGNED_IN_REFERENCE_PAGES.has(key);
      row(
        `req/s, ${results.loadGenerator.connections} connections` +
          `${signedInReference ? ", bare: its signed-in reference" : ""}${run.valid ? "" : " (!)"}`,
        Math.round(run.rps),
        Math.round(bareRun.rps),
        ratio(run.rps / bareRun.rps),
        [`rps.${key}`],
      );
      if (signedInReference && b.load[key])
        row(
          "  req/s beside the bare static page",
          Math.round(run.rps),
          Math.round(b.load[key].rps),
          ratio(run.rps / b.load[key].rps),
        );
      row(
        "latency p99 under that load",
        msText(run.latencyP99),
        msText(bareRun.latencyP99),
        ratio(run.latencyP99 / bareRun.latencyP99),
      );
      if (run.requestsPerCpuSecond && bareRun.requestsPerCpuSecond) {
        row(
          "req per server CPU-second",
          Math.round(run.requestsPerCpuSecond),
          Math.round(bareRun.requestsPerCpuSecond),
          ratio(run.requestsPerCpuSecond / bareRun.requestsPerCpuSecond),
        );
      }
    }
    if (h.lighthouse) {
      const lh = h.lighthouse[key];
      const blh = b.lighthouse[key];
      row("Lighthouse mobile performance", lh.performance, blh.performance, "", [`lighthouse.performance.${key}`]);
      row("Lighthouse accessibility", lh.accessibility, blh.accessibility, "", [`lighthouse.accessibility.${key}`]);
      row("LCP (simulated slow 4G, 4× CPU)", msText(lh.lcpMs), msText(blh.lcpMs), ratio(lh.lcpMs / blh.lcpMs));
      row("TBT", msText(lh.tbtMs), msText(blh.tbtMs), "");
      row("CLS", lh.cls.toFixed(3), blh.cls.toFixed(3), "");
    }
    if (h.interactive?.[key]) {
      const it = h.interactive[key];
      // The storyteller's door has no bare page of its role: its budget is a time, not a ratio.
      const bit = b.interactive[key] ?? { runs: [] };
      row(
        `interactive, slow 4G + 4× CPU (median of ${it.runs.length})`,
        msText(it.interactiveMs),
        msText(bit.interactiveMs),
        ratio(it.interactiveMs / bit.interactiveMs),
        [`interactive.${key}`],
      );
      row(
        key === "tell" ? "  of which: its script ran" : "  of which: shell hydrated",
        msText(it.hydratedMs),
        msText(bit.hydratedMs),
        "",
      );
      if (key !== "tell") row("  whole page hydrated", msText(it.allHydratedMs), msText(bit.allHydratedMs), "");
      row("  fastest run", msText(Math.min(...it.runs)), bit.runs.length ? msText(Math.min(...bit.runs)) : "n/a", "");
    }
    if (h.interactiveCalibrated?.[key]) {
      const it = h.interactiveCalibrated[key];
      const bit = b.interactiveCalibrated[key];
      const label =
        `interactive, slow 4G + ${it.cpuSlowdown}× CPU ` +
        `(calibrated: benchmarkIndex ${h.interactiveCalibrated.benchmarkIndex})`;
      row(label, msText(it.interactiveMs), msText(bit.interactiveMs), ratio(it.interactiveMs / bit.interactiveMs));
      row("  whole page hydrated", msText(it.allHydratedMs), msText(bit.allHydratedMs), "");
    }
    page.forEach((cells, i) => rows.push([i === 0 ? label : "", ...cells]));
  }
  const adminBudget = budgets.find((x) => x.id === "admin.queries");
  if (adminBudget)
    rows.push(["admin", "SQL queries per tab, worst", adminBudget.value, "", "", ...budgetCells("admin.queries")]);
  if (results.pdf)
    pdfRows(results.pdf).forEach(([metric, value, id], i) =>
      rows.push([i === 0 ? "book.pdf" : "", metric, value, "", "", ...(id ? budgetCells(id) : ["", ""])]),
    );
  if (results.mail) {
    const { mail } = results;
    const mailRows = [
      [`${mail.links} questions due at once, all sent${mail.valid ? "" : " (!)"}`, msText(mail.allSentMs), "mail.sent"],
      [`  /healthz meanwhile, p99 of ${mail.healthz.samples}`, msText(mail.healthz.p99Ms), "mail.healthz"],
      ["  /healthz meanwhile, max", msText(mail.healthz.maxMs)],
      ["  storytellers who got it twice", String(mail.duplicates)],
    ];
    mailRows.forEach(([metric, value, id], i) =>
      rows.push([i === 0 ? "weekly mail" : "", metric, value, "", "", ...(id ? budgetCells(id) : ["", ""])]),
    );
  }
  return rows;
}

/** The same table in Markdown (bench/results.md), for docs/bench.md's latest figures. */
export function markdownReport(results) {
  const escapeCell = (cell) => String(cell ?? "").replaceAll("|", "\\|");
  const headers = ["page", "metric", "Heirloom", "bare", "ratio", "budget", "status"];
  const lines = [
    `Measured ${results.date.slice(0, 16).replace("T", " ")} UTC, ${results.machine.cpus} CPUs, node ${results.node}` +
      `${results.chromium ? `, ${results.chromium}` : ""}; load average ` +
      `${results.machine.loadAverageAtStart.map((n) => n.toFixed(2)).join(", ")} at the start.`,
  ];
  const rows = tableRows(results);
  if (rows.length)
    lines.push(
      "",
      `| ${headers.join(" | ")} |`,
      `| ${headers.map((_, i) => (i >= 2 && i <= 4 ? "---:" : "---")).join(" | ")} |`,
      ...rows.map((row) => `| ${row.map(escapeCell).join(" | ")} |`),
    );
  if (results.engines)
    lines.push(
      "",
      "| request | SQLite (median) | PostgreSQL (median) | p99 ratio (median) | each round |",
      "| --- | ---: | ---: | ---: | --- |",
      ...enginesRows(results.engines).map((row) => `| ${row.map(escapeCell).join(" | ")} |`),
    );
  if (results.variants)
    lines.push(
      "",
      `What each optimisation buys: ${variantsHeading(results.variants)}.`,
      "",
      `| ${VARIANT_HEADERS.join(" | ")} |`,
      "| --- | --- | ---: | ---: | ---: | --- |",
      ...variantRows(results.variants.list).map((row) => `| ${row.map(escapeCell).join(" | ")} |`),
    );
  return `${lines.join("\n")}\n`;
}

/** PostgreSQL's p99 over SQLite's for one request in each round: two runs taken one right after the other. */
const roundRatios = (engines, key) =>
  engines.rounds.map((round) => round.postgres[key].latencyP99 / Math.max(1, round.sqlite[key].latencyP99));

/** PostgreSQL's p99 over SQLite's for one request, the budget's figure: the median of the rounds' ratios. */
export function p99Ratio(engines, key) {
  return median(roundRatios(engines, key));
}

/** SQLite beside PostgreSQL, the same requests on the same data (scripts/bench/engines.mjs). */
export function enginesRows(engines) {
  const labels = { books: "signed-in /books", workspace: "the workspace", save: "a story save (PUT)" };
  return Object.entries(labels).map(([key, label]) => {
    const { sqlite, postgres } = engines;
    return [
      label,
      `${Math.round(sqlite[key].rps)} req/s, p99 ${sqlite[key].latencyP99} ms`,
      `${Math.round(postgres[key].rps)} req/s, p99 ${postgres[key].latencyP99} ms`,
      ratio(p99Ratio(engines, key)),
      roundRatios(engines, key)
        .map((r) => ratio(r))
        .join(", "),
    ];
  });
}

const VARIANT_HEADERS = ["variant", "figure", "with", "without", "gain", "rounds"];

const variantsHeading = (variants) =>
  `the project's build ("with") beside one with the optimisation taken out ("without", bench/variants/*.patch), ` +
  `${variants.rounds} rounds in turns; each cell is the median, then each round's figure; ` +
  "the gain is the median of the rounds' gains";

function printVariantsReport(variants) {
  console.log(`\nWhat each optimisation buys: ${variantsHeading(variants)}`);
  console.log(table(VARIANT_HEADERS, variantRows(variants.list)));
  for (const variant of variants.list)
    console.log(
      `  ${variant.name}: takes out ${variant.removes}; measures ${MEASURES[variant.measure]}; ` +
        `its figure goes in docs/decisions/${variant.adr}`,
    );
  console.log(
    '(gain: how much better "with" is than "without" in the same round, as a share of "without", the median of the ' +
      'rounds; "within the spread" when the rounds disagree)',
  );
}

function printEnginesReport(engines) {
  console.log(
    `\nSQLite and PostgreSQL (loopback, durable), the same data, ${engines.load.connections} connections, ` +
      `${engines.load.durationSeconds} s each, ${engines.rounds.length} round(s) taking turns; medians`,
  );
  console.log(table(["request", "SQLite", "PostgreSQL", "p99 ratio", "each round"], enginesRows(engines)));
}

export function printReport(results) {
  const { heirloom: h, bare: b, budgets, machine } = results;
  const headers = ["page", "metric", "Heirloom", "bare", "ratio", "budget", "status"];
  console.log("");
  console.log(
    `${results.date.slice(0, 16).replace("T", " ")} UTC; ` +
      `load average ${machine.loadAverageAtStart.map((n) => n.toFixed(2)).join(", ")} at the start`,
  );
  const rows = tableRows(results);
  if (rows.length) console.log(`Heirloom against the bare React Router app (bench/bare-app)\n${table(headers, rows)}`);
  if (b.load?.signedIn?.runs)
    console.log(
      `(the bare app's signed-in reference ${results.signedInReference} was measured before and after Heirloom: ` +
        `${b.load.signedIn.runs.map((r) => Math.round(r)).join(" and ")} req/s; the mean is used)`,
    );
  if (h.load)
    console.log(
      "(req per server CPU-second = requests ÷ the server's user+system CPU time: " +
        "its one-core capacity, little affected by other load)",
    );
  if (h.lighthouse)
    console.log(
      "(Lighthouse runs one page at a time; its TBT and score follow the machine's load, " +
        "so compare with the bare app's row measured in the same run)",
    );

  if (h.js) {
    console.log("\nHeirloom JS by file (gzip -9)");
    for (const [key, label] of Object.entries(PAGE_LABELS)) {
      const page = h.js[key];
      console.log(
        `  ${label}: ${page.breakdown.map((f) => `${f.path.replace(/^\/assets\//, "")} ${kb(f.gzip)}`).join(", ")}`,
      );
      if (page.extra.length)
        console.log(`  ${label}: NOT PRELOADED (reached through static imports only): ${page.extra.join(", ")}`);
    }
  }
  if (h.lighthouse) {
    console.log("\nWhat Lighthouse found on Heirloom's pages");
    for (const [key, label] of Object.entries(PAGE_LABELS)) {
      const lh = h.lighthouse[key];
      for (const failure of lh.accessibilityFailures)
        console.log(
          `  ${label}: accessibility: ${failure.id}: ${failure.title} ` +
            `${failure.items.filter(Boolean).slice(0, 3).join(" ")}`,
        );
      const findings = lh.performanceFindings.filter((f) => f.score < 0.5);
      if (findings.length)
        console.log(
          `  ${label}: performance: ` +
            `${findings.map((f) => `${f.id}${f.displayValue ? ` (${f.displayValue})` : ""}`).join(", ")}`,
        );
    }
  }
  if (results.admin) printAdminReport(results.admin);
  if (results.engines) printEnginesReport(results.engines);
  if (results.variants) printVariantsReport(results.variants);

  const invalid = Object.values(h.load ?? {})
    .concat(Object.values(b.load ?? {}))
    .filter((run) => run && !run.valid);
  for (const run of invalid)
    console.log(
      `\n(!) ${run.url}: ${run.non2xx} non-2xx answers, ${run.errors} errors: the req/s figure is not a page render.`,
    );

  const over = budgets.filter((budget) => budget.status !== "ok");
  console.log("");
  if (over.length) {
    console.log("=".repeat(72));
    for (const budget of over) {
      const value =
        budget.unit === "×"
          ? ratio(budget.value)
          : budget.unit
            ? `${Math.round(budget.value)} ${budget.unit}`
            : budget.value;
      console.log(
        `${budget.status}: ${PAGE_LABELS[budget.page] ?? budget.page} ${budget.metric} ${value}, ` +
          `budget ${limitText(budget)} (${budget.source})`,
      );
    }
    console.log("=".repeat(72));
  } else if (budgets.length) {
    console.log(`All ${budgets.length} budgets met.`);
  }
}
