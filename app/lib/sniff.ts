export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The image type told by the file's own first bytes, never by its name or the browser's claim.
 * SVG and HTML have no such signature, so they are never accepted.
 */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  return null;
}

export const AUDIO_TYPES = ["audio/webm", "audio/ogg", "audio/mp4", "audio/mpeg", "audio/wav"] as const;
export type AudioType = (typeof AUDIO_TYPES)[number];

/** The file extension a stored file of each sniffed type gets. */
export const MEDIA_EXTENSIONS: Record<ImageType | AudioType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "audio/webm": "webm",
  "audio/ogg": "ogg",
  "audio/mp4": "m4a",
  "audio/mpeg": "mp3",
  "audio/wav": "wav",
};

// An MPEG audio frame header: 11 sync bits, then a version other than "reserved" and a layer other than "reserved".
function isMpegFrame(bytes: Uint8Array): boolean {
  const [a, b] = [bytes[0] ?? 0, bytes[1] ?? 0];
  return a === 0xff && (b & 0xe0) === 0xe0 && (b & 0x18) !== 0x08 && (b & 0x06) !== 0;
}

/**
 * The audio type told by the file's first bytes: WebM (an EBML header, what MediaRecorder makes), Ogg,
 * MP4/M4A (an `ftyp` box), MP3 (an ID3 tag or an MPEG frame) and WAV. Anything else is refused.
 */
export function sniffAudio(bytes: Uint8Array): AudioType | null {
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return "audio/webm";
  if (startsWith(bytes, ascii("OggS"))) return "audio/ogg";
  if (startsWith(bytes, ascii("ftyp"), 4)) return "audio/mp4";
  if (startsWith(bytes, ascii("ID3")) || isMpegFrame(bytes)) return "audio/mpeg";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WAVE"), 8)) return "audio/wav";
  return null;
}

/**
 * An AMR voice memo (AMR-NB "#!AMR\n", AMR-WB "#!AMR-WB\n"), what older phones record: no browser plays it, so it is
 * kept only once converted (app/platform/voice-memo.server.ts).
 */
export function isAmr(bytes: Uint8Array): boolean {
  return startsWith(bytes, ascii("#!AMR\n")) || startsWith(bytes, ascii("#!AMR-WB\n"));
}
