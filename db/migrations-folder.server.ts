import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * A migrations folder (`migrations` for SQLite, `migrations-pg` for PostgreSQL) is found from this module's own
 * location, walking up, because the same code runs from `db/` in development and tests and from `build/server/` in
 * production.
 */
export function migrationsFolder(name: "migrations" | "migrations-pg"): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    for (const candidate of [path.join(dir, "db", name), path.join(dir, name)])
      if (fs.existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error(`db/${name} not found`);
}
