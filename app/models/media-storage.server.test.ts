import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "~db/client.server";
import { mediaDeletions } from "~db/schema";
import { pngBytes } from "../../tests/support/media-files";
import { storedFilePath } from "../../tests/support/stored-files";
import { retryMediaDeletions, storeImage } from "./media-storage.server";

describe("deletions that waited for the media store", () => {
  it("are carried out by retryMediaDeletions, and forgotten once done", async () => {
    const upload = `${storedFilePath(`${"0".repeat(32)}.png`)}.upload`;
    fs.mkdirSync(path.dirname(upload), { recursive: true });
    fs.writeFileSync(upload, await pngBytes());
    const stored = await storeImage(upload);
    fs.rmSync(upload);
    const files = [storedFilePath(stored.storageKey), storedFilePath(stored.storageKey, "thumb")];
    expect(files.every((file) => fs.existsSync(file))).toBe(true);
    const keys = files.map((file) => `files/${file.split("/").at(-1)}`);
    await db()
      .insert(mediaDeletions)
      .values(keys.map((key) => ({ key })));
    expect(await retryMediaDeletions()).toBe(2);
    expect(files.some((file) => fs.existsSync(file))).toBe(false);
    expect(await db().select().from(mediaDeletions)).toEqual([]);
    expect(await retryMediaDeletions()).toBe(0);
  });
});
