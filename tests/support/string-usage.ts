import fs from "node:fs";
import path from "node:path";

const APP = path.resolve(import.meta.dirname, "..", "..", "app");

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/**
 * The modules under app/ (their paths from app/, with "/") whose source matches `use`, leaving out those an `allowed`
 * pattern names: where a group of strings is shown that the browser may not have (app/i18n's tests of ADRs 6 and 39).
 */
export function modulesUsing(use: RegExp, allowed: RegExp[]): string[] {
  return sources(APP)
    .map((file) => path.relative(APP, file).split(path.sep).join("/"))
    .filter((file) => !allowed.some((pattern) => pattern.test(file)))
    .filter((file) => use.test(fs.readFileSync(path.join(APP, file), "utf8")));
}
