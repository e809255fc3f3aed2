import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// What the browser downloads is built from app/ by `npm run build` (the http project runs after it). Two
// libraries are server-side by decision: zod (validation runs in actions; a shared constant imported from
// app/lib/validation.ts once put all of zod in the workspace's chunk, 25 kB of gzip) and i18next (ADR 6).
const assets = path.resolve(import.meta.dirname, "..", "..", "build", "client", "assets");

function scripts(): { name: string; source: string }[] {
  return fs
    .readdirSync(assets)
    .filter((name) => name.endsWith(".js"))
    .map((name) => ({ name, source: fs.readFileSync(path.join(assets, name), "utf8") }));
}

describe("the browser's JavaScript", () => {
  it("is built", () => {
    expect(scripts().length).toBeGreaterThan(5);
  });

  it("carries neither zod nor i18next", () => {
    // Names that survive minification: zod's error classes and i18next's logger prefix.
    const zod = scripts().filter((file) => /["'`]\$?ZodError["'`]/.test(file.source));
    const i18next = scripts().filter((file) => /["'`]i18next:["'`]/.test(file.source));
    expect({ zod: zod.map((f) => f.name), i18next: i18next.map((f) => f.name) }).toEqual({ zod: [], i18next: [] });
  });
});
