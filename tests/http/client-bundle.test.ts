import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain-JavaScript bench module without types (the bench reads a chunk's imports the same way)
import { staticImports } from "../../scripts/bench/js-weight.mjs";

// What the browser downloads is built from app/ by `npm run build` (the http project runs after it). zod
// reaches the browser only in its own chunk (client-validation, vite.config.ts), which the forms' schemas load
// once the page is idle (ADR 25: a shared constant imported from app/lib/validation.ts once put all of zod in
// the workspace's chunk, 25 kB of gzip, at first render). i18next stays on the server (ADR 6).
const assets = path.resolve(import.meta.dirname, "..", "..", "build", "client", "assets");

function scripts(): { name: string; source: string }[] {
  return fs
    .readdirSync(assets)
    .filter((name) => name.endsWith(".js"))
    .map((name) => ({ name, source: fs.readFileSync(path.join(assets, name), "utf8") }));
}

type Manifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[] }>;
};

/** What every page loads at first render: the entry's and each route module's chunks, and their static imports. */
function firstRenderScripts(): Map<string, string> {
  const manifestFile = fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name))!;
  const source = fs.readFileSync(path.join(assets, manifestFile), "utf8");
  const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as Manifest;
  const queue = [manifest.entry, ...Object.values(manifest.routes)].flatMap((part) => [
    part.module,
    ...(part.imports ?? []),
  ]);
  const reached = new Map<string, string>();
  while (queue.length) {
    const name = path.basename(queue.pop()!);
    if (reached.has(name)) continue;
    const code = fs.readFileSync(path.join(assets, name), "utf8");
    reached.set(name, code);
    for (const imported of staticImports(code) as string[]) queue.push(imported);
  }
  return reached;
}

describe("the browser's JavaScript", () => {
  it("is built", () => {
    expect(scripts().length).toBeGreaterThan(5);
  });

  it("carries zod only in its lazily loaded chunk, and i18next nowhere", () => {
    // Names that survive minification: zod's error classes and i18next's logger prefix.
    const zod = scripts().filter((file) => /["'`]\$?ZodError["'`]/.test(file.source));
    const i18next = scripts().filter((file) => /["'`]i18next:["'`]/.test(file.source));
    expect(zod.map((f) => f.name)).toEqual([expect.stringMatching(/^client-validation-[\w-]+\.js$/)]);
    expect(i18next.map((f) => f.name)).toEqual([]);
  });

  it("leaves zod out of every page's first render: the forms' schemas arrive once the page is idle (ADR 25)", () => {
    const firstRender = firstRenderScripts();
    expect(firstRender.size).toBeGreaterThan(5);
    const withZod = [...firstRender].filter(([, source]) => /["'`]\$?ZodError["'`]/.test(source));
    expect(withZod.map(([name]) => name)).toEqual([]);
  });

  it("gives the storyteller's door one self-contained script, well under 10 kB of gzip (ADR 28)", () => {
    const door = scripts().filter((file) => /^storyteller-door-[\w-]+\.js$/.test(file.name));
    expect(door).toHaveLength(1);
    const { source } = door[0]!;
    // No chunk of the app or the framework: no static or dynamic import of another file.
    expect(source).not.toMatch(/\bimport\s*[\w{*"'(]/);
    expect(source).not.toMatch(/\bfrom\s*["']/);
    expect(zlib.gzipSync(source, { level: 9 }).length).toBeLessThan(10_000);
  });

  it("leaves the doors' server-rendered markup out of the chunk every page loads (ADR 28)", () => {
    // Two route modules (/tell, /answer) share the door's components, yet neither sends them to the browser.
    const shared = scripts().filter((file) => /^shared-[\w-]+\.js$/.test(file.name) && file.source.length > 1000);
    expect(shared.length).toBeGreaterThan(0);
    for (const file of shared) expect(file.source.includes("tell-recorder"), file.name).toBe(false);
  });
});
