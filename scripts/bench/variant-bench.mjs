import os from "node:os";
import path from "node:path";
import { startPostgres } from "../postgres-server.mjs";
import { copyIntoPostgres, requestsOf } from "./engines.mjs";
import { BENCH_ADMIN_PASSWORD } from "./fixtures.mjs";
import { measureInteractive } from "./interactive.mjs";
import { measurePageJs } from "./js-weight.mjs";
import { measureRps } from "./load.mjs";
import { onCleanup, readMemory, startHeirloom, tempDir } from "./processes.mjs";
import { startSeededHeirloom } from "./seeded-server.mjs";
import { seed } from "./seed.mjs";
import { prepareVariant } from "./variant-tree.mjs";
import { figure, gainOf, verdictOf } from "./variants.mjs";

const projectRoot = path.resolve(import.meta.dirname, "..", "..");
const PAGE_LABELS = { login: "/login", home: "/", books: "/books", workspace: "workspace" };

/** The order of the two sides in a round: with first in even rounds, without first in odd ones. */
const sidesOf = (round) => (round % 2 === 0 ? ["with", "without"] : ["without", "with"]);

/** `{ with: [], without: [] }` of each key, filled round by round. */
function runsBy(keys) {
  return Object.fromEntries(keys.map((key) => [key, { with: [], without: [] }]));
}

/** Both sides' seeded servers, side by side on the server's CPU, for the time `measure(servers)` takes. */
async function onSeededServers(roots, cpus, measure) {
  const servers = {};
  try {
    for (const side of ["with", "without"])
      servers[side] = await startSeededHeirloom({ root: roots[side], cpus, label: `Heirloom server (${side})` });
    return await measure(servers);
  } finally {
    await Promise.all(Object.values(servers).map((server) => server.stop()));
  }
}

/** No figure is taken from a run that answered anything but 2xx: a redirect to /login would look like a fast page. */
function validRun(result, side, what) {
  if (!result.valid)
    throw new Error(`${side}: ${what} answered ${result.non2xx} non-2xx and ${result.errors} errors under load`);
  return result;
}

/** Signed-in /, /books and the workspace under autocannon, as the load part measures them (no-fast-t). */
async function loadFigures({ roots, rounds, seconds, connections, cpus, log }) {
  const keys = ["home", "books", "workspace"];
  return onSeededServers(roots, cpus, async (servers) => {
    const runs = runsBy(keys);
    for (let round = 0; round < rounds; round++)
      for (const key of keys)
        for (const side of sidesOf(round)) {
          const server = servers[side];
          const url = new URL(server.pages[key], server.url).href;
          const result = await measureRps(url, {
            connections,
            seconds,
            headers: { Cookie: server.cookie },
            cpu: cpus.load,
            pid: server.child.pid,
          });
          runs[key][side].push(validRun(result, side, `GET ${server.pages[key]}`));
          log(
            `variants:   round ${round + 1}, ${side.padEnd(7)} ${PAGE_LABELS[key].padEnd(9)} ` +
              `${Math.round(result.rps)} req/s, ${Math.round(result.requestsPerCpuSecond ?? 0)} req per CPU-second`,
          );
        }
    return keys.flatMap((key) => [
      figure({
        id: `${key}.rps`,
        label: `signed-in ${PAGE_LABELS[key]}, req/s`,
        unit: "req/s",
        better: "higher",
        withRuns: runs[key].with.map((r) => r.rps),
        withoutRuns: runs[key].without.map((r) => r.rps),
      }),
      figure({
        id: `${key}.perCpu`,
        label: `signed-in ${PAGE_LABELS[key]}, req per server CPU-second`,
        unit: "req/CPU-s",
        better: "higher",
        withRuns: runs[key].with.map((r) => r.requestsPerCpuSecond),
        withoutRuns: runs[key].without.map((r) => r.requestsPerCpuSecond),
      }),
    ]);
  });
}

/**
 * Cold loads under slow 4G and 4× CPU of `targets` (`[{ key, probe, label }]`), one run of each side a round, the
 * sides in turns; figures of the time to interactive (or the shell hydrated, for the "shell" probe).
 */
