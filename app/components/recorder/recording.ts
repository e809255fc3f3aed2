// The recorder's rules and pure helpers, free of React so they can be tested on their own.
import { twoDigits } from "~/lib/dates";

/** docs/product.md §4, §9: a recording stops on its own at 10 minutes. */
export const RECORDING_MAX_MS = 10 * 60 * 1000;

/** docs/product.md §9 "autosave-on-record-stop delay": saving during a recording stops it, then waits this long. */
export const STOP_BEFORE_SAVE_MS = 500;

// Opus in WebM first (docs/product.md §9 "audio saved as webm"); the others for browsers without it (Safari records
// MP4).
const PREFERRED_TYPES = ["audio/webm;codecs=opus", "audio/webm", "audio/ogg;codecs=opus", "audio/mp4"];

/** The first preferred type this browser can record, or undefined to let it choose its own. */
export function pickMimeType(isTypeSupported: (type: string) => boolean): string | undefined {
  return PREFERRED_TYPES.find((type) => {
    try {
      return isTypeSupported(type);
    } catch {
      return false;
    }
  });
}

/** "00:05", "10:00": minutes and seconds of a duration, as the recorder's timer shows it. */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${twoDigits(Math.floor(seconds / 60))}:${twoDigits(seconds % 60)}`;
}

const EXTENSIONS: Record<string, string> = {
  "audio/webm": "webm",
  "audio/ogg": "ogg",
  "audio/mp4": "m4a",
  "audio/mpeg": "mp3",
  "audio/wav": "wav",
};

/** The container type without its codecs ("audio/webm;codecs=opus" → "audio/webm"); webm when unknown. */
export function containerType(mimeType: string): string {
  const base = mimeType.split(";")[0]!.trim().toLowerCase();
  return base in EXTENSIONS ? base : "audio/webm";
}

/** "recording-20261117-0905.webm": the local date and time the recording was made, and its container. */
export function recordingFileName(date: Date, mimeType: string): string {
  const day = `${date.getFullYear()}${twoDigits(date.getMonth() + 1)}${twoDigits(date.getDate())}`;
  const time = `${twoDigits(date.getHours())}${twoDigits(date.getMinutes())}`;
  return `recording-${day}-${time}.${EXTENSIONS[containerType(mimeType)]}`;
}

/** The recording as the file the story form posts in its `audio` field. */
export function recordingFile(blob: Blob, recordedAt: Date): File {
  const type = containerType(blob.type);
  return new File([blob], recordingFileName(recordedAt, type), { type, lastModified: recordedAt.getTime() });
}

/** Puts a file into a file input (or empties it), as if the user had chosen it; the form then posts it. */
export function setInputFile(input: HTMLInputElement, file: File | null): void {
  const transfer = new DataTransfer();
  if (file) transfer.items.add(file);
  input.files = transfer.files;
}
