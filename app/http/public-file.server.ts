import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * A file of the app's public/ folder (a preset cover), for the server to read rather than serve: found from this
 * module's location walking up to the project, whether it runs from app/lib (development, tests) or from the build.
 * Null for a name that leaves the folder or a file that is not there.
 */
export function publicFile(relative: string): string | null {
  const name = path.normalize(relative.replace(/^\/+/, ""));
  if (name.startsWith("..") || path.isAbsolute(name)) return null;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++, dir = path.dirname(dir)) {
    const file = path.join(dir, "public", name);
    if (fs.existsSync(file)) return file;
  }
  return null;
}
