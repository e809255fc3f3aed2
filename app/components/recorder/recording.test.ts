import { describe, expect, it } from "vitest";
import en from "~/i18n/en";
import vi from "~/i18n/vi";
import {
  containerType,
  formatElapsed,
  pickMimeType,
  RECORDING_MAX_MS,
  recordingFile,
  recordingFileName,
} from "./recording";

describe("the recorder's helpers", () => {
  it("shows the timer as mm:ss, up to the 10-minute limit", () => {
    expect(formatElapsed(0)).toBe("00:00");
    expect(formatElapsed(1999)).toBe("00:01");
    expect(formatElapsed(65_000)).toBe("01:05");
    expect(formatElapsed(RECORDING_MAX_MS)).toBe("10:00");
    expect(formatElapsed(-5)).toBe("00:00");
  });

  it("records webm/opus when it can, else the first type the browser takes, else the browser's own", () => {
    expect(pickMimeType(() => true)).toBe("audio/webm;codecs=opus");
    expect(pickMimeType((type) => type === "audio/mp4")).toBe("audio/mp4");
    expect(pickMimeType(() => false)).toBeUndefined();
    expect(
      pickMimeType(() => {
        throw new Error("old browser");
      }),
    ).toBeUndefined();
  });

  it("names the file after the local time it was recorded, with its container's extension", () => {
    const at = new Date(2026, 10, 7, 9, 5);
    expect(recordingFileName(at, "audio/webm;codecs=opus")).toBe("recording-20261107-0905.webm");
    expect(recordingFileName(at, "audio/mp4")).toBe("recording-20261107-0905.m4a");
    expect(recordingFileName(at, "")).toBe("recording-20261107-0905.webm");
    expect(containerType("audio/ogg; codecs=opus")).toBe("audio/ogg");
  });

  it("makes the posted file an audio/webm file without the codecs in its type", () => {
    const file = recordingFile(
      new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])], { type: "audio/webm;codecs=opus" }),
      new Date(2026, 0, 2, 3, 4),
    );
    expect([file.name, file.type, file.size]).toEqual(["recording-20260102-0304.webm", "audio/webm", 4]);
  });

  it("uses the spec's exact messages", () => {
    expect(en.recorder.microphoneDenied).toBe("Unable to access microphone. Please check access permissions.");
    expect(en.recorder.stopBeforeSave).toBe("Please stop recording before saving the story.");
    expect(vi.recorder.stopBeforeSave).toBe("Vui lòng dừng ghi âm trước khi lưu câu chuyện.");
  });
});
