// SQLite beside PostgreSQL (issue 21): the same seeded data on each engine, the real production server on each, and
// the same three requests measured on both: a signed-in /books, the workspace and a story save (PUT
// /api/stories/{id}). PostgreSQL's runs on loopback, durable (fsync on), as a hosted one would; its data come from
// SQLite's through `npm run db:copy`. The two servers run side by side and are measured in turns, a request on one
// and then on the other, over several rounds: this machine's speed moves by half from one minute to the next, and
// two figures taken a minute apart compared the minutes more than the engines. Part of `npm run bench`; alone:
// `node scripts/bench/engines.mjs [--duration 10] [--rounds 3]`.
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { startPostgres } from "../postgres-server.mjs";
import { capacity } from "./capacity.mjs";
import { BENCH_ADMIN_PASSWORD, loginAsAdmin } from "./fixtures.mjs";
import { measureRps } from "./load.mjs";
import { cleanupAll, cpuPlan, onCleanup, run, startHeirloom, tempDir } from "./processes.mjs";
import { seed } from "./seed.mjs";

const root = path.resolve(import.meta.dirname, "..", "..");

/** PostgreSQL's p99 may be at most this many times SQLite's (issue 21). */
export const P99_BUDGET = 1.5;
/** The three requests, in the order each round measures them. */
export const ENGINE_REQUESTS = ["books", "workspace", "save"];

/** The three requests on one server: the seeded admin's books, the newest book's workspace, a save of one story. */
export async function requestsOf(server) {
  const cookie = await loginAsAdmin(server.url);
  const headers = { Cookie: cookie };
  const get = async (pathname) => (await fetch(new URL(pathname, server.url), { headers })).json();
  const [book] = await get("/api/books?limit=1");
  const [topic] = await get(`/api/books/${book.id}/topics`);
  const [story] = await get(`/api/topics/${topic.id}/stories`);
  return {
    books: { url: new URL("/books", server.url).href, headers },
    workspace: { url: new URL(`/books/${book.id}`, server.url).href, headers },
    save: {
      url: new URL(`/api/stories/${story.id}`, server.url).href,
      method: "PUT",
      body: JSON.stringify({ title: story.title, content: `${story.content} `, status: "draft" }),
      headers: { ...headers, Origin: server.url, "Content-Type": "application/json" },
    },
  };
}

/** SQLite's data folder copied into an empty PostgreSQL database by `npm run db:copy` (which ends with ANALYZE). */
export async function copyIntoPostgres(sqliteDir, databaseUrl) {
  await run(
    process.execPath,
    [
      path.join(root, "node_modules", "tsx", "dist", "cli.mjs"),
      "scripts/db-copy.ts",
      "--from",
      `sqlite:${sqliteDir}`,
      "--to",
      databaseUrl,
    ],
    { cwd: root, env: process.env, timeoutMs: 300_000, label: "db:copy" },
  );
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** One request's figures over the rounds: each figure's median, valid when every round was. */
function medianOf(runs) {
  const figure = (name) => (runs.every((r) => typeof r[name] === "number") ? median(runs.map((r) => r[name])) : null);
  return {
    url: runs[0].url,
    rps: figure("rps"),
    latencyP50: figure("latencyP50"),
    latencyP99: figure("latencyP99"),
    cpuMsPerRequest: figure("cpuMsPerRequest"),
    requestsPerCpuSecond: figure("requestsPerCpuSecond"),
    requests: runs.reduce((sum, r) => sum + r.requests, 0),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    valid: runs.every((r) => r.valid),
  };
}

/**
 * Seeds SQLite, copies it into a fresh PostgreSQL, starts a server on each and measures the three requests on both in
 * `rounds` rounds, each request on one engine right after the other (the first alternates between rounds). Answers
 * each engine's medians and every round's figures; `log` prints progress.
 */
export async function benchEngines({
  seconds = 10,
  connections = 10,
  rounds = 3,
  cpus = cpuPlan(),
  log = console.log,
} = {}) {
  const sqliteDir = tempDir(os.tmpdir(), "heirloom-bench-sqlite-");
  log("engines: Heirloom on SQLite, seeded");
  const sqlite = await startHeirloom({
    dataDir: sqliteDir,
    adminPassword: BENCH_ADMIN_PASSWORD,
    cpus,
    label: "Heirloom server (SQLite)",
  });
  const seeded = seed(sqliteDir);
  // PostgreSQL is kept off the app server's CPU, as a database on its own machine would be: on the two CPUs of the
  // bench's machine it shares autocannon's. Left to float, its connections took turns on the app server's CPU and
  // slowed the app server down by work a hosted Heirloom does elsewhere.
  const postgres = await startPostgres({ durable: true, cpu: cpus.pinned ? cpus.load : undefined });
  onCleanup(() => void postgres.stop());
  let onPg;
  try {
    log("engines: copying the same data into PostgreSQL (npm run db:copy)");
    await copyIntoPostgres(sqliteDir, postgres.url);
    log("engines: Heirloom on PostgreSQL, beside the one on SQLite (both on the server's CPU, one measured at a time)");
    onPg = await startHeirloom({
      dataDir: tempDir(os.tmpdir(), "heirloom-bench-pg-"),
      adminPassword: BENCH_ADMIN_PASSWORD,
      cpus,
      label: "Heirloom server (PostgreSQL)",
      env: { DATABASE_URL: postgres.url },
    });
    const servers = { sqlite, postgres: onPg };
    const requests = { sqlite: await requestsOf(sqlite), postgres: await requestsOf(onPg) };
    const measured = [];
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? ["sqlite", "postgres"] : ["postgres", "sqlite"];
      const figures = { sqlite: {}, postgres: {} };
      for (const key of ENGINE_REQUESTS)
        for (const engine of order)
          figures[engine][key] = await measureRps(requests[engine][key].url, {
            ...requests[engine][key],
            connections,
            seconds,
            cpu: cpus.load,
            pid: servers[engine].child.pid,
          });
      const line = (run) => `${Math.round(run.rps)} req/s, p99 ${run.latencyP99} ms`;
      for (const key of ENGINE_REQUESTS)
        log(
          `engines: round ${round + 1}, ${key.padEnd(9)} SQLite ${line(figures.sqlite[key])}; ` +
            `PostgreSQL ${line(figures.postgres[key])}`,
        );
      measured.push(figures);
    }
    const ofEngine = (engine) =>
      Object.fromEntries(ENGINE_REQUESTS.map((key) => [key, medianOf(measured.map((round) => round[engine][key]))]));
    const onSqlite = ofEngine("sqlite");
    const onPostgres = ofEngine("postgres");
    const perServer = capacity(onPostgres);
    log(
      `engines: one app server on PostgreSQL (one core at ${perServer.assumptions.coreShare * 100}%) serves about ` +
        `${perServer.writers} people writing at once, ${perServer.families} families`,
    );
    return {
      seeded,
      load: { connections, durationSeconds: seconds },
      sqlite: onSqlite,
      postgres: onPostgres,
      rounds: measured,
      capacity: perServer,
    };
  } finally {
    await onPg?.stop();
    await sqlite.stop();
    await postgres.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values } = parseArgs({
    options: { duration: { type: "string", default: "10" }, rounds: { type: "string", default: "3" } },
  });
  try {
    const result = await benchEngines({ seconds: Number(values.duration), rounds: Number(values.rounds) });
    console.log(JSON.stringify(result, null, 2));
    cleanupAll();
    process.exit(0);
  } catch (error) {
    console.error(error);
    cleanupAll();
    process.exit(1);
  }
}
