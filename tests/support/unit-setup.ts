import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

// Each test file gets its own data directory, so its SQLite file starts empty and is migrated for real.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heirloom-unit-"));
process.env.DATA_DIR = dir;
process.env.SESSION_SECRET = "unit-test-secret-unit-test-secret";

afterAll(async () => {
  const { closeDb } = await import("~db/client.server");
  closeDb();
  fs.rmSync(dir, { recursive: true, force: true });
});
