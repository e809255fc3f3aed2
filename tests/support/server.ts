import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const ADMIN_PASSWORD = "admin-test-password";

export type RunningServer = {
  url: string;
  dataDir: string;
  /** The server process: its memory can be read from /proc/<pid>/status. */
  pid: number;
  output: () => string;
  /** Stops the server (SIGTERM, a clean shutdown) and removes its data directory. */
  stop: () => Promise<void>;
  /**
   * Sends `signal` to the server process and waits until it has exited, keeping the data directory:
   * `kill("SIGKILL")` is a crash, and `startServer(env, { dataDir })` starts again on the same data.
   */
  kill: (signal?: NodeJS.Signals) => Promise<void>;
};

export type StartOptions = {
  /**
   * An existing data directory to start on (a restart after `kill`), instead of a fresh one.
   * `stop()` removes it as usual; a failed start leaves it in place.
   */
  dataDir?: string;
  /**
   * The checkout whose build and server/index.mjs run: this one unless a test built another (checkout-path.test.ts).
   */
  root?: string;
};

const thisCheckout = path.resolve(import.meta.dirname, "..", "..");

// Variables a developer's shell may set that would point the test server at a real AI server.
const AI_VARIABLES = [
  "AI_PROVIDER",
  "OPENAI_API_KEY",
  "OPENAI_BASE_URL",
  "AI_MODEL",
  "AI_TRANSCRIBE_MODEL",
  "AI_TIMEOUT_MS",
];

/**
 * Starts the real production server (server/index.mjs over the built app) on a free port with a
 * fresh data directory. The build must exist: `npm test` builds before it runs the suites.
 * The AI provider is the offline one unless `env` says otherwise (tests/support/fake-openai.ts).
 * A variable given as `undefined` is left unset (e.g. `{ COOKIE_SECURE: undefined }` for the production default).
 */
export async function startServer(
  env: Record<string, string | undefined> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  const root = options.root ?? thisCheckout;
  if (!fs.existsSync(path.join(root, "build", "server", "index.js"))) {
    throw new Error("No build: run `npm run build` first (npm test does).");
  }
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "heirloom-server-"));
  const child: ChildProcess = spawn(process.execPath, [path.join(root, "server", "index.mjs")], {
    cwd: root,
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !AI_VARIABLES.includes(name))),
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      COOKIE_SECURE: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const started = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${log}`)), 30_000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const match = /listening on (http:\/\/[^\s]+)/.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => (log += chunk.toString()));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${log}`));
    });
  });
  const url = await started.catch((error: unknown) => {
    if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const kill = async (signal: NodeJS.Signals = "SIGTERM") => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill(signal);
    await exited;
  };
  return {
    url,
    dataDir,
    pid: child.pid!,
    output: () => log,
    stop: async () => {
      await kill("SIGTERM");
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    kill,
  };
}
