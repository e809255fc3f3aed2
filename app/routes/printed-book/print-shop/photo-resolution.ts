/** Where the interior places a photo: its page, its size on the page in points and its size in pixels. */
export type PhotoPlacement = {
  mediaId: number;
  page: number;
  widthPt: number;
  heightPt: number;
  pixelWidth: number;
  pixelHeight: number;
};

/**
 * The photos that will print below `minimumPpi` at the size they are placed (issue 38 §2), in the order given, each
 * with its effective resolution rounded down to a whole ppi (a photo of 199.6 ppi is not said to be of 200): the owner
 * is warned about them before printing. A photo's resolution is its pixels over the inches it is printed across (72
 * points to the inch), on the axis where it is lower: a photo stretched more one way prints as soft as its softer side.
 */
export function lowResolutionPhotos(
  placements: PhotoPlacement[],
  minimumPpi = 200,
): (PhotoPlacement & { ppi: number })[] {
  return placements.flatMap((placement) => {
    const ppi = Math.min(
      placement.pixelWidth / (placement.widthPt / 72),
      placement.pixelHeight / (placement.heightPt / 72),
    );
    return ppi < minimumPpi ? [{ ...placement, ppi: Math.floor(ppi) }] : [];
  });
}
