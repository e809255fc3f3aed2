import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { modulesUsing } from "../../tests/support/string-usage";
import enBrowser from "./en.browser";

// The admin's strings (en.admin.ts) are not in the strings chunk every page loads: the admin page adds them before it
// translates anything (app/routes/admin/admin-strings.ts, ADR 39). A component elsewhere that showed one in the
// browser would show its key, and React would find the server's HTML different. Only the header's title of the admin
// page (admin.title) is in the browser's strings.
const APP = path.resolve(import.meta.dirname, "..");
const ALLOWED = [
  /\.server\.tsx?$/,
  /\/api\.[^/]+\.ts$/,
  /^routes\/admin\//,
  /^i18n\//,
  /\.test\.tsx?$/,
  /^lib\/activity-sentence\.ts$/,
];

describe("the admin's strings", () => {
  it("are shown in the browser only by the admin's pages, which add them first", () => {
    const use = /["'`]admin\.(?!title["'`])[A-Za-z]/;
    const misplaced = modulesUsing(use, ALLOWED);
    expect(misplaced).toEqual([]);
    const page = fs.readFileSync(path.join(APP, "routes", "admin", "admin.tsx"), "utf8");
    expect(page).toMatch(/export default function Admin\([^)]*\) \{\n {2}useAdminStrings\(\);/);
  });

  it("are not in the browser's strings but for the page's title", () => {
    expect(enBrowser.admin).toEqual({ title: "Admin Dashboard" });
  });
});
