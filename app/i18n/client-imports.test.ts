import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// ADR 6: i18next stays on the server. A module the browser may load imports it for its types only.
const appDir = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.(server|test)\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe("modules the browser may load", () => {
  it("import i18next for its types only", () => {
    const offenders = sourceFiles(appDir).filter((file) => {
      const source = fs.readFileSync(file, "utf8");
      return /^import (?!type )[^;]*from "i18next"/m.test(source);
    });
    expect(offenders.map((file) => path.relative(appDir, file))).toEqual([]);
  });
});
