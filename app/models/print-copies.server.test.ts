import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { Media } from "~db/schema";
import { storedFilePath } from "../../tests/support/stored-files";
import { deleteMediaFiles, readMediaFile, storeImage } from "./media-storage.server";
import { printCopies, printCopyPath } from "./print-copies.server";

const upload = async (name: string) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "upload-")), name);
  const png = await sharp({ create: { width: 64, height: 48, channels: 4, background: "#6b8e2380" } })
    .png()
    .toBuffer();
  fs.writeFileSync(file, png);
  return file;
};

const photo = (id: number, storageKey: string) => ({ id, type: "image", storageKey }) as Media;

describe("print copies", () => {
  it("are made when a photo is kept, as a JPEG on white of the kept size, and go when it is deleted", async () => {
    const stored = await storeImage(await upload("a.png"));
    const copy = printCopyPath(stored.storageKey)!;
    const meta = await sharp(copy).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 64, height: 48, hasAlpha: false });
    await deleteMediaFiles([stored.storageKey]);
    expect(fs.existsSync(copy)).toBe(false);
    expect(fs.existsSync(storedFilePath(stored.storageKey))).toBe(false);
  });

  it("are made on printing for photos kept without one, and photos whose file is gone are left out", async () => {
    const kept = await storeImage(await upload("b.png"));
    fs.rmSync(printCopyPath(kept.storageKey)!);
    const gone = await storeImage(await upload("c.png"));
    fs.rmSync(storedFilePath(gone.storageKey));
    fs.rmSync(printCopyPath(gone.storageKey)!);
    const recording = { id: 3, type: "audio", storageKey: kept.storageKey } as Media;
    const copies = await printCopies([photo(1, kept.storageKey), photo(2, gone.storageKey), recording], readMediaFile);
    expect([...copies.keys()]).toEqual([1]);
    expect((await sharp(copies.get(1)!).metadata()).format).toBe("jpeg");
    expect(printCopyPath("../../etc/passwd")).toBeNull();
  });
});