async function interactiveFigures(servers, targets, { rounds, log }) {
  const runs = runsBy(targets.map((t) => t.key));
  const hydrated = runsBy(targets.map((t) => t.key));
  for (let round = 0; round < rounds; round++) {
    const order = targets.flatMap((target) => sidesOf(round).map((side) => ({ target, side })));
    const measured = await measureInteractive(
      order.map(({ target, side }) => ({
        key: target.key,
        probe: target.probe,
        app: side,
        url: new URL(servers[side].pages[target.key], servers[side].url).href,
        cookie: servers[side].cookie,
      })),
      { runs: 1, log },
    );
    measured.forEach((result, i) => {
      const { target, side } = order[i];
      runs[target.key][side].push(result.interactiveMs);
      hydrated[target.key][side].push(result.hydratedMs);
    });
  }
  return targets.flatMap((target) => [
    figure({
      id: `${target.key}.interactive`,
      label: target.label,
      unit: "ms",
      better: "lower",
      withRuns: runs[target.key].with,
      withoutRuns: runs[target.key].without,
    }),
    ...(target.probe === "shell"
      ? []
      : [
          figure({
            id: `${target.key}.hydrated`,
            label: `  of which: ${PAGE_LABELS[target.key]}'s shell hydrated`,
            unit: "ms",
            better: "lower",
            withRuns: hydrated[target.key].with,
            withoutRuns: hydrated[target.key].without,
          }),
        ]),
  ]);
}

const WORKSPACE_INTERACTIVE = {
  key: "workspace",
  probe: "workspace",
  label: "workspace interactive, slow 4G + 4× CPU",
};

/** The scripts each page loads at first render, and the workspace's time to interactive (no-chunk-groups). */
async function scriptsFigures({ roots, rounds, cpus, log }) {
  const keys = ["login", "home", "books", "workspace"];
  return onSeededServers(roots, cpus, async (servers) => {
    const js = runsBy(keys);
    for (const key of keys)
      for (const side of sidesOf(0)) {
        const server = servers[side];
        const headers = key === "login" ? {} : { Cookie: server.cookie };
        js[key][side].push(await measurePageJs(server.url, server.pages[key], { headers }));
      }
    for (const key of keys)
      log(
        `variants:   ${PAGE_LABELS[key].padEnd(9)} with ${js[key].with[0].files} scripts, ` +
          `${(js[key].with[0].gzip / 1000).toFixed(1)} kB; without ${js[key].without[0].files} scripts, ` +
          `${(js[key].without[0].gzip / 1000).toFixed(1)} kB`,
      );
    const sizes = keys.flatMap((key) => [
      figure({
        id: `${key}.gzip`,
        label: `${PAGE_LABELS[key]}, JS at first render (gzip)`,
        unit: "bytes",
        better: "lower",
        withRuns: js[key].with.map((page) => page.gzip),
        withoutRuns: js[key].without.map((page) => page.gzip),
      }),
      figure({
        id: `${key}.scripts`,
        label: `${PAGE_LABELS[key]}, scripts at first render`,
        unit: "scripts",
        better: "lower",
        withRuns: js[key].with.map((page) => page.files),
        withoutRuns: js[key].without.map((page) => page.files),
      }),
    ]);
    return [...sizes, ...(await interactiveFigures(servers, [WORKSPACE_INTERACTIVE], { rounds, log }))];
  });
}

/** The workspace's time to interactive and /'s shell hydrated, on a phone (no-lazy-chunk-preload). */
async function preloadFigures({ roots, rounds, cpus, log }) {
  const targets = [WORKSPACE_INTERACTIVE, { key: "home", probe: "shell", label: "/ shell hydrated, slow 4G + 4× CPU" }];
  return onSeededServers(roots, cpus, (servers) => interactiveFigures(servers, targets, { rounds, log }));
}

