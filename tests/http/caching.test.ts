import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pngBytes } from "../support/media-files";
import type { RunningServer } from "../support/server";
import { createClient, serverWithLanAndMinh, type Client } from "../support/http";

// Issue 16: after logout, Back showed the previous user's book page from the browser's cache. Whatever
// depends on the session (pages, React Router's .data requests, /api JSON, media behind an owner check)
// must never be answered by a browser's cache without the server.

const NO_STORE = "private, no-store";

let server: RunningServer;
let lan: Client;
let minh: Client;
let ids: { book: number; topic: number; story: number; media: number; token: string; cover: string };

beforeAll(async () => {
  ({ server, lan, minh } = await serverWithLanAndMinh());
  const png = await sharp({ create: { width: 40, height: 60, channels: 3, background: "#7a3e12" } })
    .png()
    .toBuffer();
  const book = await (
    await lan.json("POST", "/api/books", {
      title: "Bà nội",
      coverImage: `data:image/png;base64,${png.toString("base64")}`,
    })
  ).json();
  const topic = await (await lan.json("POST", `/api/books/${book.id}/topics`, { title: "Quê nhà" })).json();
  const story = await (
    await lan.json("POST", `/api/topics/${topic.id}/stories`, {
      title: "Bến sông",
      content: "Ngày xưa",
      status: "published",
    })
  ).json();
  const form = new FormData();
  form.append("type", "image");
  form.append("file", new File([await pngBytes()], "song.png"));
  const media = await (await lan.request(`/api/stories/${story.id}/media`, { method: "POST", body: form })).json();
  const share = await (await lan.json("POST", `/api/books/${book.id}/shares`, {})).json();
  ids = {
    book: book.id,
    topic: topic.id,
    story: story.id,
    media: media.id,
    token: share.token,
    cover: book.coverImage,
  };
});
afterAll(() => server?.stop());

const cacheControl = async (client: Client, path: string, init?: RequestInit) => {
  const response = await client.request(path, init);
  await response.arrayBuffer();
  return [path, response.status, response.headers.get("cache-control")] as const;
};

describe("Cache-Control: private, no-store", () => {
  it("on every page, signed in, signed out and in error", async () => {
    const { book, topic, token } = ids;
    const signedIn = [
      "/",
      "/books",
      `/books/${book}`,
      `/books/${book}?dialog=share`,
      `/books/${book}/suggest-topics`,
      `/books/${book}/topics/${topic}`,
      "/profile",
      "/admin", // a redirect to /unauthorized for lan
      "/unauthorized",
      "/login", // a redirect home when signed in
      `/books/999999`,
      "/no/such/page",
      `/s/${token}`,
    ];
    for (const path of signedIn) {
      const [, status, header] = await cacheControl(lan, path);
      expect([path, status, header]).toEqual([path, expect.any(Number), NO_STORE]);
    }
    const anonymous = createClient(server.url);
    for (const path of ["/login", "/", `/books/${book}`, "/no/such/page", `/s/${token}`, "/s/not-a-token"]) {
      expect(await cacheControl(anonymous, path)).toEqual([path, expect.any(Number), NO_STORE]);
    }
  });

  it("on React Router's .data requests, loaders and actions", async () => {
    const { book, topic } = ids;
    for (const path of [
      "/_.data",
      "/books.data",
      `/books/${book}.data`,
      `/books/${book}/topics/${topic}.data`,
      "/profile.data",
      `/books/${book}.data?_routes=root`,
    ]) {
      expect(await cacheControl(lan, path)).toEqual([path, 200, NO_STORE]);
    }
    // A signed-out request for a page's data: a redirect to /login, not to be kept either.
    expect(await cacheControl(createClient(server.url), `/books/${book}.data`)).toEqual([
      `/books/${book}.data`,
      202,
      NO_STORE,
    ]);
    // An action's answer: a failed login.
    const failed = await createClient(server.url).request("/login.data", {
      method: "POST",
      body: new URLSearchParams({ username: "lan", password: "wrong" }),
    });
    expect([failed.status, failed.headers.get("cache-control")]).toEqual([401, NO_STORE]);
  });

  it("on /api JSON, errors included", async () => {
    const { book, topic, story } = ids;
    for (const path of [
      "/api/me",
      "/api/books",
      `/api/books/${book}`,
      `/api/books/${book}/topics`,
      `/api/topics/${topic}/stories`,
      `/api/stories/${story}`,
      "/api/suggested-actions",
      `/api/books/${book}/shares`,
    ]) {
      expect(await cacheControl(lan, path)).toEqual([path, 200, NO_STORE]);
    }
    expect(await cacheControl(minh, `/api/books/${book}`)).toEqual([`/api/books/${book}`, 404, NO_STORE]);
    expect(await cacheControl(lan, "/api/nothing-here")).toEqual(["/api/nothing-here", 404, NO_STORE]);
    expect(await cacheControl(createClient(server.url), "/api/me")).toEqual(["/api/me", 401, NO_STORE]);
    expect(await cacheControl(lan, "/api/me", { method: "DELETE" })).toEqual(["/api/me", 405, NO_STORE]);
    const created = await lan.json("POST", "/api/books", { title: "Một cuốn nữa" });
    expect([created.status, created.headers.get("cache-control")]).toEqual([201, NO_STORE]);
    const invalid = await lan.json("POST", "/api/books", { title: "" });
    expect([invalid.status, invalid.headers.get("cache-control")]).toEqual([400, NO_STORE]);
  });
});

describe("media behind an owner check", () => {
  it(
    "is revalidated on every use, so the owner check runs again: " + "a 304 for the owner, a 404 for anyone else",
    async () => {
      const path = `/api/media/render/id:${ids.media}`;
      const first = await lan.get(path);
      expect(first.status).toBe(200);
      expect(first.headers.get("cache-control")).toBe("private, no-cache");
      const etag = first.headers.get("etag")!;
      expect(etag).toBeTruthy();
      const again = await lan.get(path, { headers: { "If-None-Match": etag } });
      expect(again.status).toBe(304);
      // Another user of the same browser, with the cached copy's ETag: the server says no.
      expect((await minh.get(path, { headers: { "If-None-Match": etag } })).status).toBe(404);
      expect((await createClient(server.url).get(path, { headers: { "If-None-Match": etag } })).status).toBe(401);

      const cover = ids.cover; // "/api/media/render/cover:…"
      const coverResponse = await lan.get(cover);
      expect(coverResponse.status).toBe(200);
      expect(coverResponse.headers.get("cache-control")).toBe("private, no-cache");
      const coverTag = coverResponse.headers.get("etag")!;
      expect(coverTag).toBeTruthy();
      expect((await lan.get(cover, { headers: { "If-None-Match": coverTag } })).status).toBe(304);
      expect((await minh.get(cover, { headers: { "If-None-Match": coverTag } })).status).toBe(404);
    },
  );
});

describe("what does not depend on the session keeps its caching", () => {
  it("static assets, the placeholder image", async () => {
    const asset = /\/assets\/[^"]+\.js/.exec(await (await createClient(server.url).get("/login")).text())![0];
    expect(await cacheControl(lan, asset)).toEqual([asset, 200, "public, max-age=31536000, immutable"]);
    expect(await cacheControl(lan, "/covers/2.webp")).toEqual(["/covers/2.webp", 200, "public, max-age=3600"]);
    expect(await cacheControl(lan, "/api/media/render/placeholder")).toEqual([
      "/api/media/render/placeholder",
      200,
      "public, max-age=86400",
    ]);
  });
});
