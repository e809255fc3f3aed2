import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// One model layer serves SQLite and PostgreSQL (issue 21, ADR 0032). drizzle's SQLite handle, which types the models,
// also offers what only better-sqlite3 has: `.get()`, `.all()`, `.run()` and `.values()` on a query, `db().get(sql)`,
// and the connection itself (`$client`). They compile, and then fail on PostgreSQL. A query is awaited instead, and
// the few places that must speak to one engine's connection are named here, each with why.

const root = path.resolve(import.meta.dirname, "..", "..");
const SCANNED = ["app", "db", "server"];
const ONE_ENGINE: Record<string, string> = {
  "db/client.server.ts": "opens the connections of both engines",
  "db/copy-installation.server.ts": "reads SQLite's file to copy it into PostgreSQL (npm run db:copy)",
  "app/models/import-rows.server.ts": "SQLite's prepared inserts, beside PostgreSQL's drizzle ones",
};

const SQLITE_ONLY: [RegExp, string][] = [
  // (Not `.values()`: a Map's and a Set's are everywhere, and a query's raw rows are named by the next rule.)
  [/\.\s*(get|all|run)\s*\(\s*\)/, "runs a query with better-sqlite3's own call (await the query instead)"],
  [/\b(db\(\)|tx|client|runner)\s*\.\s*(get|all|run|values)\s*(<[^>]*>)?\s*\(/, "runs SQL through SQLite's handle"],
  [/\.\s*\$client\b/, "uses the engine's connection itself"],
];

function modules(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith("migrations") ? [] : modules(relative);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

describe("the model layer", () => {
  it("speaks to no engine in a way only one of them understands, outside the files that must", () => {
    const found: string[] = [];
    for (const file of SCANNED.flatMap(modules)) {
      if (ONE_ENGINE[file]) continue;
      const lines = fs.readFileSync(path.join(root, file), "utf8").split("\n");
      lines.forEach((line, index) => {
        if (/^\s*(\/\/|\*)/.test(line)) return;
        for (const [pattern, why] of SQLITE_ONLY) if (pattern.test(line)) found.push(`${file}:${index + 1} ${why}`);
      });
    }
    expect(found).toEqual([]);
  });

  it("names only files that exist", () => {
    for (const file of Object.keys(ONE_ENGINE)) expect(fs.existsSync(path.join(root, file)), file).toBe(true);
  });
});
