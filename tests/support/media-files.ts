import sharp from "sharp";

/**
 * Files for upload tests. A recording here is a WebM header (what MediaRecorder writes first, and all
 * the server checks) followed by filler; a photo is a real PNG that sharp can decode and re-encode.
 */
export function webmBytes(size = 2048): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(new ArrayBuffer(size)).fill(0x42);
  bytes.set([0x1a, 0x45, 0xdf, 0xa3]);
  return bytes;
}

export async function pngBytes(
  width = 40,
  height = 30,
  background: string | { r: number; g: number; b: number } = "#6b8e23",
): Promise<Uint8Array<ArrayBuffer>> {
  const buffer = await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
  return new Uint8Array(buffer);
}
