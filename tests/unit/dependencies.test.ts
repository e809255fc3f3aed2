import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// `dependencies` is what a production install brings: every package in it is one the app loads at run time
// (app/, server/, db/). Tools, tests and the bench belong in devDependencies.

const root = path.resolve(import.meta.dirname, "..", "..");
const RUN_TIME = ["app", "server", "db"];

/** Packages the app needs without importing them by name, each with the reason. */
const NOT_IMPORTED: Record<string, string> = {
  "@expo-google-fonts/noto-serif":
    "the printed book's font files, which pdfkit reads by path (app/routes/printed-book/keepsakes.server.ts)",
  isbot:
    "React Router's default entry.server imports it, and the bench's bare app renders with that (bench/bare-app); " +
    "@react-router/dev adds it to dependencies and prunes node_modules when it is missing",
};

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sources(relative);
    return /\.(ts|tsx|mjs|js)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

/** The package each bare import specifier names (`react-dom/client` -> `react-dom`, `@a/b/c` -> `@a/b`). */
function importedPackages(): Set<string> {
  const found = new Set<string>();
  for (const file of RUN_TIME.flatMap(sources)) {
    const source = fs.readFileSync(path.join(root, file), "utf8");
    for (const [, specifier] of source.matchAll(/(?:from|import|require)\s*\(?\s*["']([^"'./~][^"']*)["']/g)) {
      if (specifier!.startsWith("node:") || specifier!.startsWith("virtual:")) continue;
      const parts = specifier!.split("/");
      found.add(specifier!.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!);
    }
  }
  return found;
}

describe("dependencies", () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };

  it("every package in dependencies is imported by the app at run time, or says why not", () => {
    const imported = importedPackages();
    const unused = Object.keys(manifest.dependencies).filter((name) => !imported.has(name) && !(name in NOT_IMPORTED));
    expect(unused).toEqual([]);
  });

  it("the check sees the imports it must see", () => {
    const imported = importedPackages();
    for (const name of ["react", "react-dom", "react-router", "better-sqlite3", "drizzle-orm", "express"])
      expect(imported).toContain(name);
  });
});
