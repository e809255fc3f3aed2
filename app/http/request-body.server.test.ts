import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "../lib/errors";
import { readForm, readFormWithFiles, readJson } from "./request-body.server";

let tmpDir: string;
beforeEach(() => {
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "request-body-"));
});
afterEach(() => fs.rmSync(tmpDir, { recursive: true, force: true }));

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://localhost/form", { method: "POST", body, headers });
const filesOnDisk = () => fs.readdirSync(tmpDir);

/**
 * A body streamed in 64 KB pieces without a Content-Length, counting what the reader pulled and whether it cancelled.
 */
function streamed(total: number, headers: Record<string, string>) {
  let sent = 0;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const piece = new Uint8Array(Math.min(64 * 1024, total - sent)).fill(0x61);
      sent += piece.byteLength;
      controller.enqueue(piece);
    },
    cancel() {
      cancelled = true;
    },
  });
  const request = new Request("http://localhost/form", {
    method: "POST",
    body,
    headers,
    duplex: "half",
  } as RequestInit);
  return { request, read: () => sent, wasCancelled: () => cancelled };
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; key: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return { status: (error as AppError).status, key: (error as AppError).messageKey };
}

const URLENCODED = { "Content-Type": "application/x-www-form-urlencoded" };

describe("readForm", () => {
  it("reads an urlencoded form and a multipart form's text fields", async () => {
    const urlencoded = await readForm(post("username=b%C3%A0&password=x+y", URLENCODED));
    expect(Object.fromEntries(urlencoded)).toEqual({ username: "bà", password: "x y" });
    const multipart = new FormData();
    multipart.append("title", "Bà nội ở Huế");
    multipart.append("photo", new File([new Uint8Array(10)], "a.png"));
    const fields = await readForm(post(multipart));
    expect([...fields]).toEqual([["title", "Bà nội ở Huế"]]);
  });

  it("a post without a body is an empty form", async () => {
    expect([...(await readForm(new Request("http://localhost/form", { method: "POST" })))]).toEqual([]);
  });

  it("refuses a declared length over the cap before reading a byte", async () => {
    const { request, read } = streamed(200 * 1024 * 1024, {
      ...URLENCODED,
      "Content-Length": String(200 * 1024 * 1024),
    });
    expect(await refusal(readForm(request, { maxBytes: 1000 }))).toEqual({ status: 413, key: "errors.bodyTooLarge" });
    // Only the piece the stream pulls ahead by itself.
    expect(read()).toBeLessThanOrEqual(64 * 1024);
  });

  it("counts a body without a length as it arrives and stops at the cap, without cancelling it", async () => {
    const { request, read, wasCancelled } = streamed(200 * 1024 * 1024, URLENCODED);
    expect(await refusal(readForm(request, { maxBytes: 64 * 1024, tooLargeKey: "books.tooLarge" }))).toEqual({
      status: 413,
      key: "books.tooLarge",
    });
    // The cap and the stream's own read-ahead, not the 200 MB: the rest is left for the server to drop.
    expect(read()).toBeLessThan(1024 * 1024);
    // Cancelling would cut the connection before the 413 is written.
    expect(wasCancelled()).toBe(false);
  });

  it("takes a body exactly at the cap", async () => {
    const { request } = streamed(64 * 1024, URLENCODED);
    expect((await readForm(request, { maxBytes: 64 * 1024 })).get("a".repeat(64 * 1024))).toBe("");
  });

  it(
    "refuses an unreadable body with a 400: " +
      "multipart without a boundary, broken multipart, a type that is not a form",
    async () => {
      const malformed = { status: 400, key: "errors.malformedBody" };
      expect(await refusal(readForm(post("a=1", { "Content-Type": "multipart/form-data" })))).toEqual(malformed);
      expect(
        await refusal(readForm(post("--x\r\nnonsense", { "Content-Type": "multipart/form-data; boundary=x" }))),
      ).toEqual(malformed);
      expect(
        await refusal(readForm(post("garbage \u0000\u00ff", { "Content-Type": "multipart/form-data; boundary=x" }))),
      ).toEqual(malformed);
      expect(await refusal(readForm(post('{"a":1}', { "Content-Type": "application/json" })))).toEqual(malformed);
    },
  );
});

