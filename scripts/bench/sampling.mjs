// What the bench's heavy parts (the printed book, the weekly mail) sample while they run: the server's memory, with
// its child processes' when it has some (a keepsake's layout runs in a process of its own, issue 38), and /healthz,
// as another user would meet it.
import fs from "node:fs";
import { readMemory } from "./processes.mjs";

/** The `p`th percentile of `values` (nearest rank), or null for none. */
export const percentile = (values, p) => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Each process's parent, from /proc/<pid>/stat (its fourth field, after the command name in parentheses). */
function parents() {
  const parentOf = new Map();
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      parentOf.set(Number(name), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // gone between the listing and the read
    }
  }
  return parentOf;
}

/**
 * The pids of `pid`'s children, grandchildren and so on. The whole of /proc is read: this kernel may not offer
 * /proc/<pid>/task/<tid>/children (CONFIG_PROC_CHILDREN), and a scan of a hundred processes takes about a millisecond.
 */
export function descendants(pid) {
  const childrenOf = new Map();
  for (const [child, parent] of parents()) childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), child]);
  const found = [];
  const stack = [pid];
  while (stack.length) {
    for (const child of childrenOf.get(stack.pop()) ?? []) {
      found.push(child);
      stack.push(child);
    }
  }
  return found;
}

/**
 * The memory of `pid` (VmRSS), and with `tree` that of the process tree under it, at each sample: `rss`, the sum of
 * every process's VmRSS (the pages they share, node's own code above all, counted once per process: it errs high),
 * and `own`, the server's VmRSS with each child's own memory (`readMemory`'s ownMb: the shared pages once); and each
 * child's peak (its VmHWM when last seen).
 */
function memorySampler(pid, tree) {
  const rss = [];
  const treeRss = [];
  const treeOwn = [];
  const children = new Map();
  return {
    sample() {
      let server;
      try {
        server = readMemory(pid).rssMb;
      } catch {
        return; // the process is gone; the work reports the failure
      }
      rss.push(server);
      if (!tree) return;
      let sum = server;
      let own = server;
      for (const child of descendants(pid)) {
        try {
          const { rssMb, hwmMb, ownMb } = readMemory(child);
          // A child that has exited and not yet been reaped (a zombie) has no memory left to count.
          if (!Number.isFinite(rssMb)) continue;
          sum += rssMb;
          own += ownMb;
          children.set(child, Math.max(children.get(child) ?? 0, hwmMb, rssMb));
        } catch {
          // it exited since the scan
        }
      }
      treeRss.push(sum);
      treeOwn.push(own);
    },
    results: () =>
      tree
        ? { rss, tree: { rss: treeRss, own: treeOwn, children: children.size, childPeaksMb: [...children.values()] } }
        : { rss },
  };
}

/**
 * While `work` runs: the server's VmRSS every 50 ms (with `tree`, its child processes' too), and GET /healthz one
 * after another, each started 50 ms after the previous one started (or at once when it took longer), as another
 * user's requests would come.
 */
export async function sampleDuring(origin, pid, work, what = "the work", { tree = false } = {}) {
  const memory = memorySampler(pid, tree);
  const healthz = [];
  let done = false;
  const sampler = setInterval(memory.sample, 50);
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      let ok = false;
      try {
        const response = await fetch(new URL("/healthz", origin), { signal: AbortSignal.timeout(30_000) });
        await response.arrayBuffer();
        ok = response.status === 200;
      } catch {
        // refused or reset: a failure, counted below; the work says why
      }
      const ms = performance.now() - started;
      healthz.push({ ms, ok });
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 50 - ms)));
    }
  })();
  try {
    return { result: await work(), healthz, ...memory.results() };
  } catch (error) {
    throw new Error(`${what} failed: ${error.cause?.message ?? error.message}`);
  } finally {
    done = true;
    clearInterval(sampler);
    await probe;
  }
}

/** /healthz's figures: how many were asked, p99, p95, max, and how many failed. */
export function healthzFigures(healthz) {
  const ms = healthz.map((h) => h.ms);
  return {
    samples: ms.length,
    p99Ms: percentile(ms, 99),
    p95Ms: percentile(ms, 95),
    maxMs: ms.length ? Math.max(...ms) : null,
    failures: healthz.filter((h) => !h.ok).length,
  };
}
