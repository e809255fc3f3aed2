import { describe, expect, it } from "vitest";
import { lowResolutionPhotos } from "./photo-resolution";

// The photos the owner is warned about before printing (issue 38 §2): those that print below 200 ppi where they are
// placed, 72 points to the inch.

/** A photo placed `inches` wide and high, of `pixels`. */
const placed = (mediaId: number, page: number, inches: [number, number], pixels: [number, number]) => ({
  mediaId,
  page,
  widthPt: inches[0] * 72,
  heightPt: inches[1] * 72,
  pixelWidth: pixels[0],
  pixelHeight: pixels[1],
});

describe("the photos that print below the minimum resolution", () => {
  it("are those under 200 ppi at their placed size, with their ppi, in order; 200 ppi exactly is enough", () => {
    const sharp = placed(1, 7, [3, 2], [900, 600]); // 300 ppi
    const exact = placed(2, 9, [3, 2], [600, 400]); // 200 ppi
    const soft = placed(3, 12, [4.5, 3], [720, 480]); // 160 ppi
    const justUnder = placed(4, 15, [3, 2], [599, 400]); // 199.67 ppi
    expect(lowResolutionPhotos([sharp, exact, soft, justUnder])).toEqual([
      { ...soft, ppi: 160 },
      // Rounded down: a photo under the minimum is never said to reach it.
      { ...justUnder, ppi: 199 },
    ]);
    expect(lowResolutionPhotos([])).toEqual([]);
  });

  it("take the axis on which the photo is stretched more", () => {
    // 400 ppi across, 150 ppi down: it prints as soft as 150 ppi.
    const squeezed = placed(5, 3, [3, 2], [1200, 300]);
    expect(lowResolutionPhotos([squeezed])).toEqual([{ ...squeezed, ppi: 150 }]);
  });

  it("hold to another minimum when asked", () => {
    const photo = placed(6, 4, [3, 2], [750, 500]); // 250 ppi
    expect(lowResolutionPhotos([photo])).toEqual([]);
    expect(lowResolutionPhotos([photo], 300)).toEqual([{ ...photo, ppi: 250 }]);
  });
});
