import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import en from "./en";
import { fastT } from "./fast-t";
import vi from "./vi";

function leaves(value: unknown, prefix = ""): string[] {
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    typeof child === "string" ? [`${prefix}${key}`] : leaves(child, `${prefix}${key}.`),
  );
}

describe("fastT", () => {
  it("gives the same text as i18next for every key, with values and counts, in both languages", async () => {
    for (const [lng, translation] of [
      ["en", en],
      ["vi", vi],
    ] as const) {
      const i18n = createInstance();
      await i18n.init({ lng, resources: { [lng]: { translation } }, interpolation: { escapeValue: false } });
      const t = fastT(lng, translation) as unknown as (key: string, values?: Record<string, unknown>) => string;
      const values = {
        name: "Lan",
        title: "Sách",
        count: 1,
        n: "2",
        page: "1",
        pages: "3",
        book: "B",
        topic: "T",
        date: "01/02/2026",
        question: "Q",
        column: "C",
        language: "English",
        tone: "Vui",
        shown: "6",
        total: "9",
        position: "2",
      };
      const keys = new Set(leaves(translation).map((k) => k.replace(/_(one|other)$/, "")));
      for (const key of keys) {
        for (const count of [0, 1, 5]) {
          const v = { ...values, count };
          expect(t(key, v), `${lng} ${key} ${count}`).toBe(
            (i18n.t as unknown as (k: string, o: object) => string)(key, v),
          );
        }
        expect(t(key), `${lng} ${key}`).toBe((i18n.t as unknown as (k: string) => string)(key));
      }
    }
  });

  it("falls back to English, then to the key", () => {
    const t = fastT("vi", { a: "một" }, { a: "one", b: "two" }) as unknown as (key: string) => string;
    expect(t("a")).toBe("một");
    expect(t("b")).toBe("two");
    expect(t("c.d")).toBe("c.d");
  });
});
