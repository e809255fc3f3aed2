// npm run bench: Heirloom as its users meet it, side by side with the bare React Router 8 app kept in
// bench/bare-app/ and built in the same run (docs/bench.md explains every figure):
//   - js:          the gzip JS each page loads at first render: /login, / and /books signed in, the
//                  workspace /books/{id} and the storyteller's door /tell/{token}, each against the bare app's
//                  page of the same role (the door against its lightest, /);
//   - load:        requests per second and p99 latency (autocannon) of signed-in /, /books (100 books,
//                  1,000 stories) and the workspace against the real production server; beside them the bare
//                  app's signed-in reference (a session looked up in SQLite, 100 books with their story counts),
//                  which / and /books are held to (issue 36), and its static pages, under the same load;
//   - lighthouse:  Lighthouse mobile (performance, accessibility, LCP, TBT, CLS) of the same four pages;
//   - interactive: the workspace's and the storyteller's door's time to interactive under slow 4G and 4× CPU
//                  (scripts/bench/interactive.mjs);
//   - admin:       every tab of /admin against 200 users, 2,000 books and 10,000 stories (scripts/bench/admin.mjs);
//   - pdf:         the printed book of 100 stories, of 1,000 stories in Vietnamese (10 million characters, 200
//                  photos), and three of those at once with a one-story book: each one's time, the peak memory of the
//                  server and its keepsake processes, /healthz meanwhile and the server's memory after
//                  (scripts/bench/pdf.mjs);
//   - mail:        10,000 weekly questions due at once, sent through a local SMTP relay by the server's job loop, and
//                  /healthz meanwhile (scripts/bench/mail.mjs);
//   - engines:     SQLite beside PostgreSQL on the same data (scripts/bench/engines.mjs);
//   - variants:    what each optimisation buys: a build with one optimisation taken out (bench/variants/*.patch)
//                  measured beside the project's own, in turns (scripts/bench/variant-bench.mjs).
// It prints one table with the budgets (over budget is printed, never an error exit) and writes
// bench/results.json. Options: --build (rebuild Heirloom first; it is built anyway when build/ is missing),
// --no-js, --no-load, --no-lighthouse, --no-interactive, --no-admin, --no-pdf, --no-mail, --no-engines,
// --no-variants (skip a part), --duration <s> (10) and --connections <n> (10) for the load, --lighthouse-runs <n> (1),
// --interactive-runs <n> (3), --admin-duration <s> (3, per tab), --engine-rounds <n> (3, SQLite and PostgreSQL in
// turns), --variant <name> (only that variant; may be repeated), --variant-rounds <n> (3, with and without in turns),
// --out <file> (bench/results.json).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { adminPages, benchAdmin } from "./admin.mjs";
import { buildBareApp, startBareApp } from "./bare-app.mjs";
import { seedBareApp } from "./bare-seed.mjs";
import { calibratedSlowdown, measureInteractive } from "./interactive.mjs";
import { measurePageJs } from "./js-weight.mjs";
import { auditPages, chromiumPath } from "./lighthouse.mjs";
import { measureRps } from "./load.mjs";
import { benchEngines } from "./engines.mjs";
import { benchMail } from "./mail.mjs";
import { benchPdf } from "./pdf.mjs";
import { benchVariants, variantsBudgetMs } from "./variant-bench.mjs";
import { listVariants, selectVariants } from "./variants.mjs";
import { cleanupAll, cpuPlan, onCleanup, run, tempDir } from "./processes.mjs";
import { budgetsOf, markdownReport, printReport } from "./report.mjs";
import { startSeededHeirloom } from "./seeded-server.mjs";

const root = path.resolve(import.meta.dirname, "..", "..");
const reactRouterCli = path.join(root, "node_modules", "@react-router", "dev", "bin.cjs");

