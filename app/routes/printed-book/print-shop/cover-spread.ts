import { PAGE_GEOMETRY, type PageGeometry } from "../layout/page-geometry";
import type { PrintSize } from "../layout/print-job";
import { BLEED, type Paper, type SpineWidth, spineWidth } from "./spine";

/** A rectangle in pdfkit's coordinates: points, from the page's top left corner. */
export type Box = { x: number; y: number; width: number; height: number };

/**
 * The cover as one page (issue 38 §2), left to right: the back cover, the spine, the front cover, with the bleed
 * around the whole spread. The page is the BleedBox (as its MediaBox); the spread without the bleed is its TrimBox.
 */
export type CoverSpread = {
  /** The page: 2 × the trim's width + the spine + 2 × the bleed wide, the trim's height + 2 × the bleed high. */
  width: number;
  height: number;
  /** The interior's page at this size: its trim, margins and body type. */
  page: PageGeometry;
  spine: SpineWidth;
  /** Each panel as it is trimmed (the bleed outside it). */
  back: Box;
  spineBox: Box;
  front: Box;
  /** The boxes as the page dictionary takes them: [left, bottom, right, top] in PDF points. */
  trimBox: [number, number, number, number];
  bleedBox: [number, number, number, number];
};

export function coverSpread(size: PrintSize, pages: number, paper: Paper): CoverSpread {
  const page = PAGE_GEOMETRY[size];
  const spine = spineWidth(pages, paper);
  const width = 2 * page.width + spine.points + 2 * BLEED;
  const height = page.height + 2 * BLEED;
  const panel = (x: number, w: number): Box => ({ x, y: BLEED, width: w, height: page.height });
  return {
    width,
    height,
    page,
    spine,
    back: panel(BLEED, page.width),
    spineBox: panel(BLEED + page.width, spine.points),
    front: panel(BLEED + page.width + spine.points, page.width),
    // The bleed is the same on every side, so the boxes read the same from the bottom as from the top.
    trimBox: [BLEED, BLEED, width - BLEED, height - BLEED],
    bleedBox: [0, 0, width, height],
  };
}
