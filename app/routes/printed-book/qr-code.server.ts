import { encode } from "uqr";

/** A QR code as one SVG path: the side of its square (quiet zone included) and the dark modules' outline. */
export type QrCode = { size: number; path: string };

/**
 * Draws a QR code on the server with uqr (ADR 0028), as a path the page puts in its own <svg>: no script, no canvas,
 * and it prints sharp. Each row's runs of dark modules become one rectangle, which keeps the path a few kB rather
 * than uqr's renderSVG, one square per module. Error correction M: a fridge card gets creased and stained.
 */
export function qrCode(text: string, border = 2): QrCode {
  const { data } = encode(text, { ecc: "M", border });
  const runs: string[] = [];
  data.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x++;
      runs.push(`M${start} ${y}h${x - start}v1h${start - x}z`);
    }
  });
  return { size: data.length, path: runs.join("") };
}
