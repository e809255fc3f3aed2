import { describe, expect, it } from "vitest";
import { hasInvisibleCharacters, nameKey } from "./names";

describe("name keys", () => {
  it("are one key for case, width, compatibility forms and combining marks", () => {
    expect(nameKey(" Minh ")).toBe("minh");
    expect(nameKey("ＭＩＮＨ")).toBe("minh");
    expect(nameKey("Lan@Example.COM")).toBe("lan@example.com");
    expect(nameKey("ﬁona")).toBe("fiona");
    expect(nameKey("HƯƠNG".normalize("NFD"))).toBe("hương".normalize("NFC"));
    expect(nameKey("admin\u00a0")).toBe("admin");
  });
});

describe("invisible characters", () => {
  it("are found in zero-width, bidi, tag, soft-hyphen, filler and control characters", () => {
    for (const name of [
      "admin\u200b",
      "ad\u200cmin",
      "ad\u200dmin",
      "\u200eadmin",
      "\u202eadmin",
      "\u2066admin\u2069",
      "ad\u2060min",
      "admin\ufeff",
      "adm\u00adin",
      "admin\u{e0061}",
      "\u3164admin",
      "admin\ufe0f",
      "admin\u180e",
      "admin\u0007",
      "admin\u2028",
      "admin\ue000",
    ]) {
      expect(hasInvisibleCharacters(name), JSON.stringify(name)).toBe(true);
    }
  });

  it("are not found in names in Vietnamese and other scripts, with spaces and symbols", () => {
    for (const name of [
      "bà lan",
      "Nguyễn Văn A",
      "hương".normalize("NFD"),
      "lan@example.com",
      "中文名",
      "नमस्ते",
      "O'Brien-2",
    ]) {
      expect(hasInvisibleCharacters(name), name).toBe(false);
    }
  });
});
