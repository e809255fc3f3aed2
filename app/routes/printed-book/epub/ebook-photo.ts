import sharp from "sharp";

/** Reading devices show a photo a screen wide: 1200 px is sharp on a tablet and a fraction of a print copy's weight. */
const PHOTO_SIDE = 1200;
/** The cover fills a whole screen, as large as the print copy it comes from. */
export const COVER_SIDE = 1600;

/**
 * A photo's copy for the e-book at `output`: a JPEG no wider or taller than `side`, turned upright, without its
 * metadata (sharp writes none unless asked: no camera, no place). False when the print copy cannot be read, so that
 * the book goes on without it rather than pointing at nothing.
 */
export async function ebookPhoto(input: string, output: string, side = PHOTO_SIDE): Promise<boolean> {
  try {
    await sharp(input)
      .rotate()
      .resize(side, side, { fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toFile(output);
    return true;
  } catch (error) {
    console.error(`A photo could not be put into the e-book (${input})`, error);
    return false;
  }
}
