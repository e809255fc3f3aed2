import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseBuffer } from "music-metadata";
import { describe, expect, it } from "vitest";
import { isAmr, sniffAudio } from "~/lib/sniff";
import { amrToM4a, voiceMemoConverter } from "./voice-memo.server";

// Issue 37: an AMR voice memo from an older phone becomes AAC in MP4, which every browser plays, through the system's
// ffmpeg (.ci/run installs Debian's).
const memo = fs.readFileSync(path.join(import.meta.dirname, "..", "..", "tests", "fixtures", "mail", "voice-memo.amr"));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "heirloom-memo-"));

describe("an AMR voice memo", () => {
  it("is told by its bytes", () => {
    expect(isAmr(memo)).toBe(true);
    expect(sniffAudio(memo)).toBeNull();
  });

  it("becomes an MP4 recording of the same length", async () => {
    expect(await voiceMemoConverter()).not.toBeNull();
    const converted = await amrToM4a(memo, tmp);
    expect(converted).not.toBeNull();
    expect(sniffAudio(converted!)).toBe("audio/mp4");
    const { format } = await parseBuffer(converted!, { mimeType: "audio/mp4" });
    expect(format.duration).toBeGreaterThan(1.9);
    expect(format.duration).toBeLessThan(2.2);
    expect(fs.readdirSync(tmp)).toEqual([]);
  });

  it("that is not AMR at all converts to nothing, and leaves nothing behind", async () => {
    const garbage = Buffer.concat([Buffer.from("#!AMR\n"), Buffer.alloc(64, 0x55)]);
    expect(await amrToM4a(garbage, tmp)).toBeNull();
    expect(fs.readdirSync(tmp)).toEqual([]);
  });
});
