import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { pngBytes, webmBytes } from "../support/media-files";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PASSWORD, type RunningServer } from "../support/server";
import { createClient, loginAs, serverWithLanAndMinh, type Client } from "../support/http";

let server: RunningServer;
let lan: Client;
let minh: Client;

beforeAll(async () => {
  ({ server, lan, minh } = await serverWithLanAndMinh());
});
afterAll(() => server?.stop());

type Row = {
  id: number;
  storyId: number;
  type: string;
  url: string;
  description: string;
  transcription: string | null;
  filename: string;
  size: number;
  createdAt: string;
  transcriptionError?: string;
};

const tmpDir = () => path.join(server.dataDir, "media", "tmp");
const storedCount = async () => (await server.storedFiles("files")).length;
const count = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).length : 0);

const webm = webmBytes;
const png = pngBytes;

async function upload(
  client: Client,
  storyId: number,
  file: { bytes: Uint8Array<ArrayBuffer>; name: string; type?: string },
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", new File([file.bytes], file.name, { type: file.type ?? "application/octet-stream" }));
  const response = await client.request(`/api/stories/${storyId}/media`, { method: "POST", body: form, headers });
  return { status: response.status, body: (await response.json()) as Row & { message?: string; title?: string } };
}

async function newStory(client: Client, title = "Bà nội") {
  const book = await (await client.json("POST", "/api/books", { title: `Sách ${title}`, language: "vi" })).json();
  const topic = await (await client.json("POST", `/api/books/${book.id}/topics`, { title: "Quê nhà" })).json();
  const story = await (
    await client.json("POST", `/api/topics/${topic.id}/stories`, { title, content: "Ngày xưa…", status: "draft" })
  ).json();
  return { book, topic, story } as { book: { id: number }; topic: { id: number }; story: { id: number } };
}

const storyFlags = async (client: Client, storyId: number) => {
  const story = await (await client.get(`/api/stories/${storyId}`)).json();
  return { hasAudio: story.hasAudio, hasImages: story.hasImages, media: story.media.length };
};

