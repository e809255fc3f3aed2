// Requests per second with autocannon, run as its own process (pinned to the load CPU) so that the
// bench's own event loop does not share a core with the server or slow the load generator.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { nodeCommand, run } from "./processes.mjs";

const CLK_TCK = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout?.trim()) || 100;

/** CPU seconds (user + system, all threads) a process has used so far, from /proc; null elsewhere. */
export function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return null;
  }
}

const autocannonBin = path.resolve(import.meta.dirname, "..", "..", "node_modules", "autocannon", "autocannon.js");

async function autocannon(url, { connections, seconds, headers, cpu, method = "GET", body }) {
  const args = [
    autocannonBin,
    "--json",
    "--connections",
    String(connections),
    "--duration",
    String(seconds),
    "--timeout",
    "10",
  ];
  if (method !== "GET") args.push("--method", method);
  if (body !== undefined) args.push("--body", body);
  for (const [name, value] of Object.entries(headers)) args.push("--headers", `${name}=${value}`);
  args.push(url);
  const [command, commandArgs] = nodeCommand(args, cpu);
  const { stdout } = await run(command, commandArgs, { timeoutMs: (seconds + 20) * 1000, label: `autocannon ${url}` });
  return JSON.parse(stdout.slice(stdout.indexOf("{")));
}

/**
 * A warm-up run (discarded), then the measured run (a GET, or `method` with `body`). `valid` is false when any
 * response was not a 2xx or any request failed: a redirect to /login would otherwise look like a very fast page.
 * With the server's `pid`, it also reports the server's CPU time per request, and the requests per
 * CPU-second that follow from it: unlike rps, that figure hardly moves when other work shares the core.
 */
export async function measureRps(
  url,
  { connections = 10, seconds = 10, warmupSeconds = 2, headers = {}, cpu, pid, method, body } = {},
) {
  if (warmupSeconds > 0) await autocannon(url, { connections, seconds: warmupSeconds, headers, cpu, method, body });
  const cpuBefore = pid ? cpuSeconds(pid) : null;
  const result = await autocannon(url, { connections, seconds, headers, cpu, method, body });
  const cpuAfter = pid ? cpuSeconds(pid) : null;
  const serverCpu = cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null;
  const non2xx = result.non2xx ?? 0;
  const errors = (result.errors ?? 0) + (result.timeouts ?? 0);
  return {
    url: new URL(url).pathname,
    rps: result.requests.average,
    requests: result.requests.total,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    serverCpuSeconds: serverCpu,
    cpuMsPerRequest: serverCpu && result.requests.total ? (serverCpu * 1000) / result.requests.total : null,
    requestsPerCpuSecond: serverCpu ? result.requests.total / serverCpu : null,
    bytesPerRequest: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
    non2xx,
    errors,
    valid: non2xx === 0 && errors === 0 && result.requests.total > 0,
  };
}
