import { describe, expect, it } from "vitest";
import { printShopReadme } from "./readme";
import { DEFAULT_PAPER, spineWidth } from "./spine";

// The print shop package's README.txt (issue 38 §2): in the book's language, with the trim size, the bleed, the page
// count, the spine's width and the paper it was reckoned for, in inches first in English and millimetres first (with
// a decimal comma) in Vietnamese.

const readme = (language: "en" | "vi", size: "6x9" | "a5" | "letter", pages: number, paper: "cream" | "white") =>
  printShopReadme({ language, size, pages, paper, spineInches: spineWidth(pages, paper).inches });

describe("the print shop's README", () => {
  it("gives the shop every measure in English, inches first", () => {
    const text = readme("en", "6x9", 100, DEFAULT_PAPER);
    for (const line of [
      "interior.pdf: the book's pages, 100 pages",
      "cover.pdf: the cover, one page holding the back cover, the spine and the front cover",
      "Trim size: US Trade, 6 × 9 in (152.4 × 228.6 mm)",
      "Bleed: 0.125 in (3.175 mm) beyond the trim on every side",
      "Page count: 100",
      "Spine width: 0.25 in (6.35 mm)",
      "Paper assumed: cream, 0.0025 in (0.0635 mm) per page",
      "100 × 0.0025 in = 0.25 in.",
      "The title and the storyteller's name are printed on the spine.",
      "Both files embed all their fonts. There are no crop marks",
      "What to tell the print shop",
      "The spine is made for cream paper.",
    ])
      expect(text).toContain(line);
  });

  it("gives them in Vietnamese, millimetres first and with a decimal comma", () => {
    const text = readme("vi", "a5", 800, "white");
    for (const line of [
      "interior.pdf: ruột sách, 800 trang",
      "cover.pdf: bìa sách, một trang gồm bìa sau, gáy sách và bìa trước",
      "Khổ sách thành phẩm: A5, 148 × 210 mm (5,827 × 8,268 inch)",
      "Phần tràn lề (bleed): 3,175 mm (0,125 inch)",
      "Số trang: 800",
      "Độ dày gáy: 45,761 mm (1,802 inch)",
      "Giấy dự tính: giấy trắng, dày 0,057201 mm (0,002252 inch) mỗi trang",
      "800 × 0,057201 mm = 45,7606 mm.",
      "Tên sách và tên người kể được in trên gáy.",
      "Cả hai tệp đã nhúng đầy đủ phông chữ.",
      "Những điều cần nói với nhà in",
      "Gáy sách được tính cho giấy trắng.",
    ])
      expect(text).toContain(line);
    // Nothing left in English but the files' names and the PDF's own terms.
    expect(text).not.toMatch(/Trim size|Page count|Spine width|Paper assumed|cream|white/);
    expect(text).toBe(text.normalize("NFC"));
  });

  it("says a thin spine is left plain, and gives US Letter its measures", () => {
    const en = readme("en", "letter", 24, "cream");
    expect(en).toContain("Trim size: US Letter, 8.5 × 11 in (215.9 × 279.4 mm)");
    expect(en).toContain("Spine width: 0.06 in (1.524 mm)");
    expect(en).toContain("The spine is too narrow for lettering (under 0.25 in), so it is left plain.");
    expect(en).not.toContain("printed on the spine");
    const vi = readme("vi", "6x9", 24, "white");
    expect(vi).toContain("Khổ sách thành phẩm: US Trade, 152,4 × 228,6 mm (6 × 9 inch)");
    expect(vi).toContain("Độ dày gáy: 1,373 mm (0,054 inch)");
    expect(vi).toContain("Gáy sách quá mỏng để in chữ (dưới 6,35 mm) nên được để trơn.");
  });

  it("counts an odd page count's last blank in the spine's formula", () => {
    expect(readme("en", "6x9", 101, "cream")).toContain("102 × 0.0025 in = 0.255 in.");
  });
});
