import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { modulesUsing } from "../../tests/support/string-usage";
import enBrowser from "./en.browser";
import enWeeklyCard from "./en.weekly-card";

// The weekly card's strings (en.weekly-card.ts, issue 37) are not in the strings chunk every page loads: the card adds
// them before it translates anything (app/routes/storyteller/weekly-card-strings.ts). A component elsewhere that
// showed one in the browser would show its key, and React would find the server's HTML different.
const APP = path.resolve(import.meta.dirname, "..");
const ALLOWED = [
  /\.server\.tsx?$/,
  /^routes\/storyteller\/components\/weekly-(question|status|schedule-form)\.tsx$/,
  /^i18n\//,
  /\.test\.tsx?$/,
];

describe("the weekly card's strings", () => {
  it("are shown in the browser only by the card, which adds them first", () => {
    const keys = Object.keys(enWeeklyCard).join("|");
    const misplaced = modulesUsing(new RegExp(`["'\`]storyteller\\.(${keys})\\b`), ALLOWED);
    expect(misplaced).toEqual([]);
    const card = fs.readFileSync(path.join(APP, "routes", "storyteller", "components", "weekly-question.tsx"), "utf8");
    expect(card).toMatch(/export function WeeklyQuestion\([^)]*\) \{\n {2}useWeeklyCardStrings\(\);/);
  });

  it("are not in the browser's strings", () => {
    for (const key of Object.keys(enWeeklyCard)) expect(Object.keys(enBrowser.storyteller)).not.toContain(key);
  });
});
