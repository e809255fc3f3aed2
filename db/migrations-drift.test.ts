import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const drizzleKit = path.join(root, "node_modules", "drizzle-kit", "bin.cjs");

/**
 * drizzle-kit, asked to generate from a copy of the schema and its migrations, finds nothing to do: the committed
 * migrations are the schema's (issue 21, ADR 0032). A column added to a schema without `npm run db:generate` fails
 * here, for either dialect.
 */
function pendingChanges(dialect: "sqlite" | "postgresql", schema: string, migrations: string): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), "heirloom-drift-"));
  try {
    fs.cpSync(path.join(root, "db"), path.join(copy, "db"), {
      recursive: true,
      filter: (source) => !source.endsWith(".test.ts"),
    });
    fs.writeFileSync(
      path.join(copy, "drizzle.config.json"),
      JSON.stringify({ dialect, schema: `./db/${schema}`, out: `./db/${migrations}` }),
    );
    fs.symlinkSync(path.join(root, "node_modules"), path.join(copy, "node_modules"));
    return execFileSync(process.execPath, [drizzleKit, "generate", "--config", "drizzle.config.json"], {
      cwd: copy,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}

describe("the committed migrations", () => {
  it.each([
    ["sqlite", "schema.sqlite.ts", "migrations"],
    ["postgresql", "schema.pg.ts", "migrations-pg"],
  ] as const)("for %s are generated from its schema", (dialect, schema, migrations) => {
    expect(pendingChanges(dialect, schema, migrations)).toContain("No schema changes");
  });
});
