// npm run bench: Heirloom against a bare React Router 8 app built in the same run.
//   - client JS at first render (gzip -9) of /login and / (Heirloom signed in);
//   - requests per second of signed-in pages (/, /admin, and /books once it exists) against the real
//     production server with 100 books and 1,000 stories, and of the bare app's / under the same load;
//   - the budgets of DESIGN.md and issue 2. Over budget is printed, never an error exit;
//   - the admin dashboard (issue 7): every tab of /admin against 200 users, 2,000 books and 10,000 stories
//     on a server of its own, requests per second and the SQL queries per render (scripts/bench/admin.mjs).
// Options: --build (rebuild Heirloom first), --duration <s> (default 10), --connections <n> (default 10),
// --admin-duration <s> (default 3, per admin tab), --no-admin (skip the admin dashboard).
// Figures are also written to build/bench-results.json.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { writeBareApp } from "./bare-app.mjs";
import { adminBudgets, adminPages, benchAdmin } from "./admin.mjs";
import { BENCH_ADMIN_PASSWORD, loginAsAdmin } from "./fixtures.mjs";
import { measurePageJs } from "./js-weight.mjs";
import { measureRps } from "./load.mjs";
import { cleanupAll, cpuPlan, freePort, nodeCommand, onCleanup, run, startServer, tempDir } from "./processes.mjs";
import { checkBudgets, kb, printReport } from "./report.mjs";
import { seed } from "./seed.mjs";

const root = path.resolve(import.meta.dirname, "..", "..");
const reactRouterCli = path.join(root, "node_modules", "@react-router", "dev", "bin.cjs");
const serveCli = path.join(root, "node_modules", "@react-router", "serve", "dist", "cli.js");
const ADMIN_PASSWORD = BENCH_ADMIN_PASSWORD;

const { values: options } = parseArgs({
  options: {
    build: { type: "boolean", default: false },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    "admin-duration": { type: "string", default: "3" },
    admin: { type: "boolean", default: true },
  },
  allowNegative: true,
});
const adminSeconds = Number(options["admin-duration"]);
const seconds = Number(options.duration);
const connections = Number(options.connections);
if (
  !(Number.isInteger(seconds) && seconds > 0 && seconds <= 60) ||
  !(Number.isInteger(connections) && connections > 0 && connections <= 200) ||
  !(Number.isInteger(adminSeconds) && adminSeconds > 0 && adminSeconds <= 60)
) {
  console.error("usage: npm run bench -- [--build] [--duration 1..60 seconds] [--connections 1..200] [--admin-duration 1..60 seconds] [--no-admin]");
  process.exit(2);
}
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const log = (message) => console.log(`[bench ${elapsed().padStart(7)}] ${message}`);

// ---- Always clean up: normal end, failure, Ctrl-C, and a watchdog for anything that hangs.
process.on("exit", cleanupAll);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    console.error(`\nbench: ${signal}, stopping servers and removing temp dirs`);
    cleanupAll();
    process.exit(130);
  });
}
let watchdog;
function armWatchdog(ms) {
  clearTimeout(watchdog);
  watchdog = setTimeout(() => {
    console.error(`\nbench: gave up after ${elapsed()} (watchdog); stopping servers and removing temp dirs`);
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
  if (stale) log("WARNING: build/ is older than the sources; figures are for the old build (run `npm run bench -- --build`)");
  return { rebuilt: false, stale };
}

async function buildBare(workDir) {
  const appDir = writeBareApp(path.join(workDir, "bare"));
  const buildDir = path.join(workDir, "bare-build");
  log("building the bare React Router app");
  await run(process.execPath, [reactRouterCli, "build"], {
    cwd: appDir,
    env: { ...process.env, NODE_ENV: "production", BENCH_BARE_BUILD_DIR: buildDir },
    timeoutMs: 120_000,
    label: "bare app build",
  });
  log("bare app built");
  return { appDir, buildDir };
}


/** The real production server on a fresh data dir, seeded, with the admin signed in. */
async function startHeirloom(cpus) {
  const dataDir = tempDir(os.tmpdir(), "heirloom-bench-data-");
  const [command, args] = nodeCommand([path.join(root, "server", "index.mjs")], cpus.pinned ? cpus.server : undefined);
  log("starting Heirloom (node server/index.mjs)");
  const server = await startServer(command, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      COOKIE_SECURE: "false",
    },
    readyFrom: (output) => /listening on (http:\/\/\S+)/.exec(output)?.[1],
    label: "Heirloom server",
  });
  onCleanup(() => server.child.kill("SIGKILL"));
  const seeded = seed(dataDir);
  log(`seeded ${seeded.books} books, ${seeded.topics} topics, ${seeded.stories} stories for admin`);
  const cookie = await loginAsAdmin(server.url);
  return { ...server, seeded, cookie };
}

/** The bare app's build served by react-router-serve. */
async function startBare(cpus, bare) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const [command, args] = nodeCommand([serveCli, path.join(bare.buildDir, "server", "index.js")], cpus.pinned ? cpus.server : undefined);
  log("starting the bare app (react-router-serve)");
  // react-router-serve logs every request (morgan); that log goes to /dev/null rather than a pipe.
  const server = await startServer(command, args, {
    cwd: bare.appDir,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1" },
    probeUrl: `${origin}/`,
    quietStdout: true,
    label: "bare server",
  });
  onCleanup(() => server.child.kill("SIGKILL"));
  return server;
}

