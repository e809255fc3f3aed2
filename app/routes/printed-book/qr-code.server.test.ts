import { describe, expect, it } from "vitest";
import { encode } from "uqr";
import { qrCode } from "./qr-code.server";

/** The modules a path paints, read back from its `M x y h w v1 h-w z` rectangles. */
function paint(size: number, path: string): boolean[][] {
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const [, x, y, w] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let i = 0; i < Number(w); i++) grid[Number(y)]![Number(x) + i] = true;
  }
  return grid;
}

describe("qrCode", () => {
  it("paints exactly the dark modules of the code, quiet zone included", () => {
    const url = "https://heirloom.example/tell/0123456789abcdefghijklmnopqrstuvwxyzABCDEFG";
    const { size, path } = qrCode(url);
    const expected = encode(url, { ecc: "M", border: 2 }).data;
    expect(size).toBe(expected.length);
    expect(paint(size, path)).toEqual(expected);
    // The quiet zone stays white, so a phone's camera finds the code.
    expect(paint(size, path)[0]!.some(Boolean)).toBe(false);
  });
});
