import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "./errors";
import { parseMultipart } from "./multipart.server";

let tmpDir: string;
beforeEach(() => {
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "multipart-"));
});
afterEach(() => fs.rmSync(tmpDir, { recursive: true, force: true }));

const post = (form: FormData) => new Request("http://localhost/upload", { method: "POST", body: form });
const filesOnDisk = () => fs.readdirSync(tmpDir);

describe("parseMultipart", () => {
  it("keeps text fields and streams each file to a temporary file that cleanup removes", async () => {
    const form = new FormData();
    form.append("description", "Bà nội ở Huế");
    form.append("file", new File([new Uint8Array(3000).fill(7)], "ảnh cưới.jpg", { type: "image/jpeg" }));
    const parsed = await parseMultipart(post(form), { tmpDir, maxFileBytes: 4000 });
    expect(parsed.form.get("description")).toBe("Bà nội ở Huế");
    expect(parsed.files).toEqual([expect.objectContaining({ field: "file", filename: "ảnh cưới.jpg", declaredType: "image/jpeg", size: 3000 })]);
    const file = parsed.form.get("file") as File;
    expect(file.name).toBe("ảnh cưới.jpg");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array(3000).fill(7));
    expect(filesOnDisk()).toHaveLength(1);
    await parsed.cleanup();
    expect(filesOnDisk()).toHaveLength(0);
  });

  it("treats an empty file input as no file", async () => {
    const form = new FormData();
    form.append("title", "A story");
    form.append("audio", new File([], "", { type: "application/octet-stream" }));
    const parsed = await parseMultipart(post(form), { tmpDir, maxFileBytes: 10 });
    expect(parsed.files).toEqual([]);
    expect(parsed.form.get("audio")).toBeNull();
  });

  it("answers 413 for a file one byte over the cap and leaves nothing on disk", async () => {
    const form = new FormData();
    form.append("file", new File([new Uint8Array(4001)], "big.webm"));
    form.append("after", "still read");
    const error = await parseMultipart(post(form), { tmpDir, maxFileBytes: 4000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(413);
    expect(filesOnDisk()).toHaveLength(0);
  });

  it("with oversized: drop, keeps the rest of the form and marks the file too large", async () => {
    const form = new FormData();
    form.append("title", "Kept");
    form.append("audio", new File([new Uint8Array(4001)], "long.webm"));
    const parsed = await parseMultipart(post(form), { tmpDir, maxFileBytes: 4000, oversized: "drop" });
    expect(parsed.form.get("title")).toBe("Kept");
    expect(parsed.form.get("audio")).toBeNull();
    expect(parsed.files).toEqual([expect.objectContaining({ field: "audio", tooLarge: true })]);
    expect(filesOnDisk()).toHaveLength(0);
  });

  it("refuses a body that is not multipart, or is malformed, with a 400", async () => {
    const json = new Request("http://localhost/upload", { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } });
    await expect(parseMultipart(json, { tmpDir, maxFileBytes: 10 })).rejects.toMatchObject({ status: 400 });
    const broken = new Request("http://localhost/upload", { method: "POST", body: "--x\r\nnonsense", headers: { "Content-Type": "multipart/form-data; boundary=x" } });
    await expect(parseMultipart(broken, { tmpDir, maxFileBytes: 10 })).rejects.toMatchObject({ status: 400 });
    expect(filesOnDisk()).toHaveLength(0);
  });

  const filePart = `--x\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n${"x".repeat(100_000)}`;
  const multipartHeaders = { "Content-Type": "multipart/form-data; boundary=x" };

  it("a form that ends inside a file is a 400 that leaves nothing on disk (and throws nowhere else)", async () => {
    const truncated = new Request("http://localhost/upload", { method: "POST", body: filePart, headers: multipartHeaders });
    await expect(parseMultipart(truncated, { tmpDir, maxFileBytes: 1_000_000 })).rejects.toMatchObject({ status: 400 });
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
    const request = new Request("http://localhost/upload", { method: "POST", body, headers: multipartHeaders, duplex: "half" } as RequestInit);
    await expect(parseMultipart(request, { tmpDir, maxFileBytes: 1_000_000 })).rejects.toMatchObject({ status: 400 });
    expect(filesOnDisk()).toHaveLength(0);
  });
});
