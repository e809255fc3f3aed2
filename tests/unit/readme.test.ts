import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The README is what a newcomer reads in five minutes (issue 36): what Heirloom is, the two commands, the
// configuration and where to read next; the rest lives in docs/. Its Configuration table is the one list of the
// environment variables, so a variable the app starts reading is added there or this test fails.

const root = path.resolve(import.meta.dirname, "..", "..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const readme = read("README.md");

// What reads the environment when Heirloom runs: the app, its server and database layer, and the scripts that
// start it or back it up. Tests and the bench have their own variables (docs/testing.md).
const READERS = /^(app|server|db)\/.*\.(ts|tsx|mjs)$|^scripts\/(start|backup|db-copy)\.(mjs|ts)$/;
// npm's own: where the command was typed.
const NOT_OURS = new Set(["INIT_CWD"]);

function variablesRead(): string[] {
  const files = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter((file) => READERS.test(file) && !/\.test\.tsx?$/.test(file) && fs.existsSync(path.join(root, file)));
  const names = new Set<string>();
  for (const file of files) {
    const text = read(file);
    for (const [, name] of text.matchAll(/\b(?:process\.env|env|variables)\.([A-Z][A-Z0-9_]+)\b/g)) names.add(name!);
  }
  // The checked environment's schema (app/platform/env.server.ts) names each variable as a key.
  const schema = read("app/platform/env.server.ts").split("const schema = z")[1]!.split(".superRefine(")[0]!;
  for (const [, name] of schema.matchAll(/^ {4}([A-Z][A-Z0-9_]+): /gm)) names.add(name!);
  return [...names].filter((name) => !NOT_OURS.has(name)).sort();
}

describe("the README", () => {
  it("is a five-minute read: at most 150 lines", () => {
    expect(readme.split("\n").length).toBeLessThanOrEqual(150);
  });

  it("names every environment variable the app reads in its Configuration table", () => {
    const table = readme.split("## Configuration")[1]!.split("\n## ")[0]!;
    const documented = new Set(
      table
        .split("\n")
        .filter((line) => line.startsWith("| `"))
        .flatMap((line) => [...line.split("|")[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map(([, name]) => name!)),
    );
    const variables = variablesRead();
    expect(variables).toEqual(expect.arrayContaining(["DATA_DIR", "PORT", "MEDIA_STORE", "AWS_ACCESS_KEY_ID"]));
    expect(variables.filter((name) => !documented.has(name))).toEqual([]);
  });
});
