import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// server/index.mjs looks a request up among public/'s files only when its path ends in a name with an extension:
// a page's path never has one, and skipping the disk for pages saves a stat and a thrown 404 on each. A file
// without an extension would then never be served.
describe("public files", () => {
  it("all have an extension, so that the server looks them up", () => {
    const root = path.resolve(import.meta.dirname, "..", "..", "public");
    const files = fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(files.length).toBeGreaterThan(0);
    expect(files.map((entry) => entry.name).filter((name) => !/\.[^/]+$/.test(name))).toEqual([]);
  });
});
