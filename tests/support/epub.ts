import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

function onPath(command: string): string | null {
  const found = spawnSync("sh", ["-c", `command -v ${command}`], { encoding: "utf8" });
  return found.status === 0 ? found.stdout.trim() : null;
}

/** The system's ffmpeg, as the server finds it (FFMPEG_PATH, else the PATH's); the tests need a real one. */
export function systemFfmpeg(): string {
  const command = process.env.FFMPEG_PATH ?? onPath("ffmpeg");
  if (!command) throw new Error("These tests need ffmpeg: install Debian's ffmpeg (apt-get install ffmpeg).");
  return command;
}

/** `seconds` of a tone, encoded by ffmpeg with `codec` into `file` (its extension names the container). */
export async function toneFile(file: string, codec: string, seconds = 1): Promise<string> {
  const args = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-f", "lavfi"];
  await run(systemFfmpeg(), [...args, "-i", `sine=frequency=440:duration=${seconds}`, "-c:a", codec, file]);
  return file;
}

/**
 * The book's text as a real reading system reads it: calibre's engine (Debian's `calibre`, headless through
 * `ebook-convert`) opens the e-book, follows its spine and writes its text out.
 */
export async function readWithCalibre(file: string): Promise<string> {
  const command = onPath("ebook-convert");
  if (!command)
    throw new Error("This test needs calibre's ebook-convert: install Debian's calibre (apt-get install calibre).");
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "calibre-")), "book.txt");
  try {
    await run(command, [file, out], { env: { ...process.env, QT_QPA_PLATFORM: "offscreen" }, maxBuffer: 16 << 20 });
    return fs.readFileSync(out, "utf8");
  } finally {
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
  }
}

export type EpubcheckMessage = { ID: string; severity: string; message: string; locations: { path: string }[] };

/**
 * What Debian's epubcheck (4.2.6, EPUB 3.2 rules) says of an EPUB: every message, infos included. Debian installs it
 * as an executable jar, which only runs directly where binfmt_misc knows jars, so a jar is given to java.
 */
export async function epubcheck(file: string): Promise<EpubcheckMessage[]> {
  const command = onPath("epubcheck");
  if (!command)
    throw new Error("These tests need epubcheck: install Debian's epubcheck (apt-get install epubcheck; see .ci/run).");
  const real = fs.realpathSync(command);
  const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "epubcheck-")), "report.json");
  const [program, args] = real.endsWith(".jar") ? ["java", ["-jar", real]] : [real, []];
  try {
    // It exits 1 when it finds errors; the report says which.
    await run(program, [...args, file, "--json", report], { maxBuffer: 16 << 20 }).catch((error: unknown) => {
      if (!fs.existsSync(report)) throw error;
    });
    return (JSON.parse(fs.readFileSync(report, "utf8")) as { messages: EpubcheckMessage[] }).messages;
  } finally {
    fs.rmSync(path.dirname(report), { recursive: true, force: true });
  }
}
