import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { clampWholeNumber, lenientNumbers, readWholeNumber, strictNumbers } from "./query-params";

const PAGE = { min: 1, max: 1000, fallback: 1 };
const ID = { min: 1, max: Number.MAX_SAFE_INTEGER };

describe("reading a number from a query string", () => {
  it("strictly (/api): plain digits in range, or not given; anything else is not valid", () => {
    expect(readWholeNumber(null, PAGE)).toBe(1);
    expect(readWholeNumber("", PAGE)).toBe(1);
    expect(readWholeNumber("", ID)).toBeUndefined();
    expect(readWholeNumber("7", PAGE)).toBe(7);
    expect(readWholeNumber("007", PAGE)).toBe(7);
    expect(readWholeNumber("9007199254740991", ID)).toBe(Number.MAX_SAFE_INTEGER);
    for (const odd of [
      "1e309",
      "1e3",
      "Infinity",
      "-Infinity",
      "NaN",
      "99999999999999999999",
      "9007199254740992",
      "-1",
      "-0",
      "+5",
      "1.5",
      "1.0",
      "0x10",
      " 5",
      "5 ",
      "abc",
      "١٢",
      "0",
      "1001",
    ]) {
      expect(
        readWholeNumber(odd, odd === "9007199254740992" || odd === "99999999999999999999" ? ID : PAGE),
        odd,
      ).toBeNull();
    }
  });

  it(
    "leniently (pages): a page or a size is clamped into its range, " +
      "an id out of range or anything not digits is not given",
    () => {
      expect(clampWholeNumber("999999", PAGE)).toBe(1000);
      expect(clampWholeNumber("9".repeat(400), PAGE)).toBe(1000);
      expect(clampWholeNumber("0", PAGE)).toBe(1);
      expect(clampWholeNumber("1e309", PAGE)).toBe(1);
      expect(clampWholeNumber("-5", PAGE)).toBe(1);
      expect(clampWholeNumber("abc", ID)).toBeUndefined();
      expect(clampWholeNumber("0", ID)).toBeUndefined();
      expect(clampWholeNumber("99999999999999999999", ID)).toBeUndefined();
      expect(clampWholeNumber("42", ID)).toBe(42);
    },
  );

  it("a shape at once: every invalid name is reported by the strict reader", () => {
    const shape = { page: PAGE, id: ID };
    expect(strictNumbers(new URLSearchParams("page=2&id=5"), shape)).toEqual({ ok: true, values: { page: 2, id: 5 } });
    expect(strictNumbers(new URLSearchParams("page=1e309&id=x"), shape)).toEqual({
      ok: false,
      invalid: ["page", "id"],
    });
    expect(lenientNumbers(new URLSearchParams("page=1e309&id=x"), shape)).toEqual({ page: 1, id: undefined });
  });
});

describe("one way to read numbers", () => {
  // A number read from a query string with Number(), parseInt or parseFloat lets 1e309, 0x10 and 1e20
  // through (issue 16): every one goes through query-params.ts instead.
  const root = path.resolve(import.meta.dirname, "..");
  const sources = (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith("query-params.ts"))
    .map((file) => ({ file, text: fs.readFileSync(path.join(root, file), "utf8") }));

  it("no module parses a query parameter as a number itself", () => {
    const raw = /(?:Number|parseInt|parseFloat)\s*\([^;\n]*(?:searchParams|\bparams|\bquery)\.get\(/;
    expect(sources.length).toBeGreaterThan(100);
    expect(sources.filter(({ text }) => raw.test(text)).map(({ file }) => file)).toEqual([]);
  });
});
