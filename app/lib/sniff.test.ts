import { describe, expect, it } from "vitest";
import { sniffAudio, sniffImage } from "./sniff";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("sniffImage", () => {
  it("recognises JPEG, PNG, GIF and WEBP by their bytes", () => {
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffImage(bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a]))).toBe("image/png");
    expect(sniffImage(bytes("GIF89a"))).toBe("image/gif");
    expect(sniffImage(bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "))).toBe("image/webp");
  });

  it("refuses SVG, HTML, text and truncated files", () => {
    expect(sniffImage(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffImage(bytes("<!doctype html>"))).toBeNull();
    expect(sniffImage(bytes("hello"))).toBeNull();
    expect(sniffImage(bytes("RIFF", [0, 0, 0, 0], "WAVE"))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
  });
});

describe("sniffAudio", () => {
  it("recognises WebM, Ogg, MP4/M4A, MP3 and WAV by their bytes", () => {
    expect(sniffAudio(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f]))).toBe("audio/webm");
    expect(sniffAudio(bytes("OggS", [0, 2]))).toBe("audio/ogg");
    expect(sniffAudio(bytes([0, 0, 0, 0x20], "ftypM4A "))).toBe("audio/mp4");
    expect(sniffAudio(bytes("ID3", [4, 0]))).toBe("audio/mpeg");
    expect(sniffAudio(bytes([0xff, 0xfb, 0x90, 0x64]))).toBe("audio/mpeg");
    expect(sniffAudio(bytes("RIFF", [1, 2, 3, 4], "WAVEfmt "))).toBe("audio/wav");
  });

  it("refuses images, HTML, text, reserved MPEG headers and empty files", () => {
    expect(sniffAudio(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBeNull();
    expect(sniffAudio(bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "))).toBeNull();
    expect(sniffAudio(bytes("<html><audio>"))).toBeNull();
    expect(sniffAudio(bytes([0xff, 0xe9, 0, 0]))).toBeNull();
    expect(sniffAudio(bytes([0xff, 0xf9, 0, 0]))).toBeNull();
    expect(sniffAudio(new Uint8Array())).toBeNull();
  });
});
