import type { PrintSize } from "./print-job";

const INCH = 72;
const MM = INCH / 25.4;

/**
 * A page's size in points and its type, per trim size. The body is 10.5 pt (11 pt on Letter, whose line is longer),
 * set on a line of about 60 to 70 characters, the measure of a printed book. The side margins are equal: text that
 * flows onto a new page keeps its column, and 0.75 in (19 mm on A5) leaves room for the binding on either side.
 */
export type PageGeometry = {
  width: number;
  height: number;
  margin: { top: number; bottom: number; side: number };
  body: number;
};

export const PAGE_GEOMETRY: Record<PrintSize, PageGeometry> = {
  "6x9": {
    width: 6 * INCH,
    height: 9 * INCH,
    margin: { top: 0.8 * INCH, bottom: 0.8 * INCH, side: 0.75 * INCH },
    body: 10.5,
  },
  a5: { width: 148 * MM, height: 210 * MM, margin: { top: 20 * MM, bottom: 20 * MM, side: 19 * MM }, body: 10.5 },
  letter: { width: 8.5 * INCH, height: 11 * INCH, margin: { top: INCH, bottom: INCH, side: 1.5 * INCH }, body: 11 },
};
