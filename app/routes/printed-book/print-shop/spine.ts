/**
 * The print shop's measures (issue 38 §2): the paper a book is printed on, the width of its spine, and the bleed.
 *
 * **Spine width = page count × the paper's thickness per page**, with the page count rounded up to an even number
 * (a leaf has two sides: a shop adds the blank back of an odd last page). The thickness per *page* (not per leaf) is
 * the figure print-on-demand shops publish: **cream 0.0025 in** (0.0635 mm), **white 0.002252 in** (0.0572 mm).
 * So 100 pages are 0.25 in (6.35 mm) on cream and 0.2252 in (5.72 mm) on white; 800 pages are 2 in and 1.8016 in.
 * Cream is the default: the paper a book of memories is usually printed on. Every side of both the interior and the
 * cover has **0.125 in (3.175 mm) of bleed** beyond the trim.
 *
 * Any page count has a spine, however thin: a 24-page book's is 0.06 in on cream, and its cover is made all the same.
 * The spine carries the title and the storyteller's name only from **0.25 in** (`SPINE_TEXT_MIN_INCHES`), about
 * 100 pages on cream and 112 on white: below that, type that fits across it would be under 6.5 pt, and a spine that
 * thin is where a binding's drift of 1/16 in each side would put the text over the fold. A shop's own minimum page
 * count (often 24 or 32) is the shop's to say; the README tells the family to ask.
 */

export const PAPERS = ["cream", "white"] as const;
export type Paper = (typeof PAPERS)[number];
export const DEFAULT_PAPER: Paper = "cream";

/** Inches per page (one side of a leaf), the published print-on-demand figures. */
export const PAPER_THICKNESS: Record<Paper, number> = { cream: 0.0025, white: 0.002252 };

const POINTS_PER_INCH = 72;
const MM_PER_INCH = 25.4;

/** The bleed beyond the trim on every side, in inches and in points. */
export const BLEED_INCHES = 0.125;
export const BLEED = BLEED_INCHES * POINTS_PER_INCH;

/** The narrowest spine that carries text. */
export const SPINE_TEXT_MIN_INCHES = 0.25;

export type SpineWidth = { inches: number; points: number; mm: number };

/** The spine's width for `pages` pages (rounded up to even) on `paper`. */
export function spineWidth(pages: number, paper: Paper): SpineWidth {
  if (!Number.isInteger(pages) || pages < 1) throw new RangeError(`A book has a whole number of pages, not ${pages}.`);
  const even = pages + (pages % 2);
  // Rounded to a millionth of an inch: the product of two decimals in binary carries noise (24 × 0.0025 is not 0.06).
  const inches = Math.round(even * PAPER_THICKNESS[paper] * 1e6) / 1e6;
  return { inches, points: inches * POINTS_PER_INCH, mm: inches * MM_PER_INCH };
}

/** Whether a spine this many inches wide is wide enough for the title and the storyteller's name. */
export function spineCarriesText(inches: number): boolean {
  return inches >= SPINE_TEXT_MIN_INCHES;
}