describe("uploading and serving media", () => {
  it(
    "re-encodes a photo to a web size and a thumbnail, " +
      "names it from its file, and serves it privately with an ETag",
    async () => {
      const { story } = await newStory(lan);
      const before = await storedCount();
      const { status, body } = await upload(
        lan,
        story.id,
        { bytes: await png(2400, 1200), name: "bà nội_ở Huế.png", type: "image/png" },
        { type: "image" },
      );
      expect(status).toBe(201);
      expect(body).toMatchObject({
        storyId: story.id,
        type: "image",
        url: `/api/media/render/id:${body.id}`,
        description: "bà nội ở Huế",
        transcription: null,
        filename: "bà nội_ở Huế.png",
      });
      expect(body.size).toBeGreaterThan(0);
      expect(await storedCount()).toBe(before + 2);
      expect(await storyFlags(lan, story.id)).toEqual({ hasAudio: false, hasImages: true, media: 1 });

      const full = await lan.get(body.url);
      expect(full.status).toBe(200);
      expect(Object.fromEntries(full.headers)).toMatchObject({
        "content-type": "image/webp",
        "x-content-type-options": "nosniff",
        "accept-ranges": "bytes",
      });
      expect(full.headers.get("cache-control")).toMatch(/^private/);
      const meta = await sharp(Buffer.from(await full.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", 1600, 800]);
      const thumb = await sharp(Buffer.from(await (await lan.get(`${body.url}?size=thumb`)).arrayBuffer())).metadata();
      expect([thumb.width, thumb.height]).toEqual([320, 320]);

      const etag = full.headers.get("etag")!;
      expect((await lan.get(body.url, { headers: { "If-None-Match": etag } })).status).toBe(304);
      // The description is the fallback address of the same photo.
      const byDescription = await lan.get(`/api/media/render/${encodeURIComponent("bà nội ở Huế")}`);
      expect([byDescription.status, byDescription.headers.get("etag")]).toEqual([200, etag]);
    },
  );

  it(
    "keeps a recording as it is, serves byte ranges for seeking, " + "and says why there is no transcript offline",
    async () => {
      const { story } = await newStory(lan, "Giọng bà");
      const bytes = webm(10_000);
      const { status, body } = await upload(
        lan,
        story.id,
        { bytes, name: "recording.webm", type: "audio/webm" },
        { type: "audio" },
      );
      expect(status).toBe(201);
      expect(body).toMatchObject({ type: "audio", transcription: null, size: 10_000, description: "" });
      // Why there are no words yet, in plain words (issue 35).
      expect(body.transcriptionError).toBe("The voice recording is saved. The family can write it out later.");
      expect(await storyFlags(lan, story.id)).toEqual({ hasAudio: true, hasImages: false, media: 1 });

      const whole = await lan.get(body.url);
      expect([whole.status, whole.headers.get("content-type"), whole.headers.get("content-length")]).toEqual([
        200,
        "audio/webm",
        "10000",
      ]);
      const part = await lan.get(body.url, { headers: { Range: "bytes=100-199" } });
      expect([part.status, part.headers.get("content-range"), part.headers.get("content-length")]).toEqual([
        206,
        "bytes 100-199/10000",
        "100",
      ]);
      expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(100, 200));
      const tail = await lan.get(body.url, { headers: { Range: "bytes=-10" } });
      expect([tail.status, tail.headers.get("content-range")]).toEqual([206, "bytes 9990-9999/10000"]);
      const outside = await lan.get(body.url, { headers: { Range: "bytes=20000-" } });
      expect([outside.status, outside.headers.get("content-range")]).toEqual([416, "bytes */10000"]);
    },
  );

  it(
    "refuses a file whose bytes are not the declared kind, " + "whatever its name or type says, and keeps nothing",
    async () => {
      const { story } = await newStory(lan, "Không ảnh");
      const before = await storedCount();
      const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
      const asImage = await upload(
        lan,
        story.id,
        { bytes: svg, name: "photo.png", type: "image/png" },
        { type: "image" },
        { "Accept-Language": "vi" },
      );
      expect(asImage).toMatchObject({
        status: 400,
        body: { title: "Không có hình ảnh", message: "Vui lòng chọn tệp hình ảnh: JPEG, PNG, GIF hoặc WEBP." },
      });
      const html = new TextEncoder().encode("<!doctype html><script>alert(1)</script>");
      expect(
        (await upload(lan, story.id, { bytes: html, name: "voice.webm", type: "audio/webm" }, { type: "audio" }))
          .status,
      ).toBe(400);
      // An audio file is not an image, and a photo is not a recording.
      expect(
        (await upload(lan, story.id, { bytes: webm(), name: "x.jpg", type: "image/jpeg" }, { type: "image" })).status,
      ).toBe(400);
      expect(
        (
          await upload(
            lan,
            story.id,
            { bytes: await png(10, 10), name: "x.webm", type: "audio/webm" },
            { type: "audio" },
          )
        ).status,
      ).toBe(400);
      // A PNG signature in front of garbage does not decode: refused too.
      const fake = new Uint8Array(200);
      fake.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expect((await upload(lan, story.id, { bytes: fake, name: "broken.png" }, { type: "image" })).status).toBe(400);
      expect((await upload(lan, story.id, { bytes: await png(10, 10), name: "a.png" }, { type: "video" })).status).toBe(
        400,
      );
      expect(await storedCount()).toBe(before);
      expect(count(tmpDir())).toBe(0);
      expect(await storyFlags(lan, story.id)).toEqual({ hasAudio: false, hasImages: false, media: 0 });
    },
  );

  it("answers 413 to a file over its cap, keeps nothing on disk, and stays healthy", async () => {
    const { story } = await newStory(lan, "Quá lớn");
    const before = await storedCount();
    const bigPhoto = new Uint8Array(10 * 1024 * 1024 + 1);
    bigPhoto.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const photo = await upload(lan, story.id, { bytes: bigPhoto, name: "huge.png" }, { type: "image" });
    expect(photo.status).toBe(413);
    const recording = await upload(
      lan,
      story.id,
      { bytes: webm(25 * 1024 * 1024 + 1), name: "long.webm" },
      { type: "audio" },
    );
    expect(recording.status).toBe(413);
    expect(recording.body.message).toMatch(/25 MB/);
    expect(await storedCount()).toBe(before);
    expect(count(tmpDir())).toBe(0);
    expect((await lan.get("/healthz")).status).toBe(200);
    expect((await upload(lan, story.id, { bytes: webm(), name: "ok.webm" }, { type: "audio" })).status).toBe(201);
  });

  it("lets the owner describe and delete media; the files go and the story's flags follow", async () => {
    const { story } = await newStory(lan, "Đổi mô tả");
    const photo = (
      await upload(
        lan,
        story.id,
        { bytes: await png(50, 50), name: "IMG_1.png" },
        { type: "image", description: "Cây đa đầu làng" },
      )
    ).body;
    expect(photo.description).toBe("Cây đa đầu làng");
    const described = await lan.json("PUT", `/api/media/${photo.id}`, { description: "Cây đa và giếng nước" });
    expect(await described.json()).toMatchObject({ id: photo.id, description: "Cây đa và giếng nước" });
    const blank = await lan.json("PUT", `/api/media/${photo.id}`, { description: "  " });
    expect(blank.status).toBe(400);
    expect((await blank.json()).message).toBe("Please enter a description for the image.");
    expect((await lan.json("PUT", `/api/media/${photo.id}`, { description: 42 })).status).toBe(400);

    const before = await storedCount();
    expect((await lan.request(`/api/media/${photo.id}`, { method: "DELETE" })).status).toBe(200);
    expect(await storedCount()).toBe(before - 2);
    expect(await storyFlags(lan, story.id)).toEqual({ hasAudio: false, hasImages: false, media: 0 });
    expect((await lan.get(photo.url)).status).toBe(404);
  });

  it(
    "never lets another user or an anonymous visitor read, " + "change, delete or add media; the admin may read it",
    async () => {
      const { story } = await newStory(lan, "Riêng tư");
      const photo = (await upload(lan, story.id, { bytes: await png(20, 20), name: "secret.png" }, { type: "image" }))
        .body;
      const before = await storedCount();
      for (const url of [
        photo.url,
        `${photo.url}?size=thumb`,
        `/api/media/render/${encodeURIComponent(photo.description)}`,
      ]) {
        expect((await minh.get(url)).status).toBe(404);
      }
      expect((await minh.json("PUT", `/api/media/${photo.id}`, { description: "mine" })).status).toBe(404);
      expect((await minh.request(`/api/media/${photo.id}`, { method: "DELETE" })).status).toBe(404);
      expect(
        (await upload(minh, story.id, { bytes: await png(20, 20), name: "intruder.png" }, { type: "image" })).status,
      ).toBe(404);
      // The media tab's no-JavaScript form refuses another user's story too.
      const form = new FormData();
      form.append("intent", "delete");
      form.append("mediaId", String(photo.id));
      const bookId = (await (await lan.get(`/api/stories/${story.id}`)).json()).bookId;
      expect(
        (await minh.request(`/books/${bookId}/stories/${story.id}/media`, { method: "POST", body: form })).status,
      ).toBe(404);

      const anonymous = createClient(server.url);
      expect((await anonymous.get(photo.url)).status).toBe(401);
      expect((await anonymous.json("PUT", `/api/media/${photo.id}`, { description: "x" })).status).toBe(401);
      expect(
        (await upload(anonymous, story.id, { bytes: await png(20, 20), name: "x.png" }, { type: "image" })).status,
      ).toBe(401);
      expect(await storedCount()).toBe(before);
      expect((await lan.get(photo.url)).status).toBe(200);
      expect(
        ((await (await lan.get(`/api/stories/${story.id}`)).json()).media as Row[]).map((m) => m.description),
      ).toEqual(["secret"]);

      const admin = createClient(server.url);
      await loginAs(admin, "admin", ADMIN_PASSWORD);
      expect((await admin.get(photo.url)).status).toBe(200);
    },
  );

  it("keeps a story's hasAudio and hasImages to the media it has, whatever the body says", async () => {
    const { topic } = await newStory(lan, "Cờ");
    const stories = `/api/topics/${topic.id}/stories`;
    const flags = { hasAudio: true, hasImages: true };
    // No text and no media is refused, flags or not.
    const empty = await lan.json("POST", stories, { title: "Trống", content: "", status: "published", ...flags });
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe("Please enter content or add media for the story.");
    expect((await (await lan.get(stories)).json()).map((story: { title: string }) => story.title)).toEqual(["Cờ"]);
    // Flags sent without media are not kept, on a new story or a saved one.
    const made = await lan.json("POST", stories, { title: "Chữ", content: "Chỉ có chữ.", ...flags });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: number };
    expect(await storyFlags(lan, id)).toEqual({ hasAudio: false, hasImages: false, media: 0 });
    const saved = await lan.json("PUT", `/api/stories/${id}`, { title: "Chữ", content: "Vẫn chữ.", ...flags });
    expect((await saved.json()) as object).toMatchObject({ hasAudio: false, hasImages: false });
    expect(await storyFlags(lan, id)).toEqual({ hasAudio: false, hasImages: false, media: 0 });
    // With a photo, the story has images whatever a later save says, and may then lose its text.
    expect((await upload(lan, id, { bytes: await png(), name: "co.png" }, { type: "image" })).status).toBe(201);
    const photoOnly = { title: "Chữ", content: "", hasAudio: true, hasImages: false };
    expect((await lan.json("PUT", `/api/stories/${id}`, photoOnly)).status).toBe(200);
    expect(await storyFlags(lan, id)).toEqual({ hasAudio: false, hasImages: true, media: 1 });
  });

  it("serves the placeholder image to anyone", async () => {
    const response = await createClient(server.url).get("/api/media/render/placeholder");
    expect([
      response.status,
      response.headers.get("content-type"),
      response.headers.get("x-content-type-options"),
    ]).toEqual([200, "image/svg+xml", "nosniff"]);
  });
});