async function rpsRun(label, server, page, headers, cpus) {
  log(`autocannon GET ${page} (${label}): ${connections} connections, 2 s warm-up + ${seconds} s`);
  const result = await measureRps(new URL(page, server.url).href, { connections, seconds, headers, cpu: cpus.load, pid: server.child.pid });
  const perCpu = result.requestsPerCpuSecond ? `, ${Math.round(result.requestsPerCpuSecond)} req per server CPU-second` : "";
  log(`  ${Math.round(result.rps)} req/s${perCpu}${result.valid ? "" : ` (INVALID: ${result.non2xx} non-2xx, ${result.errors} errors)`}`);
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

let loadAverage;

async function main() {
  const cpus = cpuPlan();
  log(`node ${process.version}, ${os.availableParallelism()} CPUs; ${cpus.note}`);
  loadAverage = os.loadavg()[0];
  if (loadAverage > 0.5) log(`WARNING: load average ${loadAverage.toFixed(2)}: other work shares the CPUs, so req/s is noisy; compare the req per CPU-second figures`);
  const heirloomBuild = await buildHeirloom();
  // Everything after the Heirloom build is bounded: the bare build, starts, and four or five load runs.
  const adminMs = options.admin ? (40 + adminPages(0).length * (adminSeconds + 1 + 8)) * 1000 : 0;
  armWatchdog((100 + 8 * (seconds + 2 + 5)) * 1000 + adminMs);
  const tmpRoot = path.join(root, ".tmp");
  if (!fs.existsSync(tmpRoot)) onCleanup(() => fs.rmdirSync(tmpRoot)); // only if this run made it and it is empty again
  const workDir = tempDir(tmpRoot, "bench-");
  const bare = await buildBare(workDir);

  // Both servers run side by side on the same core; only one is under load at a time, and the bare
  // app is measured before and after Heirloom so that a change in the machine's load shows up.
  const heirloomServer = await startHeirloom(cpus);
  const bareServer = await startBare(cpus, bare);
  const signedIn = { Cookie: heirloomServer.cookie };

  const heirloom = { seeded: heirloomServer.seeded, js: {}, rps: {} };
  heirloom.js.login = await measurePageJs(heirloomServer.url, "/login");
  heirloom.js.home = await measurePageJs(heirloomServer.url, "/", { headers: signedIn });
  heirloom.js.books = await measurePageJs(heirloomServer.url, "/books", { headers: signedIn });
  // The workspace of the seeded user's most recent book: panels, contents, editor and preview.
  const [firstBook] = await (await fetch(new URL("/api/books?limit=1", heirloomServer.url), { headers: signedIn })).json();
  const workspacePath = `/books/${firstBook.id}`;
  heirloom.js.workspace = await measurePageJs(heirloomServer.url, workspacePath, { headers: signedIn });
  log(`Heirloom JS: /login ${kb(heirloom.js.login.gzip)}, / ${kb(heirloom.js.home.gzip)}, /books ${kb(heirloom.js.books.gzip)}, ${workspacePath} ${kb(heirloom.js.workspace.gzip)} (gzip -9)`);
  const bareResults = { js: {}, rps: {} };
  bareResults.js.login = await measurePageJs(bareServer.url, "/login");
  bareResults.js.home = await measurePageJs(bareServer.url, "/");
  log(`bare JS: /login ${kb(bareResults.js.login.gzip)}, / ${kb(bareResults.js.home.gzip)} (gzip -9)`);

  const pages = { home: "/", admin: "/admin", workspace: workspacePath };
  const books = await fetch(new URL("/books", heirloomServer.url), { headers: signedIn, redirect: "manual" });
  await books.arrayBuffer();
  if (books.status === 200) pages.books = "/books";
  else log(`Heirloom /books answers ${books.status}: not measured (DESIGN.md's server budget names it; measured once it exists)`);

  const bareBefore = await rpsRun("bare", bareServer, "/", {}, cpus);
  for (const [key, page] of Object.entries(pages)) heirloom.rps[key] = await rpsRun("Heirloom, signed in as admin", heirloomServer, page, signedIn, cpus);
  const bareAfter = await rpsRun("bare, again", bareServer, "/", {}, cpus);
  bareResults.rps.home = meanRun(bareBefore, bareAfter);
  // Issue 3's budget compares /books with the bare app's list page.
  if (pages.books) bareResults.rps.books = await rpsRun("bare list page", bareServer, "/books", {}, cpus);
  if (!pages.books) heirloom.rps.books = null;

  await Promise.all([heirloomServer.stop(), bareServer.stop()]);

  // The admin dashboard on a server and database of its own, after the others have stopped.
  const admin = options.admin ? await benchAdmin({ seconds: adminSeconds, connections, cpus, log }) : null;
  clearTimeout(watchdog);

  const results = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus.note,
    loadAverageAtStart: loadAverage,
    load: { tool: "autocannon", connections, durationSeconds: seconds, warmupSeconds: 2 },
    heirloomBuild,
    heirloom,
    bare: bareResults,
    admin,
  };
  const budgets = [...checkBudgets(results), ...(admin ? adminBudgets(admin) : [])];
  printReport(results, budgets);
  results.budgets = budgets;
  results.durationSeconds = Math.round((Date.now() - started) / 100) / 10;
  const out = path.join(root, "build", "bench-results.json");
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nFigures written to ${path.relative(root, out)}. Bench took ${elapsed()}.`);
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
