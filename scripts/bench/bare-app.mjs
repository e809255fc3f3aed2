// The reference: the bare React Router 8 framework-mode app kept in bench/bare-app/ (see its README),
// built in every bench run with the same installed packages (react-router, @react-router/dev, vite) as
// Heirloom, into a temporary directory; served by react-router-serve.
import path from "node:path";
import { freePort, nodeCommand, onCleanup, run, startServer } from "./processes.mjs";

const root = path.resolve(import.meta.dirname, "..", "..");
export const bareAppDir = path.join(root, "bench", "bare-app");
const reactRouterCli = path.join(root, "node_modules", "@react-router", "dev", "bin.cjs");
const serveCli = path.join(root, "node_modules", "@react-router", "serve", "dist", "cli.js");

/** Builds bench/bare-app into `buildDir` (nothing is written into bench/). */
export async function buildBareApp(buildDir) {
  await run(process.execPath, [reactRouterCli, "build"], {
    cwd: bareAppDir,
    env: { ...process.env, NODE_ENV: "production", BENCH_BARE_BUILD_DIR: buildDir },
    timeoutMs: 120_000,
    label: "bare app build",
  });
  return buildDir;
}

/**
 * Serves the bare app's build with react-router-serve, pinned to `cpu` when it is a number. `db` is the signed-in
 * reference's SQLite file (scripts/bench/bare-seed.mjs).
 */
export async function startBareApp(buildDir, { cpu, db } = {}) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const [command, args] = nodeCommand([serveCli, path.join(buildDir, "server", "index.js")], cpu);
  // react-router-serve logs every request (morgan); that log goes to /dev/null rather than a pipe.
  const server = await startServer(command, args, {
    cwd: bareAppDir,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", BARE_APP_DB: db },
    probeUrl: `${origin}/`,
    quietStdout: true,
    label: "bare server",
  });
  onCleanup(() => server.child.kill("SIGKILL"));
  return server;
}
