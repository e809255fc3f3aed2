import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { modulesUsing } from "../../tests/support/string-usage";
import enServer from "./en.server";

// The strings of en.server.ts never reach the browser (load.ts loads en.browser.ts): a page that hydrates and shows
// one would show its key, and React would find the server's HTML different. They may be used only where no React
// runs in the browser: server modules, the storyteller's door and the shared book's pages (routes that send no
// scripts, `htmlOnly`), the door's and reader's components, and the door's form schema, which only the server parses.
const APP = path.resolve(import.meta.dirname, "..");
const ALLOWED = [
  /\.server\.tsx?$/,
  // The /api routes answer JSON, never a hydrated page.
  /^routes\/[^/]+\/api\.[^/]+\.ts$/,
  /^routes\/storyteller\/door\//,
  /^routes\/storyteller\/(tell|answer|pause)\.tsx$/,
  /^routes\/sharing\/(shared-book|shared-photo)\.tsx$/,
  /^routes\/sharing\/components\/(shared-|chapter-nav)/,
  /^routes\/printed-book\//,
  /^lib\/validation\.ts$/,
  /^i18n\//,
  /\.test\.tsx?$/,
];

describe("the strings only the server renders", () => {
  it("are used only by code that never runs in a hydrated page", () => {
    const namespaces = Object.keys(enServer).join("|");
    const use = new RegExp(`["'\`](${namespaces})\\.[A-Za-z]`);
    const misplaced = modulesUsing(use, ALLOWED);
    expect(misplaced).toEqual([]);
  });

  it("are not in the browser's strings", () => {
    const browser = fs.readFileSync(path.join(APP, "i18n", "en.browser.ts"), "utf8");
    for (const namespace of Object.keys(enServer)) expect(browser).not.toMatch(new RegExp(`^  ${namespace}: \\{`, "m"));
  });
});
