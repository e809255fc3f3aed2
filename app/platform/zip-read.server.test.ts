import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { makeZip } from "../../tests/support/zip";
import { openSafeZip, ZipProblem, type ZipLimits } from "./zip-read.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heirloom-zip-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let n = 0;
function write(bytes: Buffer): string {
  const file = path.join(dir, `${(n += 1)}.zip`);
  fs.writeFileSync(file, bytes);
  return file;
}
const limits: ZipLimits = { maxEntries: 10, maxEntryBytes: 1000, maxTotalBytes: 2500 };
const problem = (promise: Promise<unknown>) =>
  promise.then(
    () => "no problem",
    (error: unknown) =>
      error instanceof ZipProblem ? `${error.kind}${error.entry ? ` ${error.entry}` : ""}` : String(error),
  );

describe("a zip opened for an import", () => {
  it("lists its entries and reads them, checked against their CRC, into memory or a new file", async () => {
    const zip = await openSafeZip(
      write(
        makeZip([
          { name: "a.txt", data: "hello" },
          { name: "dir/", method: 0 },
          { name: "dir/b.bin", data: new Uint8Array(900).fill(7), method: 0 },
        ]),
      ),
      limits,
    );
    expect([...zip.entries.values()]).toEqual([
      { name: "a.txt", size: 5 },
      { name: "dir/", size: 0 },
      { name: "dir/b.bin", size: 900 },
    ]);
    expect((await zip.readBuffer("a.txt", 100)).toString()).toBe("hello");
    const out = path.join(dir, "b.out");
    expect(await zip.extractTo("dir/b.bin", out, 1000)).toBe(900);
    expect(fs.readFileSync(out)).toEqual(Buffer.alloc(900, 7));
    // Unpacked into DATA_DIR on its way to the media store: readable by the app's user only.
    expect((fs.statSync(out).mode & 0o777).toString(8)).toBe("600");
    // A file is never overwritten.
    await expect(zip.extractTo("dir/b.bin", out, 1000)).rejects.toMatchObject({ code: "EEXIST" });
    expect(await problem(zip.readBuffer("a.txt", 4))).toBe("tooLarge a.txt");
    expect(await problem(zip.readBuffer("missing", 4))).toBe("damaged missing");
    zip.close();
  });

  it("refuses the whole zip for a bad central directory: names, count, sizes, flags", async () => {
    expect(await problem(openSafeZip(write(Buffer.from("PK but not really")), limits))).toBe("notZip");
    expect(await problem(openSafeZip(write(makeZip([{ name: "ok" }, { name: "../x" }])), limits))).toBe(
      "unsafeName ../x",
    );
    expect(await problem(openSafeZip(write(makeZip([{ name: "a\\b" }])), limits))).toBe("unsafeName a\\b");
    expect(await problem(openSafeZip(write(makeZip([{ name: "a" }, { name: "a" }])), limits))).toBe("duplicateName a");
    expect(
      await problem(openSafeZip(write(makeZip(Array.from({ length: 11 }, (_, i) => ({ name: `${i}` })))), limits)),
    ).toBe("tooManyEntries");
    expect(await problem(openSafeZip(write(makeZip([{ name: "big", data: new Uint8Array(1001) }])), limits))).toBe(
      "tooLarge big",
    );
    expect(
      await problem(
        openSafeZip(write(makeZip([1, 2, 3].map((i) => ({ name: `${i}`, data: new Uint8Array(900) })))), limits),
      ),
    ).toBe("tooLarge");
    expect(await problem(openSafeZip(write(makeZip([{ name: "e", encrypted: true }])), limits))).toBe("encrypted e");
    expect(await problem(openSafeZip(write(makeZip([{ name: "l", data: "/etc", symlink: true }])), limits))).toBe(
      "unsupported l",
    );
  });

  it("counts what actually inflates: a lying size, a wrong CRC, and the total of all reads are caught", async () => {
    const real = Buffer.alloc(5000, 0x41);
    const lying = makeZip([
      { name: "bomb", compressed: { bytes: zlib.deflateRawSync(real), size: 10, crc: zlib.crc32(real) } },
    ]);
    const bomb = await openSafeZip(write(lying), limits);
    expect(await problem(bomb.readBuffer("bomb", 1000))).toMatch(/^(damaged|tooLarge) bomb$/);
    const out = path.join(dir, "bomb.out");
    expect(await problem(bomb.extractTo("bomb", out, 1000))).toMatch(/^(damaged|tooLarge) bomb$/);
    expect(fs.existsSync(out)).toBe(false);
    bomb.close();

    const crc = await openSafeZip(write(makeZip([{ name: "x", data: "hello", crc: 1234 }])), limits);
    expect(await problem(crc.readBuffer("x", 100))).toBe("damaged x");
    crc.close();

    // Reading the same entry again and again adds up: the total bounds the work, whatever is asked.
    const again = await openSafeZip(write(makeZip([{ name: "x", data: new Uint8Array(900) }])), limits);
    await again.readBuffer("x", 1000);
    await again.readBuffer("x", 1000);
    expect(await problem(again.readBuffer("x", 1000))).toBe("tooLarge");
    again.close();
  });
});