describe("deleting what holds media deletes its files", () => {
  async function storyWithMedia(client: Client) {
    const made = await newStory(client, "Có ảnh");
    await upload(client, made.story.id, { bytes: await png(30, 30), name: "a.png" }, { type: "image" });
    await upload(client, made.story.id, { bytes: webm(), name: "b.webm" }, { type: "audio" });
    return made;
  }

  it("for a story, a topic and a book", async () => {
    for (const remove of [
      (made: Awaited<ReturnType<typeof storyWithMedia>>) =>
        lan.request(`/api/stories/${made.story.id}`, { method: "DELETE" }),
      (made: Awaited<ReturnType<typeof storyWithMedia>>) =>
        lan.request(`/api/topics/${made.topic.id}`, { method: "DELETE" }),
      (made: Awaited<ReturnType<typeof storyWithMedia>>) =>
        lan.request(`/api/books/${made.book.id}`, { method: "DELETE" }),
    ]) {
      const before = await storedCount();
      const made = await storyWithMedia(lan);
      expect(await storedCount()).toBe(before + 3);
      expect((await remove(made)).status).toBe(200);
      expect(await storedCount()).toBe(before);
    }
  });

  it("for a user the admin deletes", async () => {
    const admin = createClient(server.url);
    await loginAs(admin, "admin", ADMIN_PASSWORD);
    const created = await (
      await admin.json("POST", "/api/admin/create-user", {
        username: "tam",
        email: "tam@example.com",
        password: "secret1",
      })
    ).json();
    const tam = createClient(server.url);
    await loginAs(tam, "tam", "secret1");
    const before = await storedCount();
    await storyWithMedia(tam);
    await storyWithMedia(tam);
    expect(await storedCount()).toBe(before + 6);
    expect((await admin.request(`/api/admin/users/${created.id}`, { method: "DELETE" })).status).toBe(200);
    expect(await storedCount()).toBe(before);
  });

  it("and every change to media is in the owner's activity log", async () => {
    const admin = createClient(server.url);
    await loginAs(admin, "admin", ADMIN_PASSWORD);
    const { story } = await newStory(minh, "Nhật ký");
    const photo = (await upload(minh, story.id, { bytes: await png(20, 20), name: "p.png" }, { type: "image" })).body;
    await minh.json("PUT", `/api/media/${photo.id}`, { description: "Ảnh cũ" });
    await minh.request(`/api/media/${photo.id}`, { method: "DELETE" });
    const me = await (await minh.get("/api/me")).json();
    const log = await (await admin.get(`/api/admin/users/${me.id}/activities`)).json();
    const media = log.activities.filter((a: { resource: string }) => a.resource === "media");
    expect(media.map((a: { action: string; details: { id: number } }) => `${a.action} ${a.details.id}`)).toEqual([
      `delete ${photo.id}`,
      `update ${photo.id}`,
      `create ${photo.id}`,
    ]);
  });
});
