// The printed report: one table of figures (Heirloom, bare, ratio), the admin dashboard's tabs, and the
// budgets checked against them.
import { printAdminReport } from "./admin.mjs";

export const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const rps = (value) => `${Math.round(value)} req/s`;
const ratio = (value) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : "n/a");
/** A budget's measured value: a percentage (throughput), a count with its unit, or a ratio (JS weight). */
const formatBudget = (budget) => (budget.unit ? `${budget.value} ${budget.unit}` : budget.min !== undefined ? `${Math.round(budget.value * 100)} %` : ratio(budget.value));

function table(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  ");
  return [line(headers), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/**
 * Each budget: a ratio against the bare app and a limit, `max` (JS weight) or `min` (throughput).
 * A measurement that could not be trusted (non-2xx answers, errors) never counts as within budget.
 */
export function checkBudgets(results) {
  const { heirloom: h, bare: b } = results;
  const budgets = [
    { name: "/login JS ≤ 1.30 × bare (issue 2)", value: h.js.login.gzip / b.js.login.gzip, max: 1.3 },
    { name: "/login JS ≤ 1.25 × bare (DESIGN.md)", value: h.js.login.gzip / b.js.login.gzip, max: 1.25 },
    { name: "/ JS ≤ 1.25 × bare (DESIGN.md)", value: h.js.home.gzip / b.js.home.gzip, max: 1.25 },
  ];
  if (h.js.books) budgets.push({ name: "/books JS ≤ 1.6 × bare / (issue 8)", value: h.js.books.gzip / b.js.home.gzip, max: 1.6 });
  if (h.js.workspace) budgets.push({ name: "workspace JS ≤ 2.5 × bare / (issues 4, 8)", value: h.js.workspace.gzip / b.js.home.gzip, max: 2.5 });
  if (h.rps.books && b.rps.books) {
    budgets.push({ name: "/books rps ≥ 50 % of bare list page (issue 3)", value: h.rps.books.rps / b.rps.books.rps, min: 0.5, valid: h.rps.books.valid && b.rps.books.valid });
  }
  for (const [key, run] of Object.entries(h.rps)) {
    // The workspace's throughput is measured and shown; no budget names it.
    if (!run || key === "workspace") continue;
    budgets.push({ name: `${run.url} rps ≥ 50 % of bare / (signed in${key === "admin" ? ", admin" : ""})`, value: run.rps / b.rps.home.rps, min: 0.5, valid: run.valid && b.rps.home.valid });
  }
  for (const budget of budgets) {
    const within = budget.max !== undefined ? budget.value <= budget.max : budget.value >= budget.min;
    budget.status = budget.valid === false ? "INVALID" : within ? "ok" : "OVER BUDGET";
  }
  return budgets;
}

export function printReport(results, budgets) {
  const { heirloom: h, bare: b } = results;
  const rows = [
    ["/login JS, gzip -9", kb(h.js.login.gzip), kb(b.js.login.gzip), ratio(h.js.login.gzip / b.js.login.gzip)],
    ["/ JS, gzip -9 (Heirloom signed in)", kb(h.js.home.gzip), kb(b.js.home.gzip), ratio(h.js.home.gzip / b.js.home.gzip)],
    ...(h.js.books ? [["/books JS, gzip -9 vs bare /", kb(h.js.books.gzip), kb(b.js.home.gzip), ratio(h.js.books.gzip / b.js.home.gzip)]] : []),
    ...(h.js.workspace ? [["workspace JS, gzip -9 vs bare /", kb(h.js.workspace.gzip), kb(b.js.home.gzip), ratio(h.js.workspace.gzip / b.js.home.gzip)]] : []),
    ["/login JS files", h.js.login.files, b.js.login.files, ""],
    ["/ JS files", h.js.home.files, b.js.home.files, ""],
    ["/login JS, uncompressed", kb(h.js.login.raw), kb(b.js.login.raw), ratio(h.js.login.raw / b.js.login.raw)],
    ["/ JS, uncompressed", kb(h.js.home.raw), kb(b.js.home.raw), ratio(h.js.home.raw / b.js.home.raw)],
  ];
  const rpsRow = (label, run) => [
    label,
    run ? `${rps(run.rps)}${run.valid ? "" : " (!)"}` : "n/a",
    rps(b.rps.home.rps),
    run ? ratio(run.rps / b.rps.home.rps) : "",
  ];
  rows.push(rpsRow("GET / rps (signed in)", h.rps.home));
  rows.push(rpsRow("GET /admin rps (admin) vs bare /", h.rps.admin));
  if (h.rps.books) rows.push(rpsRow("GET /books rps (signed in) vs bare /", h.rps.books));
  if (h.rps.workspace) rows.push(rpsRow("GET workspace rps (signed in) vs bare /", h.rps.workspace));
  if (h.rps.books && b.rps.books) {
    rows.push(["GET /books rps vs bare list page", rps(h.rps.books.rps), rps(b.rps.books.rps), ratio(h.rps.books.rps / b.rps.books.rps)]);
    if (h.rps.books.requestsPerCpuSecond && b.rps.books.requestsPerCpuSecond) {
      rows.push(["GET /books vs list page, req per CPU-second", `${Math.round(h.rps.books.requestsPerCpuSecond)}`, `${Math.round(b.rps.books.requestsPerCpuSecond)}`, ratio(h.rps.books.requestsPerCpuSecond / b.rps.books.requestsPerCpuSecond)]);
    }
  }
  const perCpu = (label, run) => {
    const bare = b.rps.home.requestsPerCpuSecond;
    if (!run?.requestsPerCpuSecond || !bare) return [label, "n/a", "n/a", ""];
    return [label, `${Math.round(run.requestsPerCpuSecond)}`, `${Math.round(bare)}`, ratio(run.requestsPerCpuSecond / bare)];
  };
  rows.push(perCpu("GET / req per server CPU-second", h.rps.home));
  rows.push(perCpu("GET /admin req per server CPU-second", h.rps.admin));
  if (h.rps.books) rows.push(perCpu("GET /books req per server CPU-second", h.rps.books));
  rows.push([
    "GET / latency p50 / p99",
    `${h.rps.home.latencyP50} / ${h.rps.home.latencyP99} ms`,
    `${b.rps.home.latencyP50} / ${b.rps.home.latencyP99} ms`,
    "",
  ]);
  rows.push(["GET / response bytes (no gzip)", h.rps.home.bytesPerRequest, b.rps.home.bytesPerRequest, ratio(h.rps.home.bytesPerRequest / b.rps.home.bytesPerRequest)]);

  console.log("");
  console.log(table(["metric", "Heirloom", "bare", "ratio"], rows));
  const runs = b.rps.home.runs;
  if (runs) console.log(`(bare / was measured before and after Heirloom: ${runs.map((r) => Math.round(r)).join(" and ")} req/s; the mean is used)`);
  console.log("(req per server CPU-second = requests ÷ the server's user+system CPU time: the one-core capacity, little affected by other load)");
  if (results.admin) printAdminReport(results.admin);

  console.log("\nBudgets");
  console.log(
    table(
      ["budget", "ratio", "status"],
      budgets.map((budget) => [budget.name, formatBudget(budget), budget.status]),
    ),
  );

  console.log("\nHeirloom JS by file (gzip -9)");
  for (const [label, page] of [["/login", h.js.login], ["/", h.js.home]]) {
    console.log(`  ${label}: ${page.breakdown.map((f) => `${f.path.replace(/^\/assets\//, "")} ${kb(f.gzip)}`).join(", ")}`);
    if (page.extra.length) console.log(`  ${label}: NOT PRELOADED (reached through static imports only): ${page.extra.join(", ")}`);
  }

  const invalid = Object.values(h.rps).concat(b.rps.home).filter((run) => run && !run.valid);
  for (const run of invalid) console.log(`\n(!) ${run.url}: ${run.non2xx} non-2xx answers, ${run.errors} errors: the rps figure is not a page render.`);

  const over = budgets.filter((budget) => budget.status !== "ok");
  console.log("");
  if (over.length) {
    console.log("=".repeat(72));
    for (const budget of over) console.log(`${budget.status}: ${budget.name} (measured ${formatBudget(budget)})`);
    console.log("=".repeat(72));
  } else {
    console.log("All budgets met.");
  }
}
