import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const found = new Map<string, string | null>();

/**
 * A worker thread's built script (ADR 0023), found from this module's location walking up: the build puts each
 * worker beside build/server/index.js (vite.config.ts, serverWorkers), and this module is bundled into it or into a
 * chunk below it. Null where nothing is built: the development server and the unit tests, whose callers then work in
 * their own thread; a production server refuses to (`requireBuiltWorker`).
 */
export function builtWorkerScript(fileName: string): string | null {
  if (found.has(fileName)) return found.get(fileName)!;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  let script: string | null = null;
  for (let i = 0; i < 3 && script === null; i++, dir = path.dirname(dir)) {
    const file = path.join(dir, fileName);
    if (fs.existsSync(file)) script = file;
  }
  found.set(fileName, script);
  return script;
}

/** A production server without its worker was built wrong: it would do that work on its own event loop. */
export function refuseUnbuiltWorker(fileName: string): void {
  if (process.env.NODE_ENV === "production")
    throw new Error(`${fileName} is missing beside the server build: run \`npm run build\`.`);
}