const { values: options } = parseArgs({
  options: {
    build: { type: "boolean", default: false },
    js: { type: "boolean", default: true },
    load: { type: "boolean", default: true },
    lighthouse: { type: "boolean", default: true },
    interactive: { type: "boolean", default: true },
    admin: { type: "boolean", default: true },
    pdf: { type: "boolean", default: true },
    mail: { type: "boolean", default: true },
    engines: { type: "boolean", default: true },
    variants: { type: "boolean", default: true },
    variant: { type: "string", multiple: true, default: [] },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    "lighthouse-runs": { type: "string", default: "1" },
    "interactive-runs": { type: "string", default: "3" },
    "admin-duration": { type: "string", default: "3" },
    "engine-rounds": { type: "string", default: "3" },
    "variant-rounds": { type: "string", default: "3" },
    out: { type: "string", default: path.join("bench", "results.json") },
  },
  allowNegative: true,
});
const int = (name, min, max) => {
  const value = Number(options[name]);
  return Number.isInteger(value) && value >= min && value <= max ? value : null;
};
const seconds = int("duration", 1, 60);
const connections = int("connections", 1, 200);
const lighthouseRuns = int("lighthouse-runs", 1, 9);
const interactiveRuns = int("interactive-runs", 1, 15);
const adminSeconds = int("admin-duration", 1, 60);
const engineRounds = int("engine-rounds", 1, 9);
// "At least two rounds": with one, with and without are each measured in one minute, and the minutes are compared.
const variantRounds = int("variant-rounds", 2, 9);
function usage(problem) {
  if (problem) console.error(`bench: ${problem}`);
  console.error(
    "usage: npm run bench -- [--build] [--no-js] [--no-load] [--no-lighthouse] [--no-interactive] [--no-admin]\n" +
      "       [--no-pdf] [--no-mail] [--no-engines] [--no-variants] [--variant <name>]…\n" +
      "       [--duration 1..60 s] [--connections 1..200] [--lighthouse-runs 1..9] [--interactive-runs 1..15]\n" +
      "       [--admin-duration 1..60 s] [--engine-rounds 1..9] [--variant-rounds 2..9] [--out bench/results.json]",
  );
  process.exit(2);
}
if ([seconds, connections, lighthouseRuns, interactiveRuns, adminSeconds, engineRounds, variantRounds].includes(null))
  usage();
let variants = [];
try {
  // --variant <name> picks the variants to measure, and turns the part on even with --no-variants.
  if (options.variants || options.variant.length) variants = selectVariants(listVariants(), options.variant);
} catch (error) {
  usage(error.message);
}
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const log = (message) => console.log(`[bench ${elapsed().padStart(7)}] ${message}`);
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");

// ---- Always clean up: normal end, failure, Ctrl-C, and a watchdog for anything that hangs.
process.on("exit", cleanupAll);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    console.error(`\nbench: ${signal}, stopping servers and browsers, removing temp dirs`);
    cleanupAll();
    process.exit(130);
  });
}
let watchdog;
function armWatchdog(ms) {
  clearTimeout(watchdog);
  watchdog = setTimeout(() => {
    console.error(`\nbench: gave up after ${elapsed()} (watchdog); stopping servers and browsers, removing temp dirs`);
    cleanupAll();
    process.exit(1);
  }, ms);
}

function newestMtime(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

async function buildHeirloom() {
  const serverBuild = path.join(root, "build", "server", "index.js");
  const missing = !fs.existsSync(serverBuild) || !fs.existsSync(path.join(root, "build", "client", "assets"));
  if (missing || options.build) {
    log(missing ? "no Heirloom build: building it (react-router build)" : "--build: rebuilding Heirloom");
    await run(process.execPath, [reactRouterCli, "build"], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "production" },
      timeoutMs: 300_000,
      label: "Heirloom build",
    });
    log("Heirloom built");
    return { rebuilt: true, stale: false };
  }
  const sources = ["app", "db", "public", "react-router.config.ts", "vite.config.ts", "package-lock.json"];
  const stale = Math.max(...sources.map((s) => newestMtime(path.join(root, s)))) > fs.statSync(serverBuild).mtimeMs;
  if (stale)
    log("WARNING: build/ is older than the sources; figures are for the old build (run `npm run bench -- --build`)");
  return { rebuilt: false, stale };
}

async function rpsRun(label, server, page, headers, cpus) {
  const result = await measureRps(new URL(page, server.url).href, {
    connections,
    seconds,
    headers,
    cpu: cpus.load,
    pid: server.child.pid,
  });
  const perCpu = result.requestsPerCpuSecond
    ? `, ${Math.round(result.requestsPerCpuSecond)} req per server CPU-second`
    : "";
  log(
    `  ${label.padEnd(8)} GET ${page.padEnd(10)} ${String(Math.round(result.rps)).padStart(5)} req/s, ` +
      `p99 ${result.latencyP99} ms${perCpu}` +
      `${result.valid ? "" : ` (INVALID: ${result.non2xx} non-2xx, ${result.errors} errors)`}`,
  );
  return result;
}

