import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type LocalS3, startLocalS3 } from "./s3";
import { type TestDatabase, testDatabase } from "./test-database";

export const ADMIN_PASSWORD = "admin-test-password";

export type RunningServer = {
  url: string;
  dataDir: string;
  /** The server process: its memory can be read from /proc/<pid>/status. */
  pid: number;
  output: () => string;
  /**
   * The names of the media files the server keeps in `folder` ("files": photos, thumbnails, recordings; "covers"),
   * wherever its media store keeps them: DATA_DIR/media, or the local S3 server of the `http-s3` suite (ADR 0033).
   */
  storedFiles: (folder: "files" | "covers") => Promise<string[]>;
  /**
   * Every media file the server keeps, as "folder/name size", sorted: its media store's (DATA_DIR/media or the local
   * S3 server's) and the uploads on its own disk (DATA_DIR/media/tmp).
   */
  storedMedia: () => Promise<string[]>;
  /** The local S3 server the media are kept in, when the suite runs on S3. */
  s3: LocalS3 | null;
  /** The server's database, for a test that reads or changes rows behind the app's back. */
  database: TestDatabase;
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

/** Every file under `root` as "relative/path size", sorted. */
export function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return `${path.relative(root, file)} ${fs.statSync(file).size}`;
    })
    .sort();
}

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
  // The `http-s3` suite runs the media tests with the media in a local S3 server, one per app server.
  const s3 = process.env.HEIRLOOM_TEST_MEDIA_STORE === "s3" && !("MEDIA_STORE" in env) ? await startLocalS3() : null;
  // The `*-pg` suites run the server on PostgreSQL: a database for this data directory (issue 21, ADR 0032).
  const database = await testDatabase(dataDir);
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
      ...s3?.env,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
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
  const url = await started.catch(async (error: unknown) => {
    if (!options.dataDir) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
    await s3?.remove();
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
    s3,
    database,
    storedMedia: async () => [...(s3 ? await s3.objects() : []), ...filesUnder(path.join(dataDir, "media"))].sort(),
    storedFiles: async (folder) => {
      if (s3)
        return (await s3.keys())
          .filter((key) => key.startsWith(`${folder}/`))
          .map((key) => key.slice(folder.length + 1));
      const dir = path.join(dataDir, "media", folder);
      return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
    },
    stop: async () => {
      await kill("SIGTERM");
      fs.rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
      await s3?.remove();
    },
    kill,
  };
}
