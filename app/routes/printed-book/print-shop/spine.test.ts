import { describe, expect, it } from "vitest";
import { BLEED, BLEED_INCHES, PAPERS, spineCarriesText, spineWidth } from "./spine";

// The spine's width (issue 38 §2): the page count times the paper's thickness per page, the figures print-on-demand
// shops publish (cream 0.0025 in, white 0.002252 in), checked for the three books the issue names.

describe("the spine's width", () => {
  it("is the page count times the paper's thickness, for 24, 100 and 800 pages on cream and on white", () => {
    expect(PAPERS).toEqual(["cream", "white"]);
    const widths = [24, 100, 800].flatMap((pages) =>
      PAPERS.map((paper) => ({ pages, paper, inches: spineWidth(pages, paper).inches })),
    );
    expect(widths).toEqual([
      { pages: 24, paper: "cream", inches: 0.06 },
      { pages: 24, paper: "white", inches: 0.054048 },
      { pages: 100, paper: "cream", inches: 0.25 },
      { pages: 100, paper: "white", inches: 0.2252 },
      { pages: 800, paper: "cream", inches: 2 },
      { pages: 800, paper: "white", inches: 1.8016 },
    ]);
  });

  it("is given in points and millimetres too", () => {
    const cases: [number, "cream" | "white", number, number][] = [
      [24, "cream", 4.32, 1.524],
      [24, "white", 3.891456, 1.3728192],
      [100, "cream", 18, 6.35],
      [100, "white", 16.2144, 5.72008],
      [800, "cream", 144, 50.8],
      [800, "white", 129.7152, 45.76064],
    ];
    for (const [pages, paper, points, mm] of cases) {
      const spine = spineWidth(pages, paper);
      expect(spine.points, `${pages} pages on ${paper}, in points`).toBeCloseTo(points, 9);
      expect(spine.mm, `${pages} pages on ${paper}, in mm`).toBeCloseTo(mm, 9);
    }
  });

  it("counts an odd last page's blank back, and refuses a page count that is not one", () => {
    expect(spineWidth(101, "cream").inches).toBe(spineWidth(102, "cream").inches);
    expect(spineWidth(1, "white").inches).toBe(0.004504);
    for (const pages of [0, -2, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => spineWidth(pages, "cream"), String(pages)).toThrow(RangeError);
  });

  it("carries text from 0.25 in: 100 pages on cream do, on white they do not, and 24 pages never", () => {
    expect(spineCarriesText(spineWidth(100, "cream").inches)).toBe(true);
    expect(spineCarriesText(spineWidth(100, "white").inches)).toBe(false);
    expect(spineCarriesText(spineWidth(112, "white").inches)).toBe(true);
    expect(spineCarriesText(spineWidth(24, "cream").inches)).toBe(false);
    expect(spineCarriesText(spineWidth(800, "white").inches)).toBe(true);
  });

  it("comes with 0.125 in of bleed, 9 points", () => {
    expect(BLEED_INCHES).toBe(0.125);
    expect(BLEED).toBe(9);
  });
});
