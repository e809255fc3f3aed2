import { describe, expect, it } from "vitest";
import { fileResponse, parseRange } from "./file-response.server";

describe("parseRange", () => {
  it("reads a start-end, an open-ended and a suffix range, clamped to the file", () => {
    expect(parseRange("bytes=0-99", 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=900-", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange("bytes=-100", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange("bytes=-5000", 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange("bytes=990-5000", 1000)).toEqual({ start: 990, end: 999 });
  });

  it("says a range outside the file is unsatisfiable, and ignores what it cannot read", () => {
    expect(parseRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=50-10", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", 1000)).toBe("unsatisfiable");
    expect(parseRange(null, 1000)).toBeNull();
    expect(parseRange("bytes=-", 1000)).toBeNull();
    expect(parseRange("bytes=0-1,5-6", 1000)).toBeNull();
    expect(parseRange("items=0-1", 1000)).toBeNull();
  });
});

describe("fileResponse", () => {
  const bytes = new TextEncoder().encode("0123456789");
  const file = {
    size: bytes.byteLength,
    contentType: "audio/webm",
    etag: '"abc"',
    cacheControl: "private, max-age=60",
    open: (start: number, end: number) => new Blob([bytes.slice(start, end + 1)]).stream(),
  };
  const get = (headers: Record<string, string> = {}) => fileResponse(new Request("http://x/f", { headers }), file);

  it("sends the whole file with its type, nosniff, private caching, ranges and an ETag", async () => {
    const response = await get();
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "audio/webm",
      "x-content-type-options": "nosniff",
      "cache-control": "private, max-age=60",
      "accept-ranges": "bytes",
      etag: '"abc"',
      "content-length": "10",
    });
    expect(await response.text()).toBe("0123456789");
  });

  it("answers a range with 206 and only those bytes, and an impossible one with 416", async () => {
    const partial = await get({ Range: "bytes=2-5" });
    expect(partial.status).toBe(206);
    expect(partial.headers.get("Content-Range")).toBe("bytes 2-5/10");
    expect(await partial.text()).toBe("2345");
    const outside = await get({ Range: "bytes=20-" });
    expect(outside.status).toBe(416);
    expect(outside.headers.get("Content-Range")).toBe("bytes */10");
  });

  it("answers a matching If-None-Match with 304, and sends the whole file when If-Range is stale", async () => {
    expect((await get({ "If-None-Match": '"abc"' })).status).toBe(304);
    const stale = await get({ Range: "bytes=2-5", "If-Range": '"old"' });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe("0123456789");
  });
});
