import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

// Each test file gets its own data directory, so its SQLite file starts empty and is migrated for real.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heirloom-unit-"));
process.env.DATA_DIR = dir;
process.env.SESSION_SECRET = "unit-test-secret-unit-test-secret";
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
