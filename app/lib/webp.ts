// What Heirloom itself stores as a photo: a still WebP made of image data only. An import keeps such a
// file byte for byte (so export → import → export gives the same photo, not a copy of a copy); any
// other image is re-encoded like an upload (ADR 0014).

const text = (bytes: Uint8Array, start: number) => String.fromCharCode(...bytes.subarray(start, start + 4));
const u32 = (bytes: Uint8Array, at: number) =>
  (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16)) + bytes[at + 3]! * 0x1000000;

// VP8X flags: ICC profile, EXIF, XMP and animation are refused; alpha is fine.
const VP8X_ICC = 0x20;
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;
const VP8X_ANIMATION = 0x02;

/**
 * True when the bytes are exactly one RIFF/WEBP container whose chunks are only image data: a lossy
 * (`VP8 `) or lossless (`VP8L`) image, optionally behind a `VP8X` header with an `ALPH` channel, with no
 * metadata, no animation and nothing before, between or after the chunks. It says nothing about the image
 * data decoding: the caller decodes it too.
 */
export function isPlainWebp(bytes: Uint8Array): boolean {
  if (bytes.byteLength < 20 || text(bytes, 0) !== "RIFF" || text(bytes, 8) !== "WEBP") return false;
  if (u32(bytes, 4) + 8 !== bytes.byteLength) return false;
  const chunks: string[] = [];
  let offset = 12;
  while (offset < bytes.byteLength) {
    if (offset + 8 > bytes.byteLength) return false;
    const size = u32(bytes, offset + 4);
    const end = offset + 8 + size + (size % 2);
    if (end > bytes.byteLength) return false;
    chunks.push(text(bytes, offset));
    if (chunks.length > 3) return false;
    offset = end;
  }
  const image = (name: string | undefined) => name === "VP8 " || name === "VP8L";
  if (chunks.length === 1) return image(chunks[0]);
  if (chunks[0] !== "VP8X") return false;
  const flags = bytes[20]!;
  if (flags & (VP8X_ICC | VP8X_EXIF | VP8X_XMP | VP8X_ANIMATION)) return false;
  const rest = chunks.slice(1);
  return (rest.length === 1 && image(rest[0])) || (rest.length === 2 && rest[0] === "ALPH" && rest[1] === "VP8 ");
}
