import { describe, expect, it } from "vitest";
import { OVERSIZED_BODY_DRAIN_BYTES, readBodyLimited } from "./upload.server";

/** A body streamed in 64 KB pieces without a Content-Length, recording whether the reader cancelled it. */
function streamed(total: number) {
  let sent = 0;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const piece = new Uint8Array(Math.min(64 * 1024, total - sent));
      sent += piece.byteLength;
      controller.enqueue(piece);
    },
    cancel() {
      cancelled = true;
    },
  });
  const request = new Request("http://localhost/", { method: "POST", body, duplex: "half" } as RequestInit);
  return { request, read: () => sent, wasCancelled: () => cancelled };
}

describe("readBodyLimited", () => {
  it("returns a body within the cap", async () => {
    const { request } = streamed(1000);
    expect((await readBodyLimited(request, 1000)).byteLength).toBe(1000);
  });

  it("over the cap: reads the rest and drops it, so the client gets the 413 rather than a reset", async () => {
    const { request, read, wasCancelled } = streamed(3 * 1024 * 1024);
    await expect(readBodyLimited(request, 1024 * 1024)).rejects.toMatchObject({ status: 413 });
    expect(read()).toBe(3 * 1024 * 1024);
    expect(wasCancelled()).toBe(false);
  });

  it("far over the cap: stops reading after the drain allowance and cuts the body off", async () => {
    const { request, read, wasCancelled } = streamed(1024 * 1024 + OVERSIZED_BODY_DRAIN_BYTES + 4 * 1024 * 1024);
    await expect(readBodyLimited(request, 1024 * 1024)).rejects.toMatchObject({ status: 413 });
    expect(wasCancelled()).toBe(true);
    expect(read()).toBeLessThan(1024 * 1024 + OVERSIZED_BODY_DRAIN_BYTES + 4 * 1024 * 1024);
  });

  it("refuses a declared length over the cap before reading", async () => {
    const request = new Request("http://localhost/", { method: "POST", body: "x", headers: { "Content-Length": "5000" } });
    await expect(readBodyLimited(request, 1000)).rejects.toMatchObject({ status: 413 });
  });
});