describe("readJson", () => {
  it("parses JSON within the cap, refuses more with a 413 and bad JSON with a 400", async () => {
    expect(await readJson(post('{"title":"Tết"}'))).toEqual({ title: "Tết" });
    expect(await refusal(readJson(post(JSON.stringify({ text: "x".repeat(2000) })), { maxBytes: 1000 }))).toEqual({
      status: 413,
      key: "errors.bodyTooLarge",
    });
    expect(await refusal(readJson(post('{"title":')))).toEqual({ status: 400, key: "errors.invalidJson" });
    expect(await refusal(readJson(post("")))).toEqual({ status: 400, key: "errors.invalidJson" });
  });

  it("refuses a text with a NUL character in it, in JSON and in forms of both kinds, as unreadable", async () => {
    const malformed = { status: 400, key: "errors.malformedBody" };
    expect(await refusal(readJson(post(JSON.stringify({ title: "B\u0000à" }))))).toEqual(malformed);
    expect(await refusal(readJson(post(JSON.stringify({ tags: ["x", "\u0000"] }))))).toEqual(malformed);
    expect(await readJson(post(JSON.stringify({ title: "Bà" })))).toEqual({ title: "Bà" });
    const urlencoded = post("title=B%00%C3%A0", { "Content-Type": "application/x-www-form-urlencoded" });
    expect(await refusal(readForm(urlencoded))).toEqual(malformed);
    const multipart = new FormData();
    multipart.append("title", "B\u0000à");
    expect(await refusal(readForm(new Request("http://localhost/form", { method: "POST", body: multipart })))).toEqual(
      malformed,
    );
  });

  it("counts a streamed body: 1 MB by default", async () => {
    const { request, read } = streamed(50 * 1024 * 1024, { "Content-Type": "application/json" });
    expect(await refusal(readJson(request))).toEqual({ status: 413, key: "errors.bodyTooLarge" });
    expect(read()).toBeLessThan(2 * 1024 * 1024);
  });
});

