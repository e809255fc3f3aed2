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

/**
 * A real recording: `ms` milliseconds of a 440 Hz tone as 16-bit mono PCM in a WAV container, which tells
 * its length in its header (a browser plays it; music-metadata reads it).
 */
export function wavBytes(ms: number, sampleRate = 8000): Uint8Array<ArrayBuffer> {
  const samples = Math.round((sampleRate * ms) / 1000);
  const view = new DataView(new ArrayBuffer(44 + samples * 2));
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) view.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, "RIFF");
  view.setUint32(4, 36 + samples * 2, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true); // the fmt chunk's size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // bytes a second
  view.setUint16(32, 2, true); // bytes a sample
  view.setUint16(34, 16, true); // bits a sample
  ascii(36, "data");
  view.setUint32(40, samples * 2, true);
  for (let i = 0; i < samples; i++)
    view.setInt16(44 + i * 2, Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / sampleRate)), true);
  return new Uint8Array(view.buffer);
}
