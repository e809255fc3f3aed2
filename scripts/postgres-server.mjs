import { execFile, execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

// A throwaway PostgreSQL server (issue 21): the tests' (tests/support/postgres.ts) and the bench's
// (scripts/bench/engines.mjs). Its types are in postgres-server.d.mts.

/** Debian keeps each major version's programs in /usr/lib/postgresql/<major>/bin; PG_BIN overrides. */
export function postgresBin() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  const majors = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((name) => fs.existsSync(path.join(root, name, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!majors[0])
    throw new Error("PostgreSQL's server is not installed: `.ci/run` installs Debian's `postgresql` (or set PG_BIN).");
  return path.join(root, majors[0], "bin");
}

const execFileAsync = promisify(execFile);

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * initdb refuses to run as root: there the server's programs run as Debian's `postgres` user, which then owns the
 * folder. Anyone else runs them as themselves.
 */
function runner() {
  const asRoot = process.getuid?.() === 0;
  const bin = postgresBin();
  const argv = (program, args) =>
    asRoot ? ["runuser", ["-u", "postgres", "--", path.join(bin, program), ...args]] : [path.join(bin, program), args];
  return {
    run: (program, args) =>
      execFileSync(...argv(program, args), { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }),
    /** The same without blocking the caller: a test's clients go on while the server stops and starts. */
    runAsync: (program, args) => execFileAsync(...argv(program, args), { encoding: "utf8" }),
    /** The same, for a stop that may find the server gone already. */
    tryRun: (program, args) => spawnSync(...argv(program, args), { stdio: "ignore" }),
    own: (dir) => (asRoot ? void execFileSync("chown", ["-R", "postgres:", dir]) : undefined),
  };
}

/** The server and the processes it has started, on one CPU; the connections it forks later inherit it. */
function pinTo(cpu, postmaster) {
  const children = spawnSync("pgrep", ["-P", String(postmaster)], { encoding: "utf8" }).stdout.split(/\s+/);
  for (const pid of [String(postmaster), ...children.filter(Boolean)])
    execFileSync("taskset", ["-a", "-p", "-c", String(cpu), pid], { stdio: "ignore" });
}

/**
 * Starts a new server: initdb into a temporary folder, then pg_ctl start on a free loopback port, and an empty
 * `heirloom` database. Trust authentication and UTF-8; text is ordered by code point as SQLite orders it (the C
 * collation), with Unicode case mapping (C.UTF-8), so that "BÀ" is the upper case of "bà". `durable` false turns
 * fsync off, for speed, in tests that never crash the machine; a restart of the server keeps the data either way.
 * `cpu` keeps the server and its connections on that CPU (the bench keeps it off the app server's).
 */
export async function startPostgres({ durable = false, cpu } = {}) {
  const { run, runAsync, tryRun, own } = runner();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heirloom-pg-"));
  fs.chmodSync(dir, 0o755);
  const data = path.join(dir, "data");
  own(dir);
  run("initdb", [
    "-D",
    data,
    "-U",
    "heirloom",
    "-A",
    "trust",
    "-E",
    "UTF8",
    "--lc-collate=C",
    "--lc-ctype=C.UTF-8",
    "--no-sync",
  ]);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${dir}`,
    "-c max_connections=100",
    ...(durable ? [] : ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]),
  ].join(" ");
  const startArgs = ["-D", data, "-o", options, "-l", path.join(dir, "server.log"), "-w", "start"];
  const stopArgs = (mode) => ["-D", data, "-m", mode, "-w", "stop"];
  const pin = () => {
    if (typeof cpu === "number")
      pinTo(cpu, Number(fs.readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]));
  };
  // Stopped and started again without blocking: a test that restarts the server under its clients' writes keeps
  // writing meanwhile, and its idle keep-alive connections are not left to the app server's keep-alive timeout.
  const start = async () => {
    await runAsync("pg_ctl", startArgs);
    pin();
  };
  await start();
  const psql = (database, statement) =>
    run("psql", ["-h", "127.0.0.1", "-p", String(port), "-U", "heirloom", "-d", database, "-qAtc", statement]);
  const urlOf = (name) => `postgres://heirloom@127.0.0.1:${port}/${name}`;
  psql("postgres", "create database heirloom");
  let stopped = false;
  return {
    url: urlOf("heirloom"),
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
      psql("postgres", `create database ${name}`);
      return urlOf(name);
    },
    async restart(mode = "immediate") {
      await runAsync("pg_ctl", stopArgs(mode));
      await start();
    },
    async stopServer() {
      await runAsync("pg_ctl", stopArgs("immediate"));
    },
    startServer: start,
    async stop() {
      if (stopped) return;
      stopped = true;
      tryRun("pg_ctl", stopArgs("immediate"));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
