// The admin dashboard under load (issue 7): the real production server on its own data directory with
// 200 users, 2,000 books, 10,000 topics and 10,000 stories, signed in as the admin; each tab's requests
// per second (autocannon) and, from the page's Server-Timing header, the SQL queries behind it and the
// time they took. Part of `npm run bench`; alone: `node scripts/bench/admin.mjs [--duration 3]`.
import os from "node:os";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { ADMIN_BENCH_SHAPE, seedAdmin } from "./admin-seed.mjs";
import { loginAsAdmin } from "./fixtures.mjs";
import { measureRps } from "./load.mjs";
import { cleanupAll, cpuPlan, startHeirloom, tempDir } from "./processes.mjs";

const ADMIN_PASSWORD = "bench-admin-password-2";
/**
 * What a tab may cost at most (issue 7: "a bounded number of SQL queries"; app/routes/admin/admin-page.server.test.ts).
 */
export const ADMIN_QUERY_BUDGET = 8;

export function adminPages(someUser) {
  return [
    ["Overview", "/admin"],
    ["Users", "/admin?tab=users"],
    ["Books", "/admin?tab=books"],
    ["Books, by title, English, page 5", "/admin?tab=books&sort=title&dir=desc&language=en&page=5"],
    ["Topics", "/admin?tab=topics"],
    ["Stories", "/admin?tab=stories"],
    ["Stories, searched", "/admin?tab=stories&q=river"],
    ["Content Explorer", "/admin?tab=content"],
    ["Content Explorer, one user", `/admin?tab=content&user=${someUser}`],
  ];
}

/**
 * One request: the SQL queries and their time from `Server-Timing: admin-data;desc="N SQL queries";dur=ms`, and the
 * size.
 */
async function serverTiming(url, cookie) {
  const response = await fetch(url, { headers: { Cookie: cookie }, signal: AbortSignal.timeout(15_000) });
  const bytes = (await response.arrayBuffer()).byteLength;
  const timing = /desc="(\d+) SQL queries";dur=([\d.]+)/.exec(response.headers.get("server-timing") ?? "");
  return {
    status: response.status,
    bytes,
    queries: timing ? Number(timing[1]) : null,
    dataMs: timing ? Number(timing[2]) : null,
  };
}

/**
 * Starts Heirloom on a fresh data directory, seeds the admin bench data, then measures every tab.
 * `log` prints progress; `cpus` is processes.mjs's plan (server and load generator on separate cores).
 */
export async function benchAdmin({ seconds = 3, connections = 10, cpus = cpuPlan(), log = console.log } = {}) {
  const dataDir = tempDir(os.tmpdir(), "heirloom-bench-admin-");
  log("admin: starting Heirloom on a fresh data directory");
  const server = await startHeirloom({
    dataDir,
    adminPassword: ADMIN_PASSWORD,
    cpus,
    label: "Heirloom server (admin bench)",
    env: { SERVER_TIMING: "1" },
  });
  try {
    const started = Date.now();
    const seeded = seedAdmin(dataDir, ADMIN_BENCH_SHAPE);
    log(
      `admin: seeded ${seeded.users} users, ${seeded.books} books, ${seeded.topics} topics, ` +
        `${seeded.stories} stories in ${Date.now() - started} ms`,
    );
    const cookie = await loginAsAdmin(server.url, ADMIN_PASSWORD);
    const tabs = [];
    for (const [label, page] of adminPages(seeded.someUser)) {
      const url = new URL(page, server.url).href;
      const rps = await measureRps(url, {
        connections,
        seconds,
        warmupSeconds: 1,
        headers: { Cookie: cookie },
        cpu: cpus.load,
        pid: server.child.pid,
      });
      const timing = await serverTiming(url, cookie);
      log(
        `admin: ${label.padEnd(34)} ${String(Math.round(rps.rps)).padStart(5)} req/s, p50 ${rps.latencyP50} ms, ` +
          `${timing.queries} SQL queries in ${timing.dataMs} ms`,
      );
      tabs.push({ label, page, ...rps, ...timing, valid: rps.valid && timing.status === 200 });
    }
    return { seeded, load: { connections, durationSeconds: seconds, warmupSeconds: 1 }, tabs };
  } finally {
    await server.stop();
  }
}

const table = (headers, rows) => {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  ");
  return [line(headers), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
};

/** The admin section of the report: one row per tab. */
export function printAdminReport(admin) {
  const { seeded, load } = admin;
  console.log(
    `\nAdmin dashboard: ${seeded.users} users, ${seeded.books} books, ${seeded.topics} topics, ` +
      `${seeded.stories} stories; autocannon ${load.connections} connections, ${load.durationSeconds} s per tab`,
  );
  console.log(
    table(
      ["tab", "req/s", "p50 ms", "p99 ms", "req/CPU-s", "SQL queries", "SQL ms", "HTML kB"],
      admin.tabs.map((t) => [
        `${t.label}${t.valid ? "" : " (!)"}`,
        Math.round(t.rps),
        t.latencyP50,
        t.latencyP99,
        t.requestsPerCpuSecond ? Math.round(t.requestsPerCpuSecond) : "n/a",
        t.queries ?? "n/a",
        t.dataMs ?? "n/a",
        (t.bytes / 1000).toFixed(1),
      ]),
    ),
  );
  console.log(
    "(SQL queries and ms: one request's Server-Timing, the admin loader's data only; " +
      `the budget is ${ADMIN_QUERY_BUDGET} per tab)`,
  );
}

/** Budgets for report.mjs: every tab within the query budget, and every run a real page render. */
export function adminBudgets(admin) {
  const worst = Math.max(...admin.tabs.map((t) => t.queries ?? Infinity));
  const valid = admin.tabs.every((t) => t.valid);
  const status = !valid ? "INVALID" : worst <= ADMIN_QUERY_BUDGET ? "ok" : "OVER BUDGET";
  return [
    {
      name: `admin tabs: SQL queries per render ≤ ${ADMIN_QUERY_BUDGET} (issue 7)`,
      value: worst,
      max: ADMIN_QUERY_BUDGET,
      valid,
      unit: "queries",
      status,
    },
  ];
}

// Run alone: node scripts/bench/admin.mjs [--duration 3] [--connections 10]
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values } = parseArgs({
    options: { duration: { type: "string", default: "3" }, connections: { type: "string", default: "10" } },
  });
  process.on("exit", cleanupAll);
  try {
    const admin = await benchAdmin({ seconds: Number(values.duration), connections: Number(values.connections) });
    printAdminReport(admin);
    for (const budget of adminBudgets(admin))
      console.log(`${budget.status}: ${budget.name} (worst tab: ${budget.value})`);
    cleanupAll();
    process.exit(0);
  } catch (error) {
    console.error(`admin bench failed: ${error.stack ?? error}`);
    cleanupAll();
    process.exit(1);
  }
}