/** Two runs of the same page: their mean, keeping both so that the spread is visible. */
function meanRun(a, b) {
  const mean = (key) => (a[key] === null || b[key] === null ? null : (a[key] + b[key]) / 2);
  return {
    ...a,
    rps: mean("rps"),
    requests: a.requests + b.requests,
    latencyP50: mean("latencyP50"),
    latencyP99: mean("latencyP99"),
    serverCpuSeconds: mean("serverCpuSeconds"),
    cpuMsPerRequest: mean("cpuMsPerRequest"),
    requestsPerCpuSecond: mean("requestsPerCpuSecond"),
    non2xx: a.non2xx + b.non2xx,
    errors: a.errors + b.errors,
    valid: a.valid && b.valid,
    runs: [a.rps, b.rps],
  };
}

/**
 * The storyteller's door of the seeded book (issue 18): a question added to its first topic, so that the page asks
 * one and loads its script, and a link made through the API as the owner makes it. Returns the page's path.
 */
async function storytellerPage(origin, bookId, cookie) {
  const headers = { Cookie: cookie, Origin: origin, "Content-Type": "application/json" };
  const call = async (method, pathname, body) => {
    const response = await fetch(new URL(pathname, origin), { method, headers, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${pathname} answered ${response.status}`);
    return response.json();
  };
  const [topic] = await (await fetch(new URL(`/api/books/${bookId}/topics`, origin), { headers })).json();
  await call("POST", `/api/topics/${topic.id}/questions`, { question: "Where were you born?" });
  const link = await call("POST", `/api/books/${bookId}/storyteller-links`, { name: "Grandma", address: "ban" });
  return new URL(link.url).pathname;
}

function chromiumVersion() {
  const out = spawnSync(chromiumPath(), ["--version"], { encoding: "utf8", timeout: 10_000 });
  return out.status === 0 ? out.stdout.trim() : null;
}

/**
 * The parts that measure pages (js, load, lighthouse, interactive): Heirloom's beside the bare app's, each on a server
 * of its own, both started once. Skipped whole, bare build included, when none of those parts is on.
 */
async function benchPages(cpus, workDir) {
  log("building the bare app (bench/bare-app)");
  const bareBuild = await buildBareApp(path.join(workDir, "bare-build"));
  const bareDb = path.join(workDir, "bare.db");
  const bareSeeded = seedBareApp(bareDb);
  log(
    `seeded the bare app's signed-in reference: ${bareSeeded.books} books, ${bareSeeded.topics} topics, ` +
      `${bareSeeded.stories} stories`,
  );

  // Both servers run side by side on the same core; only one is under load at a time.
  log("starting Heirloom (node server/index.mjs)");
  const heirloomServer = await startSeededHeirloom({ cpus, label: "Heirloom server" });
  const { seeded } = heirloomServer;
  log(`seeded ${seeded.books} books, ${seeded.topics} topics, ${seeded.stories} stories for admin`);
  log("starting the bare app (react-router-serve)");
  const bareServer = await startBareApp(bareBuild, { cpu: cpus.pinned ? cpus.server : undefined, db: bareDb });
  const signedIn = { Cookie: heirloomServer.cookie };

  // The workspace is the seeded user's most recent book's: contents, editor and preview.
  const bookId = heirloomServer.pages.workspace.split("/").pop();
  const tell = await storytellerPage(heirloomServer.url, bookId, heirloomServer.cookie);
  const pages = { ...heirloomServer.pages, tell };
  // The bare app's page of the same role for each; the storyteller's door is held to the bare app's lightest page.
  const barePages = { login: "/login", home: "/", books: "/books", workspace: "/books/1", tell: "/" };
  // The floor of any signed-in list page, which Heirloom's signed-in / and /books are held to (issue 36).
  const signedInReference = "/signed-in/books";
  const bareSignedIn = { Cookie: bareSeeded.cookie };
  const headersFor = (key) => (key === "login" || key === "tell" ? {} : signedIn);

  const heirloom = {
    seeded: heirloomServer.seeded,
    js: null,
    load: null,
    lighthouse: null,
    interactive: null,
    interactiveCalibrated: null,
  };
  const bare = {
    seeded: { books: bareSeeded.books, topics: bareSeeded.topics, stories: bareSeeded.stories },
    js: null,
    load: null,
    lighthouse: null,
    interactive: null,
    interactiveCalibrated: null,
  };

  if (options.js) {
    log("JS at first render (gzip -9)");
    heirloom.js = {};
    bare.js = {};
    for (const [key, page] of Object.entries(pages))
      heirloom.js[key] = await measurePageJs(heirloomServer.url, page, { headers: headersFor(key) });
    for (const [key, page] of Object.entries(barePages)) bare.js[key] = await measurePageJs(bareServer.url, page);
  }

  if (options.load) {
    log(
      `load: autocannon, ${connections} connections, 2 s warm-up + ${seconds} s per page; ` +
        `the bare app's signed-in reference ${signedInReference} before and after Heirloom`,
    );
    heirloom.load = {};
    bare.load = {};
    const referenceBefore = await rpsRun("bare", bareServer, signedInReference, bareSignedIn, cpus);
    for (const key of ["books", "workspace", "home"])
      heirloom.load[key] = await rpsRun("Heirloom", heirloomServer, pages[key], signedIn, cpus);
    const referenceAfter = await rpsRun("bare", bareServer, signedInReference, bareSignedIn, cpus);
    bare.load.signedIn = meanRun(referenceBefore, referenceAfter);
    for (const key of ["books", "workspace", "home"])
      bare.load[key] = await rpsRun("bare", bareServer, barePages[key], {}, cpus);
  }

  if (options.lighthouse) {
    log(`Lighthouse mobile, ${lighthouseRuns} run(s) per page`);
    const targets = [
      ...Object.entries(pages).map(([key, page]) => ({
        key,
        app: "Heirloom",
        url: new URL(page, heirloomServer.url).href,
        headers: key === "login" || key === "tell" ? null : signedIn,
      })),
      ...Object.entries(barePages).map(([key, page]) => ({
        key,
        app: "bare",
        url: new URL(page, bareServer.url).href,
      })),
    ];
    const audits = await auditPages(targets, { runs: lighthouseRuns, log });
    heirloom.lighthouse = Object.fromEntries(audits.filter((a) => a.app === "Heirloom").map((a) => [a.key, a]));
    bare.lighthouse = Object.fromEntries(audits.filter((a) => a.app === "bare").map((a) => [a.key, a]));
  }

  if (options.interactive) {
    log(`time to interactive under slow 4G and 4× CPU, ${interactiveRuns} cold run(s) each`);
    const workspaces = [
      {
        key: "workspace",
        app: "Heirloom",
        url: new URL(pages.workspace, heirloomServer.url).href,
        cookie: heirloomServer.cookie,
      },
      { key: "workspace", app: "bare", url: new URL(barePages.workspace, bareServer.url).href },
    ];
    const [h, b, t] = await measureInteractive(
      [...workspaces, { key: "tell", app: "Heirloom", url: new URL(pages.tell, heirloomServer.url).href }],
      { runs: interactiveRuns, log },
    );
    heirloom.interactive = { workspace: h, tell: t };
    bare.interactive = { workspace: b };
    // The fixed 4× is the budget's condition; beside it, the slowdown that makes this machine a mid-tier phone.
    const calibration = await calibratedSlowdown();
    log(
      `the same with the CPU calibrated to a mid-tier phone: benchmarkIndex ${calibration.benchmarkIndex}, ` +
        `so ${calibration.cpuSlowdown}× instead of 4×`,
    );
    const [hc, bc] = await measureInteractive(workspaces, {
      runs: interactiveRuns,
      log,
      cpuSlowdown: calibration.cpuSlowdown,
    });
    heirloom.interactiveCalibrated = { benchmarkIndex: calibration.benchmarkIndex, workspace: hc };
    bare.interactiveCalibrated = { benchmarkIndex: calibration.benchmarkIndex, workspace: bc };
  }

  await Promise.all([heirloomServer.stop(), bareServer.stop()]);
  return { pages, barePages, signedInReference, heirloom, bare };
}

async function main() {
  const cpus = cpuPlan();
  const machine = {
    cpus: os.availableParallelism(),
    plan: cpus.note,
    loadAverageAtStart: os.loadavg(),
    loadAverageAtEnd: null,
  };
  log(`node ${process.version}, ${machine.cpus} CPUs; ${cpus.note}; load average ${load()}`);
  if (machine.loadAverageAtStart[0] > 0.5)
    log(
      "WARNING: other work shares the CPUs: req/s and Lighthouse's TBT are noisy; " +
        "compare req per CPU-second, and run again when the machine is quiet",
    );
  const heirloomBuild = await buildHeirloom();

  // Everything after the Heirloom build is bounded: the bare build, starts, load runs, audits and the admin.
  const loadMs = options.load ? 8 * (seconds + 2 + 5) * 1000 : 0;
  const lighthouseMs = options.lighthouse ? 8 * lighthouseRuns * 60_000 : 0;
  const interactiveMs = options.interactive ? 5 * interactiveRuns * 45_000 + 60_000 : 0;
  const adminMs = options.admin ? (40 + adminPages(0).length * (adminSeconds + 1 + 8)) * 1000 : 0;
  // The pdf part: a start, six books seeded, and three parts of about 5 s, 30 s and 75 s on a quiet machine (under
  // 2 minutes in all), with room for a busy one.
  const pdfMs = options.pdf ? 480_000 : 0;
  // The mail part: a start, a seed, and at most 15 minutes of sending.
  const mailMs = options.mail ? 960_000 : 0;
  // SQLite then PostgreSQL: two starts, a PostgreSQL, a copy, and three load runs on each.
  const enginesMs = options.engines ? 180_000 + engineRounds * 6 * (seconds + 2 + 5) * 1000 : 0;
  // Each variant: a copy and a build, then its measure in turns (scripts/bench/variant-bench.mjs).
  const variantsMs = variantsBudgetMs(variants, { rounds: variantRounds, seconds });
  armWatchdog(120_000 + loadMs + lighthouseMs + interactiveMs + adminMs + pdfMs + mailMs + enginesMs + variantsMs);

  const tmpRoot = path.join(root, ".tmp");
  if (!fs.existsSync(tmpRoot)) onCleanup(() => fs.rmdirSync(tmpRoot)); // only if this run made it and it is empty again
  const workDir = tempDir(tmpRoot, "bench-");
  const nothing = {
    seeded: null,
    js: null,
    load: null,
    lighthouse: null,
    interactive: null,
    interactiveCalibrated: null,
  };
  const { pages, barePages, signedInReference, heirloom, bare } =
    options.js || options.load || options.lighthouse || options.interactive
      ? await benchPages(cpus, workDir)
      : { pages: null, barePages: null, signedInReference: null, heirloom: nothing, bare: { ...nothing } };

  // The admin dashboard on a server and database of its own, after the others have stopped.
  const admin = options.admin ? await benchAdmin({ seconds: adminSeconds, connections, cpus, log }) : null;
  // The keepsake book, on a server of its own too: its memory is the generation's, not the load runs'.
  const pdf = options.pdf ? await benchPdf({ log }) : null;
  // The weekly mail, on a server and a relay of their own.
  const mail = options.mail ? await benchMail({ cpus, log }) : null;
  // SQLite beside PostgreSQL on the same data (issue 21), on servers of their own as well.
  const engines = options.engines
    ? await benchEngines({ seconds, connections, rounds: engineRounds, cpus, log })
    : null;
  // What each optimisation buys: the project's build beside one without it, in turns, last (issue 36).
  const measuredVariants = variants.length
    ? {
        rounds: variantRounds,
        load: { connections, durationSeconds: seconds, warmupSeconds: 2 },
        list: await benchVariants({ variants, rounds: variantRounds, seconds, connections, cpus, workDir, log }),
      }
    : null;
  clearTimeout(watchdog);
  machine.loadAverageAtEnd = os.loadavg();

  const results = {
    date: new Date().toISOString(),
    node: process.version,
    chromium: options.lighthouse || options.interactive || variants.length ? chromiumVersion() : null,
    machine,
    options: {
      js: options.js,
      load: options.load,
      lighthouse: options.lighthouse,
      interactive: options.interactive,
      admin: options.admin,
      pdf: options.pdf,
      mail: options.mail,
      engines: options.engines,
      variants: variants.map((variant) => variant.name),
    },
    loadGenerator: options.load
      ? { tool: "autocannon", connections, durationSeconds: seconds, warmupSeconds: 2 }
      : null,
    lighthouseRuns: options.lighthouse ? lighthouseRuns : null,
    interactiveRuns: options.interactive ? interactiveRuns : null,
    heirloomBuild,
    pages,
    barePages,
    signedInReference,
    heirloom,
    bare,
    admin,
    pdf,
    mail,
    engines,
    variants: measuredVariants,
  };
  results.budgets = budgetsOf(results);
  printReport(results);
  results.durationSeconds = Math.round((Date.now() - started) / 100) / 10;
  const out = path.resolve(root, options.out);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  const markdown = `${out.replace(/\.json$/, "")}.md`;
  fs.writeFileSync(markdown, markdownReport(results));
  console.log(
    `\nFigures written to ${path.relative(root, out)}, the table to ${path.relative(root, markdown)}. ` +
      `Bench took ${elapsed()}; load average at the end ${load()}.`,
  );
}

try {
  await main();
  cleanupAll();
  process.exit(0);
} catch (error) {
  console.error(`\nbench failed after ${elapsed()}: ${error.stack ?? error}`);
  cleanupAll();
  process.exit(1);
}
