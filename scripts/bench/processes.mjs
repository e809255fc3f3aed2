// Child processes for the bench: builds, servers and load runs, each bounded in time, each
// registered so that a failure (or Ctrl-C, or the watchdog) still stops it and removes temp dirs.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

const cleanups = [];

/** Registers a synchronous clean-up step; they run once, newest first, at exit or on failure. */
export function onCleanup(fn) {
  cleanups.push(fn);
  return fn;
}

let cleanedUp = false;
export function cleanupAll() {
  if (cleanedUp) return;
  cleanedUp = true;
  for (const fn of cleanups.reverse()) {
    try {
      fn();
    } catch {
      // keep cleaning the rest
    }
  }
}

/** A temp dir that is removed at the end, whatever happens. */
export function tempDir(parent, prefix) {
  fs.mkdirSync(parent, { recursive: true });
  const dir = fs.mkdtempSync(`${parent}/${prefix}`);
  onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A port nobody listens on right now (the kernel picks it). */
export function freePort(host = "127.0.0.1") {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * The CPUs this process may run on, and whether taskset can pin children. With two or more, servers
 * go on the last one and the load generator on the first, so they do not compete for a core.
 */
export function cpuPlan() {
  const probe = spawnSync("taskset", ["-pc", String(process.pid)], { encoding: "utf8" });
  if (probe.status !== 0) return { pinned: false, note: "taskset not available: processes are not pinned" };
  const list = probe.stdout.split(":").pop().trim();
  const cpus = [];
  for (const part of list.split(",")) {
    const [a, b] = part.split("-").map(Number);
    for (let cpu = a; cpu <= (b ?? a); cpu++) cpus.push(cpu);
  }
  if (cpus.length < 2) return { pinned: false, note: `only CPU ${list} available: processes are not pinned` };
  const server = cpus[cpus.length - 1];
  const load = cpus[0];
  return { pinned: true, server, load, note: `server pinned to CPU ${server}, autocannon to CPU ${load}` };
}

/** The command line for `node <args>`, pinned to one CPU when `cpu` is a number. */
export function nodeCommand(args, cpu) {
  return typeof cpu === "number"
    ? ["taskset", ["-c", String(cpu), process.execPath, ...args]]
    : [process.execPath, args];
}

/** Sends SIGTERM, then SIGKILL if the process is still there after `graceMs`. */
export function stopProcess(child, graceMs = 3000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** Spawns a child that is killed at exit if it is still running. */
export function spawnTracked(command, args, options) {
  const child = spawn(command, args, options);
  onCleanup(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  return child;
}

/**
 * Runs a command to completion within `timeoutMs`; resolves with its output, rejects with the
 * tail of it on a non-zero exit or a timeout.
 */
export function run(command, args, { timeoutMs, cwd, env, label = command } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawnTracked(command, args, { cwd, env: env ?? process.env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${label} did not finish within ${Math.round(timeoutMs / 1000)} s\n${tail(stdout + stderr)}`));
    }, timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve({ stdout, stderr });
      else reject(new Error(`${label} failed (${signal ?? `exit ${code}`})\n${tail(stdout + stderr)}`));
    });
  });
}

/**
 * Starts a server and waits until `ready(output)` returns its URL (read from its output) or until
 * GET `probeUrl` answers. The output stays readable for error messages.
 */
export function startServer(
  command,
  args,
  { cwd, env, timeoutMs = 30_000, readyFrom, probeUrl, quietStdout = false, label },
) {
  const spawnedAt = performance.now();
  const child = spawnTracked(command, args, { cwd, env, stdio: ["ignore", quietStdout ? "ignore" : "pipe", "pipe"] });
  let log = "";
  let readyMs = null;
  // The output is read as it comes, so that `readyMs` (spawn to the line that says it is ready) is not rounded up
  // to the next poll: the variants part compares start times (scripts/bench/variant-measures.mjs).
  let onOutput = () => {};
  const append = (chunk) => {
    log = (log + chunk).slice(-20_000);
    onOutput();
  };
  child.stdout?.on("data", append);
  child.stderr.on("data", append);
  const stop = () => stopProcess(child);
  const started = new Promise((resolve, reject) => {
    let done = false;
    const finish = (error, url) => {
      if (done) return;
      done = true;
      readyMs = performance.now() - spawnedAt;
      clearTimeout(timer);
      clearInterval(poll);
      if (error) reject(error);
      else resolve(url);
    };
    const timer = setTimeout(
      () => finish(new Error(`${label} did not start within ${timeoutMs / 1000} s\n${tail(log)}`)),
      timeoutMs,
    );
    if (readyFrom)
      onOutput = () => {
        const url = readyFrom(log);
        if (url) finish(null, url);
      };
    const poll = setInterval(async () => {
      if (readyFrom) onOutput();
      else if (probeUrl) {
        try {
          await fetch(probeUrl, { signal: AbortSignal.timeout(1000), redirect: "manual" });
          finish(null, new URL(probeUrl).origin);
        } catch {
          // not listening yet
        }
      }
    }, 100);
    child.once("error", (error) => finish(error));
    child.once("exit", (code, signal) =>
      finish(new Error(`${label} exited (${signal ?? `exit ${code}`}) before it was ready\n${tail(log)}`)),
    );
  });
  return started.then(
    (url) => ({ url, child, stop, output: () => log, readyMs }),
    async (error) => {
      await stop();
      throw error;
    },
  );
}

function tail(text, lines = 30) {
  return text.trim().split("\n").slice(-lines).join("\n");
}

const heirloomRoot = path.resolve(import.meta.dirname, "..", "..");

/**
 * The real production server (node server/index.mjs) on `dataDir`, pinned to the server's CPU when the plan pins,
 * killed at cleanup. `env` adds to the bench's own settings (a database, SERVER_TIMING); `root` is the tree whose
 * server and build run (a variant's copy, scripts/bench/variant-tree.mjs), the project's by default.
 */
export async function startHeirloom({ dataDir, adminPassword, cpus, label, env = {}, root = heirloomRoot }) {
  const [command, args] = nodeCommand([path.join(root, "server", "index.mjs")], cpus.pinned ? cpus.server : undefined);
  const server = await startServer(command, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: adminPassword,
      COOKIE_SECURE: "false",
      ...env,
    },
    readyFrom: (output) => /listening on (http:\/\/\S+)/.exec(output)?.[1],
    label,
  });
  onCleanup(() => server.child.kill("SIGKILL"));
  return server;
}

/**
 * A process's resident memory now (VmRSS) and at its peak (VmHWM), in MB, from /proc; `ownMb` is the part no other
 * process maps (RssAnon and RssShmem: its heap and buffers, not the pages of node's code and libraries, which every
 * node process on the machine shares).
 */
export function readMemory(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
  return { rssMb: kb("VmRSS") / 1024, hwmMb: kb("VmHWM") / 1024, ownMb: (kb("RssAnon") + kb("RssShmem")) / 1024 };
}