/**
 * Server starts, each side on its own data dir (migrated, seeded and its admin made by a first start that is not
 * counted): the time from spawn to "listening on", then its RSS once it has answered /healthz and sat 2 s idle
 * (drizzle-external).
 */
async function startFigures({ roots, rounds, cpus, log }) {
  const dataDirs = {};
  for (const side of ["with", "without"]) {
    dataDirs[side] = tempDir(os.tmpdir(), "heirloom-bench-variant-");
    const first = await startHeirloom({
      dataDir: dataDirs[side],
      adminPassword: BENCH_ADMIN_PASSWORD,
      cpus,
      label: `Heirloom server (${side}, first start)`,
      root: roots[side],
    });
    seed(dataDirs[side]);
    await first.stop();
  }
  const starts = { with: [], without: [] };
  const rss = { with: [], without: [] };
  for (let round = 0; round < rounds; round++)
    for (const side of sidesOf(round)) {
      const server = await startHeirloom({
        dataDir: dataDirs[side],
        adminPassword: BENCH_ADMIN_PASSWORD,
        cpus,
        label: `Heirloom server (${side})`,
        root: roots[side],
      });
      try {
        const healthz = await fetch(new URL("/healthz", server.url), { signal: AbortSignal.timeout(15_000) });
        if (healthz.status !== 200) throw new Error(`${side}: /healthz answered ${healthz.status}`);
        await new Promise((resolve) => setTimeout(resolve, 2000));
        starts[side].push(server.readyMs);
        rss[side].push(readMemory(server.child.pid).rssMb);
        log(
          `variants:   round ${round + 1}, ${side.padEnd(7)} started in ${Math.round(server.readyMs)} ms, ` +
            `RSS ${Math.round(rss[side].at(-1))} MB idle`,
        );
      } finally {
        await server.stop();
      }
    }
  return [
    figure({
      id: "start",
      label: "server start, spawn to 'listening on'",
      unit: "ms",
      better: "lower",
      withRuns: starts.with,
      withoutRuns: starts.without,
    }),
    figure({
      id: "rss",
      label: "RSS after /healthz and 2 s idle",
      unit: "MB",
      better: "lower",
      withRuns: rss.with,
      withoutRuns: rss.without,
    }),
  ];
}

/**
 * A story save on PostgreSQL as the engines part measures it (PUT /api/stories/{id}, ten at once, one story), each side
 * on its own database copied from the same seeded SQLite (pg-save-in-transaction).
 */
async function saveFigures({ roots, rounds, seconds, connections, cpus, log }) {
  const sqliteDir = tempDir(os.tmpdir(), "heirloom-bench-variant-sqlite-");
  const seeding = await startHeirloom({
    dataDir: sqliteDir,
    adminPassword: BENCH_ADMIN_PASSWORD,
    cpus,
    label: "Heirloom server (SQLite, to seed)",
  });
  seed(sqliteDir);
  await seeding.stop();
  // Off the app server's CPU, as in the engines part (scripts/bench/engines.mjs says why).
  const postgres = await startPostgres({ durable: true, cpu: cpus.pinned ? cpus.load : undefined });
  onCleanup(() => void postgres.stop());
  const servers = {};
  try {
    const urls = { with: postgres.url, without: await postgres.createDatabase("heirloom_without") };
    const saves = {};
    for (const side of ["with", "without"]) {
      log(`variants:   copying the seeded SQLite into PostgreSQL for ${side} (npm run db:copy)`);
      await copyIntoPostgres(sqliteDir, urls[side]);
      servers[side] = await startHeirloom({
        dataDir: tempDir(os.tmpdir(), "heirloom-bench-variant-pg-"),
        adminPassword: BENCH_ADMIN_PASSWORD,
        cpus,
        label: `Heirloom server (PostgreSQL, ${side})`,
        env: { DATABASE_URL: urls[side] },
        root: roots[side],
      });
      saves[side] = (await requestsOf(servers[side])).save;
    }
    const runs = { with: [], without: [] };
    for (let round = 0; round < rounds; round++)
      for (const side of sidesOf(round)) {
        const result = await measureRps(saves[side].url, {
          ...saves[side],
          connections,
          seconds,
          cpu: cpus.load,
          pid: servers[side].child.pid,
        });
        runs[side].push(validRun(result, side, "PUT /api/stories/{id}"));
        log(
          `variants:   round ${round + 1}, ${side.padEnd(7)} save ${Math.round(result.rps)} req/s, ` +
            `p99 ${result.latencyP99} ms, ${Math.round(result.requestsPerCpuSecond ?? 0)} req per CPU-second`,
        );
      }
    const of = (name) => ({ withRuns: runs.with.map((r) => r[name]), withoutRuns: runs.without.map((r) => r[name]) });
    return [
      figure({
        id: "save.rps",
        label: "story save on PostgreSQL, req/s",
        unit: "req/s",
        better: "higher",
        ...of("rps"),
      }),
      figure({ id: "save.p99", label: "  its p99", unit: "ms", better: "lower", ...of("latencyP99") }),
      figure({
        id: "save.perCpu",
        label: "  req per server CPU-second",
        unit: "req/CPU-s",
        better: "higher",
        ...of("requestsPerCpuSecond"),
      }),
    ];
  } finally {
    await Promise.all(Object.values(servers).map((server) => server.stop()));
    await postgres.stop();
  }
}

