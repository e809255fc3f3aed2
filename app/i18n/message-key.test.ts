import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import en from "./en";
import { isMessageKey } from "./message-key";
import vi from "./vi";

const appDir = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

function has(dictionary: unknown, key: string): boolean {
  let node = dictionary;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, part)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string";
}

// Every message a schema or a check gives zod, as written in the sources: `error: "…"`, `message: "…"`.
const messages = sourceFiles(appDir).flatMap((file) =>
  [...fs.readFileSync(file, "utf8").matchAll(/\b(?:error|message):\s*"([^"]+)"/g)].map((match) => ({
    file: path.relative(appDir, file),
    text: match[1]!,
  })),
);

describe("a schema's message", () => {
  it("is found in the sources", () => {
    expect(messages.map((m) => m.text)).toContain("login.usernameRequired");
  });

  it("shaped like a key is a key in English and in Vietnamese", () => {
    const missing = messages
      .filter(({ text }) => isMessageKey(text) && !(has(en, text) && has(vi, text)))
      .map(({ file, text }) => `${file}: ${text}`);
    expect(missing).toEqual([]);
  });

  it("in zod's own words is not taken for a key", () => {
    for (const text of ["Invalid input: expected string, received undefined", "Too big: expected <=200", "blank"])
      expect(isMessageKey(text), text).toBe(false);
    expect(isMessageKey("errors.invalid")).toBe(true);
  });
});