describe("readFormWithFiles", () => {
  it("keeps text fields and streams each file to a temporary file that cleanup removes", async () => {
    const form = new FormData();
    form.append("description", "Bà nội ở Huế");
    form.append("file", new File([new Uint8Array(3000).fill(7)], "ảnh cưới.jpg", { type: "image/jpeg" }));
    const parsed = await readFormWithFiles(post(form), { tmpDir, maxFileBytes: 4000 });
    expect(parsed.form.get("description")).toBe("Bà nội ở Huế");
    expect(parsed.files).toEqual([
      expect.objectContaining({ field: "file", filename: "ảnh cưới.jpg", declaredType: "image/jpeg", size: 3000 }),
    ]);
    const file = parsed.form.get("file") as File;
    expect(file.name).toBe("ảnh cưới.jpg");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array(3000).fill(7));
    expect(filesOnDisk()).toHaveLength(1);
    await parsed.cleanup();
    expect(filesOnDisk()).toHaveLength(0);
  });

  it("reads an urlencoded form as fields only, within the fields' cap", async () => {
    const parsed = await readFormWithFiles(post("title=A+story", URLENCODED), { tmpDir, maxFileBytes: 10 });
    expect([Object.fromEntries(parsed.form), parsed.files]).toEqual([{ title: "A story" }, []]);
    expect(
      await refusal(
        readFormWithFiles(post(`title=${"x".repeat(2000)}`, URLENCODED), {
          tmpDir,
          maxFileBytes: 10,
          maxFieldBytes: 1000,
        }),
      ),
    ).toMatchObject({ status: 413 });
  });

  it("treats an empty file input as no file", async () => {
    const form = new FormData();
    form.append("title", "A story");
    form.append("audio", new File([], "", { type: "application/octet-stream" }));
    const parsed = await readFormWithFiles(post(form), { tmpDir, maxFileBytes: 10 });
    expect(parsed.files).toEqual([]);
    expect(parsed.form.get("audio")).toBeNull();
  });

  it("answers 413 for a file one byte over the cap and leaves nothing on disk", async () => {
    const form = new FormData();
    form.append("file", new File([new Uint8Array(4001)], "big.webm"));
    form.append("after", "not needed");
    expect(
      await refusal(readFormWithFiles(post(form), { tmpDir, maxFileBytes: 4000, tooLargeKey: "media.tooLarge" })),
    ).toEqual({ status: 413, key: "media.tooLarge" });
    expect(filesOnDisk()).toHaveLength(0);
  });

  it("refuses text fields over their cap, together or as one", async () => {
    const many = new FormData();
    for (let i = 0; i < 10; i++) many.append(`f${i}`, "x".repeat(200));
    expect(
      await refusal(readFormWithFiles(post(many), { tmpDir, maxFileBytes: 10, maxFieldBytes: 1000 })),
    ).toMatchObject({ status: 413 });
    const one = new FormData();
    one.append("content", "x".repeat(1001));
    expect(
      await refusal(readFormWithFiles(post(one), { tmpDir, maxFileBytes: 10, maxFieldBytes: 1000 })),
    ).toMatchObject({ status: 413 });
  });

  it("refuses a declared length over files and fields before reading, and a streamed file at its cap", async () => {
    const boundary = "x";
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.zip"\r\n` +
      "Content-Type: application/zip\r\n\r\n";
    const headers = { "Content-Type": `multipart/form-data; boundary=${boundary}` };
    const declared = streamed(300 * 1024 * 1024, { ...headers, "Content-Length": String(300 * 1024 * 1024) });
    expect(await refusal(readFormWithFiles(declared.request, { tmpDir, maxFileBytes: 1024 * 1024 }))).toMatchObject({
      status: 413,
    });
    expect(declared.read()).toBeLessThanOrEqual(64 * 1024);

    // A file part that never ends: refused once it passes its cap, not at the end of the body.
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(sent === 0 ? new TextEncoder().encode(head) : new Uint8Array(64 * 1024));
        sent += 1;
      },
    });
    const endless = new Request("http://localhost/form", {
      method: "POST",
      body,
      headers,
      duplex: "half",
    } as RequestInit);
    expect(await refusal(readFormWithFiles(endless, { tmpDir, maxFileBytes: 1024 * 1024 }))).toMatchObject({
      status: 413,
    });
    expect(sent * 64 * 1024).toBeLessThan(4 * 1024 * 1024);
    expect(filesOnDisk()).toHaveLength(0);
  });

  it("with oversized: drop, keeps the rest of the form and marks the file too large", async () => {
    const form = new FormData();
    form.append("title", "Kept");
    form.append("audio", new File([new Uint8Array(4001)], "long.webm"));
    const parsed = await readFormWithFiles(post(form), { tmpDir, maxFileBytes: 4000, maxFiles: 2, oversized: "drop" });
    expect(parsed.form.get("title")).toBe("Kept");
    expect(parsed.form.get("audio")).toBeNull();
    expect(parsed.files).toEqual([expect.objectContaining({ field: "audio", tooLarge: true })]);
    expect(filesOnDisk()).toHaveLength(0);
  });

  it("refuses a malformed body with a 400: not a form, no boundary, broken", async () => {
    const malformed = { status: 400, key: "errors.malformedBody" };
    expect(
      await refusal(
        readFormWithFiles(post("{}", { "Content-Type": "application/json" }), { tmpDir, maxFileBytes: 10 }),
      ),
    ).toEqual(malformed);
    expect(
      await refusal(
        readFormWithFiles(post("--x\r\n", { "Content-Type": "multipart/form-data" }), { tmpDir, maxFileBytes: 10 }),
      ),
    ).toEqual(malformed);
    expect(
      await refusal(
        readFormWithFiles(post("--x\r\nnonsense", { "Content-Type": "multipart/form-data; boundary=x" }), {
          tmpDir,
          maxFileBytes: 10,
        }),
      ),
    ).toEqual(malformed);
    expect(filesOnDisk()).toHaveLength(0);
  });

  const filePart =
    '--x\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n' +
    "x".repeat(100_000);
  const multipartHeaders = { "Content-Type": "multipart/form-data; boundary=x" };

  it("a form that ends inside a file is a 400 that leaves nothing on disk (and throws nowhere else)", async () => {
    expect(
      await refusal(readFormWithFiles(post(filePart, multipartHeaders), { tmpDir, maxFileBytes: 1_000_000 })),
    ).toMatchObject({ status: 400 });
    expect(filesOnDisk()).toHaveLength(0);
  });

  it("a body that breaks off midway (the client went away) is a 400 that leaves nothing on disk", async () => {
    const bytes = new TextEncoder().encode(filePart);
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent) {
          // The server has started writing the file when the connection drops.
          while (fs.readdirSync(tmpDir).length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
          return controller.error(new Error("aborted"));
        }
        sent = true;
        controller.enqueue(bytes);
      },
    });
    const request = new Request("http://localhost/upload", {
      method: "POST",
      body,
      headers: multipartHeaders,
      duplex: "half",
    } as RequestInit);
    expect(await refusal(readFormWithFiles(request, { tmpDir, maxFileBytes: 1_000_000 }))).toMatchObject({
      status: 400,
    });
    expect(filesOnDisk()).toHaveLength(0);
  });
});
