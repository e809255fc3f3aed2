import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, vi } from "vitest";
import { testDatabase } from "./test-database";

// The unit suites share a worker between files (isolate: false in vitest.config.ts), so each file starts with the
// app's modules evaluated afresh (their caches, the database handle, the media store) while the packages they use stay
// loaded: loading those again for every file was most of the suites' time.
vi.resetModules();
// And with the environment the first one had: a variable one file sets (a storage quota) does not reach the next.
const initialEnv = ((globalThis as { heirloomUnitEnv?: NodeJS.ProcessEnv }).heirloomUnitEnv ??= { ...process.env });
for (const name of Object.keys(process.env)) if (!(name in initialEnv)) delete process.env[name];
Object.assign(process.env, initialEnv);

// Each test file gets its own data directory, so its SQLite file starts empty and is migrated for real.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heirloom-unit-"));
process.env.DATA_DIR = dir;
process.env.SESSION_SECRET = "unit-test-secret-unit-test-secret";
// In the `unit-pg` suite, a PostgreSQL database of its own too, empty until migrated (issue 21, ADR 0032).
const database = await testDatabase(dir);
if (database.url) {
  process.env.DATABASE_URL = database.url;
  // Migrated here, as the server's start does (SQLite's file is migrated when it is first opened).
  const { migratePostgres } = await import("~db/migrate-postgres.server");
  await migratePostgres(database.url);
}
// The offline AI provider, whatever the developer's shell has set.
for (const name of ["AI_PROVIDER", "OPENAI_API_KEY", "OPENAI_BASE_URL", "AI_MODEL", "AI_TIMEOUT_MS"])
  delete process.env[name];

afterAll(async () => {
  // Only a file that opened the database has one to close, and has its module loaded already: importing it here
  // for the others would load drizzle for nothing, which took over the hook's 10 s on a machine under heavy load.
  if (fs.readdirSync(dir).length > 0) {
    const { closeDb } = await import("~db/client.server");
    closeDb();
  }
  fs.rmSync(dir, { recursive: true, force: true });
});
