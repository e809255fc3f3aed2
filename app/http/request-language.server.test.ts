import { describe, expect, it } from "vitest";
import { preferredLanguage, requestLanguage } from "./request-language.server";
import { serializeLanguage } from "./preferences.server";

describe("the request's language", () => {
  it("takes the language of ours that Accept-Language ranks highest", () => {
    expect(preferredLanguage("vi")).toBe("vi");
    expect(preferredLanguage("vi-VN,vi;q=0.9,en-US;q=0.8,en;q=0.7")).toBe("vi");
    expect(preferredLanguage("en-US,en;q=0.9,vi;q=0.8")).toBe("en");
    expect(preferredLanguage("fr-FR, fr;q=0.9, vi;q=0.8, en;q=0.5")).toBe("vi");
    expect(preferredLanguage("en;q=0.2, VI;q=0.9")).toBe("vi");
    expect(preferredLanguage("vi;q=0, en;q=0.1")).toBe("en");
    expect(preferredLanguage("fr, de, *")).toBeNull();
    expect(preferredLanguage("")).toBeNull();
    expect(preferredLanguage(null)).toBeNull();
  });

  it("prefers the language she chose (the lng cookie) to her browser's", async () => {
    const cookie = (await serializeLanguage("vi")).split(";")[0]!;
    expect(await requestLanguage(new Headers({ Cookie: cookie, "Accept-Language": "en" }))).toBe("vi");
    expect(await requestLanguage(new Headers({ "Accept-Language": "fr, vi;q=0.5" }))).toBe("vi");
    expect(await requestLanguage(new Headers({ "Accept-Language": "fr" }))).toBe("en");
    expect(await requestLanguage(new Headers())).toBe("en");
  });
});
