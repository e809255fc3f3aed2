import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { env } from "./env.server";

/** How long one voice memo may take to convert: minutes of speech take a second or two. */
const CONVERT_TIMEOUT_MS = 60_000;

let found: { path: string; usable: Promise<boolean> } | undefined;

/** Whether `command -version` runs and ends well, without holding the event loop while it does. */
function runs(command: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, ["-hide_banner", "-version"], { stdio: "ignore", timeout: 10_000 });
    child.on("error", () => resolve(false));
    child.on("close", (code) => resolve(code === 0));
  });
}

/**
 * The ffmpeg this server converts voice memos with (FFMPEG_PATH, else `ffmpeg` on the PATH: the system's own, kept
 * up to date by its package manager), or null when there is none that runs. Asked once, when a memo first needs it.
 */
export async function voiceMemoConverter(): Promise<string | null> {
  const command = env().FFMPEG_PATH ?? "ffmpeg";
  if (found?.path !== command) found = { path: command, usable: runs(command) };
  return (await found.usable) ? command : null;
}

/**
 * An AMR voice memo (issue 37: what older phones record, and no browser plays) as AAC in an MP4 file (`audio/mp4`,
 * which every browser and e-reader plays), or null when this server has no ffmpeg or the file does not convert. The
 * input format is named, never guessed, so that ffmpeg reads the bytes only as AMR.
 */
export async function amrToM4a(memo: Buffer, tmpDir: string): Promise<Buffer | null> {
  const ffmpeg = await voiceMemoConverter();
  if (!ffmpeg) return null;
  await fs.mkdir(tmpDir, { recursive: true, mode: 0o700 });
  const output = path.join(tmpDir, `memo-${crypto.randomBytes(12).toString("hex")}.m4a`);
  try {
    const converted = await new Promise<boolean>((resolve) => {
      const child = spawn(
        ffmpeg,
        ["-hide_banner", "-loglevel", "error", "-nostdin", "-f", "amr", "-i", "pipe:0", "-vn", "-c:a", "aac"].concat([
          "-b:a",
          "48k",
          "-movflags",
          "+faststart",
          "-f",
          "mp4",
          output,
        ]),
        { stdio: ["pipe", "ignore", "ignore"], timeout: CONVERT_TIMEOUT_MS },
      );
      child.on("error", () => resolve(false));
      child.on("close", (code) => resolve(code === 0));
      child.stdin.on("error", () => {}); // ffmpeg may stop reading a file it refuses
      child.stdin.end(memo);
    });
    return converted ? await fs.readFile(output) : null;
  } finally {
    await fs.rm(output, { force: true });
  }
}
