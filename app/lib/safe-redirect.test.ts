import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps a path on this site with its query and fragment", () => {
    expect(safeRedirect("/books/1?x=1")).toBe("/books/1?x=1");
    expect(safeRedirect("/books/1?tab=topic#story-3")).toBe("/books/1?tab=topic#story-3");
    expect(safeRedirect("/")).toBe("/");
  });

  it("sends anything that could leave the site to the fallback", () => {
    for (const to of [
      "//evil.example",
      "/\\evil.example",
      "/\\\\evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "evil.example",
      " /books",
      "",
      // Browsers drop tab and newline from a URL: these are "//evil.example" to them.
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "\r\n/evil.example",
      // Decoded once more, these start with "//" or "/\".
      "/%2F/evil.example",
      "/%2f%2fevil.example",
      "/%5Cevil.example",
      // Resolving ".." would give "//evil.example".
      "/books/../..//evil.example",
      "/a/..//evil.example",
      "/a/..\\/evil.example",
    ]) {
      expect(safeRedirect(to), JSON.stringify(to)).toBe("/");
    }
    expect(safeRedirect(undefined)).toBe("/");
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(42)).toBe("/");
    expect(safeRedirect(new File([], "x"))).toBe("/");
    expect(safeRedirect("//evil.example", "/books")).toBe("/books");
  });

  it("refuses every control character: C0, DEL and C1", () => {
    for (const code of [0, 1, 9, 10, 13, 27, 0x1f, 0x7f, 0x80, 0x85, 0x9f]) {
      const char = String.fromCharCode(code);
      expect(safeRedirect(`/books${char}`), `U+${code.toString(16)}`).toBe("/");
      expect(safeRedirect(`/books?q=${char}`), `U+${code.toString(16)}`).toBe("/");
    }
  });

  it("percent-encodes what a header cannot carry, instead of failing", () => {
    expect(safeRedirect("/ệ")).toBe("/%E1%BB%87");
    expect(safeRedirect("/books?q=Hương")).toBe("/books?q=H%C6%B0%C6%A1ng");
    expect(safeRedirect("/bücher")).toBe("/b%C3%BCcher");
    expect(safeRedirect("/a b?c d#e f")).toBe("/a%20b?c%20d#e%20f");
    for (const to of ["/ệ", "/bücher", "/\u3000/evil.example", "/😀", "/books?q=é", "/\u2028"]) {
      const path = safeRedirect(to);
      // A Location header value: bytes only (a ByteString), and printable ASCII here.
      expect(path, JSON.stringify(to)).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
      expect(() => new Headers({ Location: path })).not.toThrow();
    }
  });

  it("keeps percent-escapes it was given, once decoded by the query parser", () => {
    expect(safeRedirect("/books?q=a%26b")).toBe("/books?q=a%26b");
    expect(safeRedirect("/%09/evil.example")).toBe("/%09/evil.example");
    expect(safeRedirect("/books?q=100%")).toBe("/books?q=100%");
  });
});
