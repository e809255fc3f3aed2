import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { SourceRecording } from "../keepsake/source";

/** A recording as the e-book holds it: a file in one of EPUB's core audio types, which every reading system plays. */
export type EbookAudio = { file: string; mediaType: "audio/mp4" | "audio/mpeg"; extension: "m4a" | "mp3" };

/** An hour's recording converts in a minute or so; one that takes longer than this is stuck. */
const CONVERT_TIMEOUT_MS = 10 * 60_000;

/**
 * ffmpeg's name for the format of each kept recording's type (app/lib/sniff.ts): named, never guessed, so that ffmpeg
 * reads the bytes only as the format they were sniffed as when they were kept.
 */
const INPUT_FORMATS: Record<string, string> = {
  "audio/webm": "matroska",
  "audio/ogg": "ogg",
  "audio/mp4": "mp4",
  "audio/mpeg": "mp3",
  "audio/wav": "wav",
};

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

/**
 * A recording ready for the e-book, or null when there is none to give. MP3 is a core type and goes in as it was
 * kept. Anything else becomes AAC-LC in an MP4 file (`audio/mp4`), converted by the system's ffmpeg once and kept in
 * `audioDir` by its media id, so that the next e-book of the book converts nothing; a kept MP4 is converted too, as
 * its codec may be Opus (some browsers record that), which reading systems do not play. Without ffmpeg a kept MP4 goes
 * in as it is (phones record AAC in it), and the other types cannot.
 */
export async function ebookAudio(
  recording: SourceRecording,
  { audioDir, ffmpeg }: { audioDir: string; ffmpeg: string | null },
): Promise<EbookAudio | null> {
  const { file, mimeType } = recording;
  if (!file || !(await exists(file))) return null;
  if (mimeType === "audio/mpeg") return { file, mediaType: "audio/mpeg", extension: "mp3" };
  const converted = path.join(audioDir, `${recording.mediaId}.m4a`);
  const m4a = { file: converted, mediaType: "audio/mp4", extension: "m4a" } as const;
  if (await exists(converted)) return m4a;
  if (ffmpeg && INPUT_FORMATS[mimeType]) return (await toM4a(ffmpeg, file, mimeType, converted)) ? m4a : null;
  return mimeType === "audio/mp4" ? { file, mediaType: "audio/mp4", extension: "m4a" } : null;
}

/** Converts into a file of its own, renamed into place only once whole: a cached copy is always a complete one. */
async function toM4a(ffmpeg: string, input: string, mimeType: string, output: string): Promise<boolean> {
  await fs.mkdir(path.dirname(output), { recursive: true, mode: 0o700 });
  const partial = `${output}.${crypto.randomBytes(6).toString("hex")}.part`;
  const args = [
    "-hide_banner",
    "-loglevel",
    "error",
    "-nostdin",
    "-f",
    INPUT_FORMATS[mimeType]!,
    "-i",
    `file:${input}`,
  ];
  const converted = await new Promise<boolean>((resolve) => {
    const child = spawn(
      ffmpeg,
      args.concat(
        ["-map", "0:a:0", "-vn", "-c:a", "aac", "-b:a", "96k", "-movflags", "+faststart", "-f", "mp4"],
        [`file:${partial}`],
      ),
      { stdio: ["ignore", "ignore", "pipe"], timeout: CONVERT_TIMEOUT_MS },
    );
    let errors = "";
    child.stderr.on("data", (chunk: Buffer) => {
      if (errors.length < 2000) errors += chunk.toString();
    });
    child.on("error", () => resolve(false));
    child.on("close", (code) => {
      if (code !== 0) console.error(`A recording could not be converted for the e-book (${input}): ${errors.trim()}`);
      resolve(code === 0);
    });
  });
  if (converted) await fs.rename(partial, output);
  else await fs.rm(partial, { force: true });
  return converted;
}
