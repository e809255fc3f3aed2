import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// An exported function, constant or class of app/ or db/ is used by another module; otherwise it is either
// dead code or a module-private helper that says it is shared. (Types are left alone: an exported type
// documents a function's shape.) What a route module exports for React Router is used by the framework.

const root = path.resolve(import.meta.dirname, "..", "..");
const CHECKED = ["app", "db"];
const USERS = [
  "app",
  "db",
  "server",
  "scripts",
  "tests",
  "config",
  "vite.config.ts",
  "react-router.config.ts",
  "drizzle.config.ts",
];
/** What React Router reads from a route module, root.tsx and the entries. */
const FRAMEWORK_EXPORTS = new Set([
  "loader",
  "action",
  "default",
  "meta",
  "links",
  "headers",
  "handle",
  "ErrorBoundary",
  "middleware",
  "shouldRevalidate",
  "clientLoader",
  "clientAction",
  "clientMiddleware",
  "HydrateFallback",
  "Layout",
  "streamTimeout",
  "handleError",
  "handleDataRequest",
]);
const FRAMEWORK_MODULES = /^app\/(routes\/|root\.tsx$|entry\.(server|client)\.tsx$|routes\.ts$)/;

function files(entry: string): string[] {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [entry];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((child) => {
    if (child.name === "node_modules" || child.name.startsWith(".")) return [];
    const relative = path.posix.join(entry, child.name);
    return child.isDirectory() ? files(relative) : /\.(ts|tsx|mjs|js)$/.test(child.name) ? [relative] : [];
  });
}

/** Exported values declared in `source`: `export function f`, `export const c`, `export class C`… */
function exportedValues(source: string): string[] {
  return [...source.matchAll(/^export (?:async )?(?:function\*?|const|let|class) (\w+)/gm)].map(([, name]) => name!);
}

function unusedExports(sources: Map<string, string>): string[] {
  const unused: string[] = [];
  for (const [file, source] of sources) {
    if (!CHECKED.some((dir) => file.startsWith(`${dir}/`)) || /\.test\.tsx?$/.test(file)) continue;
    for (const name of exportedValues(source)) {
      if (FRAMEWORK_MODULES.test(file) && FRAMEWORK_EXPORTS.has(name)) continue;
      const word = new RegExp(`\\b${name}\\b`);
      const used = [...sources].some(([other, text]) => other !== file && word.test(text));
      if (!used) unused.push(`${file}: ${name}`);
    }
  }
  return unused;
}

describe("exports", () => {
  const sources = new Map(
    USERS.flatMap(files).map((file) => [file, fs.readFileSync(path.join(root, file), "utf8")] as const),
  );

  it("every exported function, constant and class of app/ and db/ is used by another module", () => {
    expect(unusedExports(sources)).toEqual([]);
  });

  it("the check finds an export nobody uses", () => {
    // The name is put together here, so that this file does not use it.
    const name = ["count", "Nothing"].join("");
    const withDead = new Map(sources).set("app/models/dead.server.ts", `export function ${name}() {\n  return 0;\n}\n`);
    expect(unusedExports(withDead)).toEqual([`app/models/dead.server.ts: ${name}`]);
  });
});
