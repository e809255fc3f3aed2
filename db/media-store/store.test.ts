import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
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

  it("removes objects a batch at a time, with keys that are not there among them", async () => {
    const names = ["a", "b", "c", "d", "e"].map((name) => key(`${name}.webp`));
    for (const name of names) await store.put(name, { bytes: new TextEncoder().encode(name) }, "image/webp");
    await store.remove([...names.slice(0, 2), key("never-kept.webp"), ...names.slice(2)], 2);
    for (const name of names) expect(await store.stat(name)).toBeNull();
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

describe("the S3 media store removing many objects", () => {
  // An S3-compatible endpoint of the test's own, answering each DeleteObjects with the Errors it is told to.
  type Asked = { keys: string[]; md5: string | undefined; bodyMd5: string };
  let asked: Asked[] = [];
  let refuse: string[] = [];
  let endpoint: http.Server;
  beforeAll(async () => {
    endpoint = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const body = Buffer.concat(chunks);
        const keys = [...body.toString().matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => match[1]!);
        const md5 = request.headers["content-md5"];
        asked.push({ keys, md5: typeof md5 === "string" ? md5 : undefined, bodyMd5: md5Of(body) });
        const errors = keys
          .filter((name) => refuse.includes(name))
          .map((name) => `<Error><Key>${name}</Key><Code>AccessDenied</Code><Message>Access Denied</Message></Error>`);
        response.writeHead(200, { "Content-Type": "application/xml" });
        response.end(`<?xml version="1.0" encoding="UTF-8"?><DeleteResult>${errors.join("")}</DeleteResult>`);
      });
    });
    await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
  });
  afterAll(() => new Promise<void>((resolve) => endpoint.close(() => resolve())));
  const md5Of = (bytes: Buffer) => crypto.createHash("md5").update(bytes).digest("base64");
  const store = () =>
    s3Store(
      mediaStoreSettings({
        MEDIA_STORE: "s3://bucket/media/",
        S3_ENDPOINT: `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}`,
        S3_REGION: "us-east-1",
        AWS_ACCESS_KEY_ID: "key",
        AWS_SECRET_ACCESS_KEY: "secret",
      })!,
      path.join(folder, "fake-s3-tmp"),
    );

  it("asks for a thousand keys a request, each list with its Content-MD5", async () => {
    asked = [];
    const keys = Array.from({ length: 2500 }, (_, i) => `files/${String(i).padStart(32, "0")}.webp`);
    await store().remove(keys);
    expect(asked.map((request) => request.keys.length)).toEqual([1000, 1000, 500]);
    expect(asked.flatMap((request) => request.keys)).toEqual(keys.map((name) => `media/${name}`));
    for (const request of asked) expect(request.md5).toBe(request.bodyMd5);
  });

  it("says it is unavailable when the store kept a key, and asks for no further batch", async () => {
    asked = [];
    refuse = ["media/files/b.webp"];
    try {
      await expect(store().remove(["files/a.webp", "files/b.webp", "files/c.webp"], 2)).rejects.toBeInstanceOf(
        MediaStoreUnavailable,
      );
    } finally {
      refuse = [];
    }
    expect(asked.map((request) => request.keys.length)).toEqual([2]);
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