const MEASURE_RUNS = {
  load: loadFigures,
  scripts: scriptsFigures,
  preload: preloadFigures,
  start: startFigures,
  save: saveFigures,
};

/** How long each measure may take at most, for the bench's watchdog: starts, runs and their time-outs. */
const MEASURE_BUDGET_MS = {
  load: ({ rounds, seconds }) => 60_000 + rounds * 3 * 2 * (seconds + 2 + 5) * 1000,
  scripts: ({ rounds }) => 120_000 + rounds * 2 * 60_000,
  preload: ({ rounds }) => 60_000 + rounds * 4 * 60_000,
  start: ({ rounds }) => 120_000 + rounds * 2 * 30_000,
  save: ({ rounds, seconds }) => 300_000 + rounds * 2 * (seconds + 2 + 5) * 1000,
};

/** The watchdog's allowance for `variants`: each one's copy and build, then its measure. */
export function variantsBudgetMs(variants, options) {
  return variants.reduce((sum, variant) => sum + 120_000 + MEASURE_BUDGET_MS[variant.measure](options), 0);
}

/**
 * Measures each variant against the project's build (which must be built: the bench builds it when it is missing).
 * A patch that no longer applies is reported as a stale patch, a variant whose build or measure fails as failed; the
 * next variant is measured either way.
 */
export async function benchVariants({ variants, rounds = 3, seconds = 10, connections = 10, cpus, workDir, log }) {
  const measured = [];
  for (const variant of variants) {
    const result = { ...variant, patch: path.relative(projectRoot, variant.patch), status: "measured", figures: [] };
    log(`variants: ${variant.name}: copying the tree, applying ${result.patch}, building`);
    let tree;
    try {
      tree = await prepareVariant(variant, { workDir });
      if (tree.stale) {
        result.status = "stale patch";
        result.message = tree.stale;
        log(`variants: ${variant.name}: STALE PATCH, it no longer applies: ${tree.stale}`);
      } else {
        log(`variants: ${variant.name}: measuring with and without, ${rounds} rounds in turns`);
        result.figures = await MEASURE_RUNS[variant.measure]({
          roots: { with: projectRoot, without: tree.root },
          rounds,
          seconds,
          connections,
          cpus,
          log,
        });
        for (const f of result.figures)
          log(`variants: ${variant.name}: ${f.label.trim()}: ${(gainOf(f) * 100).toFixed(1)} % (${verdictOf(f)})`);
      }
    } catch (error) {
      result.status = "failed";
      result.message = String(error?.message ?? error)
        .split("\n")
        .slice(0, 12)
        .join("\n");
      log(`variants: ${variant.name}: FAILED: ${result.message}`);
    } finally {
      tree?.remove();
    }
    measured.push(result);
  }
  return measured;
}
