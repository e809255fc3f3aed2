// SQLite beside PostgreSQL (issue 21): the same seeded data on each engine, the real production server on each in
// turn, and the same three requests measured on both in one run: a signed-in /books, the workspace and a story
// save (PUT /api/stories/{id}). PostgreSQL's runs on loopback, durable (fsync on), as a hosted one would; its data
// come from SQLite's through `npm run db:copy`. Part of `npm run bench`; alone: `node scripts/bench/engines.mjs`.
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

/** The three requests on one server: the seeded admin's books, the newest book's workspace, a save of one story. */
async function measureEngine(server, { seconds, connections, cpus }) {
  const cookie = await loginAsAdmin(server.url);
  const headers = { Cookie: cookie };
  const get = async (pathname) => (await fetch(new URL(pathname, server.url), { headers })).json();
  const [book] = await get("/api/books?limit=1");
  const [topic] = await get(`/api/books/${book.id}/topics`);
  const [story] = await get(`/api/topics/${topic.id}/stories`);
  const options = { connections, seconds, cpu: cpus.load, pid: server.child.pid };
  const save = JSON.stringify({ title: story.title, content: `${story.content} `, status: "draft" });
  return {
    books: await measureRps(new URL("/books", server.url).href, { ...options, headers }),
    workspace: await measureRps(new URL(`/books/${book.id}`, server.url).href, { ...options, headers }),
    save: await measureRps(new URL(`/api/stories/${story.id}`, server.url).href, {
      ...options,
      method: "PUT",
      body: save,
      headers: { ...headers, Origin: server.url, "Content-Type": "application/json" },
    }),
  };
}

/** Seeds SQLite, measures it, copies it into a fresh PostgreSQL, measures that; `log` prints progress. */
export async function benchEngines({ seconds = 10, connections = 10, cpus = cpuPlan(), log = console.log } = {}) {
  const sqliteDir = tempDir(os.tmpdir(), "heirloom-bench-sqlite-");
  log("engines: Heirloom on SQLite, seeded");
  const sqlite = await startHeirloom({
    dataDir: sqliteDir,
    adminPassword: BENCH_ADMIN_PASSWORD,
    cpus,
    label: "Heirloom server (SQLite)",
  });
  const seeded = seed(sqliteDir);
  let onSqlite;
  try {
    onSqlite = await measureEngine(sqlite, { seconds, connections, cpus });
  } finally {
    await sqlite.stop();
  }
  // PostgreSQL is kept off the app server's CPU, as a database on its own machine would be: on the two CPUs of the
  // bench's machine it shares autocannon's. Left to float, its connections took turns on the app server's CPU and
  // slowed the app server down by work a hosted Heirloom does elsewhere.
  const postgres = await startPostgres({ durable: true, cpu: cpus.pinned ? cpus.load : undefined });
  onCleanup(() => void postgres.stop());
  try {
    log("engines: copying the same data into PostgreSQL (npm run db:copy)");
    await run(
      process.execPath,
      [
        path.join(root, "node_modules", "tsx", "dist", "cli.mjs"),
        "scripts/db-copy.ts",
        "--from",
        `sqlite:${sqliteDir}`,
        "--to",
        postgres.url,
      ],
      { cwd: root, env: process.env, timeoutMs: 300_000, label: "db:copy" },
    );
    log("engines: Heirloom on PostgreSQL");
    const pgDir = tempDir(os.tmpdir(), "heirloom-bench-pg-");
    const onPg = await startHeirloom({
      dataDir: pgDir,
      adminPassword: BENCH_ADMIN_PASSWORD,
      cpus,
      label: "Heirloom server (PostgreSQL)",
      env: { DATABASE_URL: postgres.url },
    });
    let onPostgres;
    try {
      onPostgres = await measureEngine(onPg, { seconds, connections, cpus });
    } finally {
      await onPg.stop();
    }
    const figures = (run) => `${Math.round(run.rps)} req/s, p99 ${run.latencyP99} ms`;
    for (const key of ["books", "workspace", "save"])
      log(`engines: ${key.padEnd(9)} SQLite ${figures(onSqlite[key])}; PostgreSQL ${figures(onPostgres[key])}`);
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
      capacity: perServer,
    };
  } finally {
    await postgres.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values } = parseArgs({ options: { duration: { type: "string", default: "10" } } });
  try {
    const result = await benchEngines({ seconds: Number(values.duration) });
    console.log(JSON.stringify(result, null, 2));
    cleanupAll();
    process.exit(0);
  } catch (error) {
    console.error(error);
    cleanupAll();
    process.exit(1);
  }
}
