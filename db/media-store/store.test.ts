import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalS3, startLocalS3 } from "../../tests/support/s3";
import { diskStore } from "./disk.server";
import { s3Store } from "./s3.server";
import { mediaStoreSettings } from "./settings";
import { type MediaStore, MediaStoreUnavailable } from "./store";

// The same promises from both stores (ADR 0033): on this machine's disk and in an S3-compatible bucket (s3rver).

const text = async (stream: ReadableStream<Uint8Array> | null) => (stream ? new Response(stream).text() : null);
const key = (name: string) => `files/${crypto.randomBytes(8).toString("hex")}-${name}`;

let s3: LocalS3;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "heirloom-store-"));
const sourceFile = (bytes: Uint8Array) => {
  const file = path.join(folder, "uploads", crypto.randomBytes(8).toString("hex"));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  return file;
};

const stores: Record<"disk" | "s3", () => MediaStore> = {
  disk: () => diskStore(path.join(folder, "media")),
  s3: () => s3Store(mediaStoreSettings(s3.env)!, path.join(folder, "s3-tmp")),
};

beforeAll(async () => {
  s3 = await startLocalS3();
});

afterAll(async () => {
  await s3?.remove();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe.each(["disk", "s3"] as const)("the %s media store", (kind) => {
  let store: MediaStore;
  beforeAll(() => {
    store = stores[kind]();
  });

  it("keeps bytes, and tells their size, reads them whole and by range, then removes them", async () => {
    const name = key("a.txt");
    await store.put(name, { bytes: new TextEncoder().encode("0123456789") }, "text/plain");
    const stat = await store.stat(name);
    expect(stat?.size).toBe(10);
    expect(stat?.etag).toMatch(/^".+"$/);
    expect((await store.readBytes(name))?.toString()).toBe("0123456789");
    expect(await text(await store.read(name, 2, 5))).toBe("2345");
    expect(await text(await store.read(name, 9, 9))).toBe("9");
    await store.remove([name]);
    expect(await store.stat(name)).toBeNull();
  });

  it("takes a file, a large one in parts, and consumes it", async () => {
    const bytes = crypto.randomBytes(12 * 1024 * 1024);
    const file = sourceFile(bytes);
    const name = key("big.webm");
    await store.put(name, { file }, "audio/webm");
    expect(fs.existsSync(file)).toBe(false);
    expect((await store.stat(name))?.size).toBe(bytes.byteLength);
    const back = await store.readBytes(name);
    expect(back?.equals(bytes)).toBe(true);
    const tail = Buffer.from(
      await new Response(await store.read(name, bytes.byteLength - 100, bytes.byteLength - 1)).arrayBuffer(),
    );
    expect(tail.equals(bytes.subarray(bytes.byteLength - 100))).toBe(true);
    await store.remove([name]);
  });

  it("answers null for what is not there, and removes it without error", async () => {
    const name = key("missing.webp");
    expect(await store.stat(name)).toBeNull();
    expect(await store.read(name, 0, 9)).toBeNull();
    expect(await store.readBytes(name)).toBeNull();
    let used = false;
    expect(await store.withLocalFile(name, async () => (used = true))).toBeNull();
    expect(used).toBe(false);
    await store.remove([name]);
  });

  it("lists a folder's objects with when they were written, a page at a time, and none of another", async () => {
    const folder = "albums";
    const names = ["a.webp", "b.webp", "c.thumb.webp", "d.webm", "e.m4a"].map((name) => `${folder}/${name}`);
    const before = Date.now() - 2_000; // an S3 server's clock and ours may differ by a second's rounding
    for (const name of names) await store.put(name, { bytes: new TextEncoder().encode(name) }, "image/webp");
    await store.put(`${folder}x/z.webp`, { bytes: new Uint8Array(1) }, "image/webp");
    const pages = [];
    for await (const page of store.list(folder, 2)) pages.push(page);
    expect(pages.map((page) => page.length).sort()).toEqual([1, 2, 2]);
    const listed = pages.flat();
    expect(listed.map((entry) => entry.key).sort()).toEqual(names);
    for (const { modifiedAt } of listed) expect(modifiedAt.getTime()).toBeGreaterThanOrEqual(before);
    for (const { modifiedAt } of listed) expect(modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 2_000);
    const empty = [];
    for await (const page of store.list("nothing")) empty.push(...page);
    expect(empty).toEqual([]);
    await store.remove([...names, `${folder}x/z.webp`]);
  });

  it("lends a file on this machine with the bytes, and leaves no copy behind", async () => {
    const name = key("photo.webp");
    await store.put(name, { bytes: new TextEncoder().encode("photo bytes") }, "image/webp");
    let lent = "";
    const read = await store.withLocalFile(name, async (file) => {
      lent = file;
      return fs.readFileSync(file, "utf8");
    });
    expect(read).toBe("photo bytes");
    if (kind === "s3") expect(fs.existsSync(lent)).toBe(false);
    else expect(fs.existsSync(lent)).toBe(true);
    await store.remove([name]);
  });
});

describe("the S3 media store out of reach", () => {
  it("says it is unavailable, keeps nothing, and leaves the upload's file for its owner to remove", async () => {
    const store = stores.s3();
    const name = key("voice.webm");
    const file = sourceFile(crypto.randomBytes(64 * 1024));
    await s3.stop();
    try {
      await expect(store.put(name, { file }, "audio/webm")).rejects.toBeInstanceOf(MediaStoreUnavailable);
      await expect(store.put(name, { bytes: new Uint8Array(8) }, "audio/webm")).rejects.toBeInstanceOf(
        MediaStoreUnavailable,
      );
      await expect(store.stat(name)).rejects.toBeInstanceOf(MediaStoreUnavailable);
      await expect(store.read(name, 0, 1)).rejects.toBeInstanceOf(MediaStoreUnavailable);
      await expect(store.remove([name])).rejects.toBeInstanceOf(MediaStoreUnavailable);
      await expect(store.list("files")[Symbol.asyncIterator]().next()).rejects.toBeInstanceOf(MediaStoreUnavailable);
      expect(fs.existsSync(file)).toBe(true);
    } finally {
      await s3.start();
    }
    expect(await store.stat(name)).toBeNull();
    expect(await s3.keys()).not.toContain(name);
  });
});

describe("MEDIA_STORE", () => {
  it("is a bucket and a prefix, with the endpoint and region beside it", () => {
    expect(mediaStoreSettings({})).toBeNull();
    expect(mediaStoreSettings({ MEDIA_STORE: "s3://family-media" })).toMatchObject({
      bucket: "family-media",
      prefix: "",
      region: "us-east-1",
    });
    expect(
      mediaStoreSettings({
        MEDIA_STORE: "s3://family-media/heirloom/",
        S3_ENDPOINT: "http://minio:9000",
        S3_REGION: "auto",
      }),
    ).toMatchObject({ bucket: "family-media", prefix: "heirloom/", endpoint: "http://minio:9000", region: "auto" });
    expect(() => mediaStoreSettings({ MEDIA_STORE: "/var/media" })).toThrow(/MEDIA_STORE must be s3:\/\/bucket/);
    expect(() => mediaStoreSettings({ MEDIA_STORE: "s3://Family" })).toThrow(/MEDIA_STORE/);
    expect(() => mediaStoreSettings({ MEDIA_STORE: "s3://family/../x" })).toThrow(/"\.\."/);
  });
});
