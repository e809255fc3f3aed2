import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { isPlainWebp } from "./webp";

const base = () => sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 200 } } });

describe("a plain WebP (what Heirloom stores)", () => {
  it("is what sharp makes without metadata: lossy, lossless, with alpha", async () => {
    expect(isPlainWebp(await base().webp({ quality: 80 }).toBuffer())).toBe(true);
    expect(isPlainWebp(await base().webp({ lossless: true }).toBuffer())).toBe(true);
    const alpha = await sharp({
      create: { width: 20, height: 20, channels: 4, background: { r: 1, g: 2, b: 3, alpha: 0.5 } },
    })
      .webp()
      .toBuffer();
    expect(isPlainWebp(alpha)).toBe(true);
  });

  it("is not one with metadata, animation, bytes after it, a wrong size or another format", async () => {
    const plain = await base().webp().toBuffer();
    expect(
      isPlainWebp(
        await base()
          .webp()
          .withExif({ IFD0: { Copyright: "x" } })
          .toBuffer(),
      ),
    ).toBe(false);
    expect(isPlainWebp(await base().webp().withIccProfile("srgb").toBuffer())).toBe(false);
    const frame = (background: string) =>
      sharp({ create: { width: 10, height: 20, channels: 3, background } })
        .png()
        .toBuffer();
    const animated = await sharp([await frame("red"), await frame("blue")], { join: { animated: true } })
      .webp()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    expect(isPlainWebp(animated)).toBe(false);
    expect(isPlainWebp(Buffer.concat([plain, Buffer.from("<script>")]))).toBe(false);
    const lying = Buffer.from(plain);
    lying.writeUInt32LE(lying.readUInt32LE(4) + 2, 4);
    expect(isPlainWebp(lying)).toBe(false);
    expect(isPlainWebp(await base().png().toBuffer())).toBe(false);
    expect(isPlainWebp(new Uint8Array(10))).toBe(false);
  });
});
