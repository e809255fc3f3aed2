import { describe, expect, it } from "vitest";
import { bookFilterHtml, bookFilterOptions } from "./book-filter";

const books = [
  { id: 3, title: "Bà nội" },
  { id: 12, title: `</option><script>alert("x")</script>` },
  { id: 1, title: "Tom & Jerry's" },
];

describe("the library's book filter", () => {
  it("lists every book as an option, its title escaped", () => {
    expect(bookFilterOptions(books)).toBe(
      '<option value="3">Bà nội</option>' +
        '<option value="12">&lt;/option&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</option>' +
        '<option value="1">Tom &amp; Jerry&#39;s</option>',
    );
    expect(bookFilterOptions([])).toBe("");
  });

  it("puts All books first and selects the filtered book, and only that one", () => {
    const options = bookFilterOptions(books);
    expect(bookFilterHtml(options, "Tất cả sách", undefined)).toBe(`<option value="">Tất cả sách</option>${options}`);
    const filtered = bookFilterHtml(options, "All books", 1);
    expect(filtered.match(/selected/g)).toHaveLength(1);
    expect(filtered).toContain('<option value="1" selected>Tom &amp; Jerry&#39;s</option>');
    // 1 is not 12: the match is on the whole value.
    expect(filtered).toContain('<option value="12">');
    // A book that is not in the list (another user's, or gone) selects nothing.
    expect(bookFilterHtml(options, "All books", 99)).not.toContain("selected");
  });
});
