// One part of the printed book bench (pdf.mjs): its downloads, with the memory of the server and its keepsake
// processes and /healthz meanwhile, and the server's memory once those processes have exited.
import fs from "node:fs";
import { readMemory } from "./processes.mjs";
import { descendants, healthzFigures, sampleDuring } from "./sampling.mjs";

/** After the processes have exited, the server is given this long before its memory is read "after". */
const SETTLE_MS = 3000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the processes under `pid` are those that were there before (at most `limitMs`); gives how long. */
async function childrenGone(pid, before, limitMs = 30_000) {
  const started = performance.now();
  while (descendants(pid).some((child) => !before.includes(child)) && performance.now() - started < limitMs)
    await sleep(50);
  return performance.now() - started;
}

/**
 * Runs `work` (the part's downloads) on `server` and measures it: the server's RSS before; the peak RSS of the server
 * with its processes (every 50 ms), the server's own (samples, and VmHWM set back just before, which catches a peak
 * between two samples) and each process's; /healthz meanwhile; and the server's RSS once the keepsake processes have
 * exited and it has had `SETTLE_MS`.
 */
export async function measurePart(server, label, work) {
  const pid = server.child.pid;
  const before = readMemory(pid);
  const childrenBefore = descendants(pid);
  let hwmReset = true;
  try {
    // VmHWM back to the current size (Linux ≥ 4.0), so that it holds this part's peak.
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    hwmReset = false;
  }
  const sampled = await sampleDuring(server.url, pid, work, label, { tree: true });
  const atEnd = readMemory(pid);
  const childrenExitMs = await childrenGone(pid, childrenBefore);
  await sleep(SETTLE_MS);
  const after = readMemory(pid);
  return {
    label,
    result: sampled.result,
    memory: {
      serverBeforeMb: before.rssMb,
      serverPeakMb: Math.max(before.rssMb, ...sampled.rss, hwmReset ? atEnd.hwmMb : 0),
      treePeakMb: Math.max(before.rssMb, ...sampled.tree.own),
      treeRssSumPeakMb: Math.max(before.rssMb, ...sampled.tree.rss),
      children: sampled.tree.children,
      childPeaksMb: sampled.tree.childPeaksMb,
      samples: sampled.rss.length,
      childrenExitMs,
      serverAtEndMb: atEnd.rssMb,
      serverAfterMb: after.rssMb,
    },
    healthz: healthzFigures(sampled.healthz),
  };
}
