import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importsOf } from "../support/module-graph";

// The layers of docs/architecture.md (ADR 26): a request goes downhill, routes -> services -> models -> db,
// with pure helpers (app/lib) below them all. An import that goes uphill fails here, type-only ones too (a
// type from a layer above ties the two together all the same). A component declares the props it needs; the
// route that hands it server data is where the compiler checks that the two agree. A shape the server gives and a
// component shows whole is declared once, in a type module beside its model or service (`question.types.ts`, also
// `types.ts`), which both sides import: it holds types only and imports nothing of the server's.

const root = path.resolve(import.meta.dirname, "..", "..");

function modules(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "migrations" ? [] : modules(relative);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

type Rule = { name: string; from: RegExp; to: RegExp };

/** A module of types that both sides import: `app/models/question.types.ts`, `app/ai/types.ts`. */
const TYPE_MODULE = /^app\/(.+\/)?([\w-]+\.)?types\.ts$/;

/** What a type module must not hold: an export with a value, which would be code the browser loads. */
const VALUE_EXPORT = /^\s*export\s+(default\b|(async\s+)?function\b|const\b|let\b|var\b|class\b|enum\b|\{)/m;

/** Code the browser runs: shared components and hooks, and the components and scripts of each feature's room. */
const CLIENT = /^app\/(components|hooks)\/|^app\/routes\/[^/]+\/(components|door|client)\//;

// The layers of ADR 26 and the rooms of ADR 38, from the top: the feature rooms (app/routes/<feature>/, with
// app/root.tsx and the entries), then the shared components and hooks, the request kit (app/http), the models, the AI
// providers, the platform (the process's settings, secrets and workers), i18n, the pure helpers (app/lib), and db.
const RULES: Rule[] = [
  { name: "client code never imports *.server modules", from: CLIENT, to: /\.server\.tsx?$/ },
  { name: "type modules never import *.server modules", from: TYPE_MODULE, to: /\.server\.tsx?$/ },
  {
    name: "shared components and hooks import no feature's room",
    from: /^app\/(components|hooks)\//,
    to: /^app\/routes\//,
  },
  {
    name: "the request kit imports no feature, component or hook",
    from: /^app\/http\//,
    to: /^app\/(routes|components|hooks)\//,
  },
  {
    name: "models import no feature, request kit, component or hook",
    from: /^app\/models\//,
    to: /^app\/(routes|http|components|hooks)\//,
  },
  {
    name: "the AI providers import only the platform, i18n, lib and db",
    from: /^app\/ai\//,
    to: /^app\/(routes|http|models|components|hooks)\//,
  },
  {
    name: "the platform imports only i18n, lib and db",
    from: /^app\/platform\//,
    to: /^app\/(routes|http|models|ai|components|hooks)\//,
  },
  { name: "i18n imports only lib", from: /^app\/i18n\//, to: /^(app\/(?!i18n\/|lib\/)|db\/)/ },
  {
    name: "lib is pure (only lib, i18n and the database's schema and values; never a *.server module)",
    from: /^app\/lib\//,
    to: /^app\/(?!lib\/|i18n\/)|\.server\.tsx?$/,
  },
  { name: "db imports nothing from app/", from: /^db\//, to: /^app\// },
];

/** The modules a file imports, type-only imports included. */
type Graph = (file: string) => string[];

function violations(files: string[], rules: Rule[], graph: Graph): string[] {
  const found: string[] = [];
  for (const file of files) {
    for (const rule of rules) {
      if (!rule.from.test(file)) continue;
      for (const target of graph(file)) if (rule.to.test(target)) found.push(`${rule.name}: ${file} -> ${target}`);
    }
  }
  return found;
}

/** A cycle of run-time imports, as the chain of modules that closes it, or null. */
function firstCycle(files: string[], graph: (file: string) => string[]): string[] | null {
  const state = new Map<string, "open" | "done">();
  const chain: string[] = [];
  const visit = (file: string): string[] | null => {
    if (state.get(file) === "done") return null;
    if (state.get(file) === "open") return [...chain.slice(chain.indexOf(file)), file];
    state.set(file, "open");
    chain.push(file);
    for (const next of graph(file)) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    chain.pop();
    state.set(file, "done");
    return null;
  };
  for (const file of files) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return null;
}

describe("layers", () => {
  const files = [...modules("app"), ...modules("db")];

  it("every import goes downhill", () => {
    expect(violations(files, RULES, (file) => importsOf(file, { types: true }))).toEqual([]);
  });

  it(
    "no module imports itself back through others, " +
      "type-only imports too (the AI providers and their interface: app/ai/types.ts)",
    () => {
      expect(firstCycle(files, (file) => importsOf(file, { types: true }))).toBeNull();
      const looped: Record<string, string[]> = { "a.ts": ["b.ts"], "b.ts": ["c.ts"], "c.ts": ["a.ts"] };
      expect(firstCycle(["a.ts"], (file) => looped[file] ?? [])).toEqual(["a.ts", "b.ts", "c.ts", "a.ts"]);
    },
  );

  it("the feature rooms import each other one way only: no room reaches back into one that imports it", () => {
    const roomOf = (file: string) => /^app\/routes\/([^/]+)\//.exec(file)?.[1];
    const rooms = new Map<string, Set<string>>();
    for (const file of files) {
      const room = roomOf(file);
      if (!room) continue;
      const next = rooms.get(room) ?? new Set<string>();
      for (const target of importsOf(file, { types: true })) {
        const other = roomOf(target);
        if (other && other !== room) next.add(`app/routes/${other}/`);
      }
      rooms.set(room, next);
    }
    const graph = (node: string) => [...(rooms.get(node.split("/")[2] ?? "") ?? [])];
    expect([...rooms.keys()].length).toBeGreaterThan(10);
    expect(
      firstCycle(
        [...rooms.keys()].map((room) => `app/routes/${room}/`),
        graph,
      ),
    ).toBeNull();
  });

  it("type modules hold types only: no value, and no import the browser would run", () => {
    const typeModules = files.filter((file) => TYPE_MODULE.test(file));
    expect(typeModules).toEqual(expect.arrayContaining(["app/models/question.types.ts", "app/ai/types.ts"]));
    const withCode = typeModules.filter(
      (file) => importsOf(file).length > 0 || VALUE_EXPORT.test(fs.readFileSync(path.join(root, file), "utf8")),
    );
    expect(withCode).toEqual([]);
    // The check itself: a value or a function is caught, a type is not.
    expect(
      ["export const A = 1;", "export function f() {}", "export { a };"].map((line) => VALUE_EXPORT.test(line)),
    ).toEqual([true, true, true]);
    expect(VALUE_EXPORT.test("export type A = { id: number };")).toBe(false);
  });

  it("each rule catches an import uphill (the check itself works)", () => {
    const uphill: Record<string, string[]> = {
      "app/routes/books/components/book-card.tsx": ["app/models/book.server.ts"],
      "app/models/question.types.ts": ["app/models/question.server.ts"],
      "app/hooks/use-href-with.ts": ["app/routes/workspace/book.tsx"],
      "app/http/auth.server.ts": ["app/routes/auth/sign-in.server.ts"],
      "app/models/book.server.ts": ["app/routes/previews/previews.server.ts"],
      "app/ai/prompts.ts": ["app/models/story.server.ts"],
      "app/platform/env.server.ts": ["app/models/user.server.ts"],
      "app/i18n/use-t.ts": ["app/hooks/use-root-data.ts"],
      "app/lib/dates.ts": ["app/platform/env.server.ts"],
      "db/schema.ts": ["app/lib/limits.ts"],
    };
    const found = violations(Object.keys(uphill), RULES, (file) => uphill[file] ?? []);
    expect(found.map((line) => line.split(":")[0])).toEqual(RULES.map((rule) => rule.name));
  });
});
