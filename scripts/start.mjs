// npm start: build once if there is no build, then serve it (migrations run as the server starts).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import url from "node:url";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
process.chdir(root);

if (!fs.existsSync(path.join(root, "build", "server", "index.js"))) {
  console.log("No build found: building Heirloom once (this takes a minute)...");
  const result = spawnSync("react-router", ["build"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { listen } = await import("../server/index.mjs");
await listen();
