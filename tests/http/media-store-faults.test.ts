import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "~/i18n/en";
import vi from "~/i18n/vi";
import { type Client, createClient, loginAs } from "../support/http";
import { pngBytes, webmBytes } from "../support/media-files";
import { type LocalS3, startLocalS3 } from "../support/s3";
import { ADMIN_PASSWORD, type RunningServer, startServer } from "../support/server";

// Media in an S3-compatible store that stops answering (issue 21, ADR 0033): uploads get a translated 503 and keep
// nothing, pages still render, and all is well again once the store is back.
let s3: LocalS3;
let server: RunningServer;
let owner: Client;
let story: { id: number };
let book: { id: number };

type Answer = { status: number; body: { message?: string; title?: string; id?: number } };

async function upload(kind: "image" | "audio", bytes: Uint8Array<ArrayBuffer>, language?: "vi"): Promise<Answer> {
  const form = new FormData();
  form.append("type", kind);
  form.append("file", new File([bytes], kind === "image" ? "photo.png" : "voice.webm"));
  const response = await owner.request(`/api/stories/${story.id}/media`, {
    method: "POST",
    body: form,
    headers: language ? { "Accept-Language": language } : {},
  });
  return { status: response.status, body: await response.json() };
}

const storyMedia = async () =>
  ((await (await owner.get(`/api/stories/${story.id}`)).json()) as { media: { id: number }[] }).media;
const mediaRows = async () => (await storyMedia()).length;
const uploadsInFlight = () => {
  const dir = path.join(server.dataDir, "media", "tmp");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

beforeAll(async () => {
  s3 = await startLocalS3();
  server = await startServer(s3.env);
  owner = createClient(server.url);
  await loginAs(owner, "admin", ADMIN_PASSWORD);
  book = await (await owner.json("POST", "/api/books", { title: "Sổ ảnh", language: "vi" })).json();
  const topic = await (await owner.json("POST", `/api/books/${book.id}/topics`, { title: "Nhà cũ" })).json();
  story = await (
    await owner.json("POST", `/api/topics/${topic.id}/stories`, { title: "Cái sân", content: "Sân gạch đỏ." })
  ).json();
});

afterAll(async () => {
  await server?.stop();
  await s3?.remove();
});

describe("media in an S3-compatible store", () => {
  it("keeps photos and recordings in the bucket, none on the app server's disk", async () => {
    expect((await upload("image", await pngBytes())).status).toBe(201);
    expect((await upload("audio", webmBytes())).status).toBe(201);
    const keys = await s3.keys();
    expect(keys.filter((key) => key.startsWith("files/"))).toHaveLength(3); // a photo, its thumbnail, a recording
    const disk = path.join(server.dataDir, "media", "files");
    expect(fs.existsSync(disk) ? fs.readdirSync(disk) : []).toEqual([]);
  });

  it("answers uploads with a translated 503 while out of reach, keeping nothing; pages render", async () => {
    const rows = await mediaRows();
    const keys = await s3.keys();
    const photo = await storyMedia();
    await s3.stop();
    try {
      const english = await upload("image", await pngBytes());
      expect(english).toEqual({
        status: 503,
        body: expect.objectContaining({ message: en.media.storeUnavailable, title: en.media.storeUnavailableTitle }),
      });
      const vietnamese = await upload("audio", webmBytes(), "vi");
      expect(vietnamese.status).toBe(503);
      expect(vietnamese.body.message).toBe(vi.media.storeUnavailable);
      expect(await mediaRows()).toBe(rows);
      expect(uploadsInFlight()).toEqual([]);
      // The pages are the database's: they render, with the media's places, while the bytes cannot be had.
      const workspace = await owner.get(`/books/${book.id}`);
      expect(workspace.status).toBe(200);
      expect(await workspace.text()).toContain("Cái sân");
      expect((await owner.get("/books")).status).toBe(200);
      expect((await owner.get("/healthz")).status).toBe(200);
      const bytes = await owner.get(`/api/media/render/id:${photo[0]!.id}`);
      expect(bytes.status).toBe(503);
    } finally {
      await s3.start();
    }
    expect(await s3.keys()).toEqual(keys);
    expect((await upload("image", await pngBytes())).status).toBe(201);
    expect(await mediaRows()).toBe(rows + 1);
  });

  it("deletes a story while the store is out of reach, and removes its files once the store is back", async () => {
    const topic = await (await owner.json("POST", `/api/books/${book.id}/topics`, { title: "Bỏ đi" })).json();
    const gone = await (
      await owner.json("POST", `/api/topics/${topic.id}/stories`, { title: "Sẽ xoá", content: "Tạm thời." })
    ).json();
    const form = new FormData();
    form.append("type", "image");
    form.append("file", new File([await pngBytes()], "photo.png"));
    expect((await owner.request(`/api/stories/${gone.id}/media`, { method: "POST", body: form })).status).toBe(201);
    const withIt = await s3.keys();
    await s3.stop();
    try {
      // The story is the database's: it is deleted, and its files wait for the store.
      expect((await owner.request(`/api/stories/${gone.id}`, { method: "DELETE" })).status).toBe(200);
      expect((await owner.get(`/api/stories/${gone.id}`)).status).toBe(404);
    } finally {
      await s3.start();
    }
    expect(await s3.keys()).toEqual(withIt);
    // The next start (and every quarter of an hour) removes them.
    await server.kill();
    server = await startServer(s3.env, { dataDir: server.dataDir });
    await expect.poll(async () => (await s3.keys()).length).toBe(withIt.length - 2);
    // The server says so once it has also cleared its list of waiting deletions, a moment after the store removed them.
    await expect.poll(() => server.output()).toContain("Removed 2 file(s) whose deletion waited for the media store.");
  });
});
