import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { modulesUsing } from "../../tests/support/string-usage";
import enBrowser from "./en.browser";

// A keepsake's progress strings (en.keepsakes.ts, issue 38) are not in the strings chunk every page loads: the
// download dialog adds them before it translates anything (app/routes/printed-book/keepsake-strings.ts), and the
// keepsake page sends no script. A component elsewhere that showed one in the browser would show its key.
const APP = path.resolve(import.meta.dirname, "..");
const ALLOWED = [
  /\.server\.tsx?$/,
  /^routes\/printed-book\/keepsake-page\.tsx$/,
  /^routes\/printed-book\/components\/(book-pdf-dialog|ebook-form|keepsake-\w+|print-shop-form|soft-pictures)\.tsx$/,
  /^i18n\//,
  /\.test\.tsx?$/,
];

describe("a keepsake's progress strings", () => {
  it("are shown in the browser only by the download dialog, which adds them first", () => {
    expect(modulesUsing(/["'`]keepsakes\.\w+/, ALLOWED)).toEqual([]);
    const dialog = fs.readFileSync(
      path.join(APP, "routes", "printed-book", "components", "book-pdf-dialog.tsx"),
      "utf8",
    );
    expect(dialog).toMatch(/export function BookPdfDialog\([^)]*\) \{\n {2}useKeepsakeStrings\(\);/);
  });

  it("are not in the browser's strings", () => {
    expect(Object.keys(enBrowser)).not.toContain("keepsakes");
  });
});
