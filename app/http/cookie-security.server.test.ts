import { describe, expect, it } from "vitest";
import { withSecure } from "./cookie-security.server";

describe("withSecure", () => {
  it("adds or removes the Secure attribute whoever serialized the cookie, and keeps the rest", () => {
    const plain = "lng=vi; Max-Age=31536000; Path=/; SameSite=Lax";
    expect(withSecure(plain, true)).toBe(`${plain}; Secure`);
    expect(withSecure(plain, false)).toBe(plain);
    expect(withSecure("a=b; Path=/; Secure; HttpOnly", false)).toBe("a=b; Path=/; HttpOnly");
    expect(withSecure("a=b; Path=/; secure", true)).toBe("a=b; Path=/; Secure");
    // A value that merely contains the word is left alone.
    expect(withSecure("note=Secure; Path=/", false)).toBe("note=Secure; Path=/");
  });
});
