import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keepsakeAnswer } from "../support/book-pdf";
import { epubcheck, readWithCalibre } from "../support/epub";
import { type Client, createClient, serverWithLanAndMinh } from "../support/http";
import { pngBytes, wavBytes } from "../support/media-files";
import type { RunningServer } from "../support/server";
import { unzip } from "../support/zip";

// The e-book (issue 38 §3, ADR 0045), from the server: GET /api/books/{id}/book.epub of a book with photos and
// recordings in each language passes Debian's epubcheck with no error and no warning, plays her recordings in a core
// audio type, leaves drafts out (the release gate), is cached by its content, and is its owner's and the admin's.

let server: RunningServer;
let lan: Client;
let minh: Client;
let admin: Client;

type Id = { id: number };
async function created<T = Id>(url: string, data: unknown): Promise<T> {
  const response = await lan.json("POST", url, data);
  const text = await response.text();
  expect(response.status, `POST ${url}: ${text.slice(0, 300)}`).toBe(201);
  return JSON.parse(text) as T;
}

async function attach(storyId: number, type: "image" | "audio", file: File) {
  const form = new FormData();
  form.append("type", type);
  form.append("description", type === "image" ? "Bến đò năm 1962 <b>&</b>" : "");
  form.append("file", file);
  expect((await lan.request(`/api/stories/${storyId}/media`, { method: "POST", body: form })).status).toBe(201);
}

/** A book in `language`: two completed stories, one with a photo and a recording, and a draft. */
async function bookIn(language: "en" | "vi") {
  const words =
    language === "vi"
      ? { title: "Chuyện đời bà", topic: "Tuổi thơ", story: "Bến đò", draft: "Chưa xong", text: "Bà kể về bến đò." }
      : { title: "Grandma's life", topic: "Childhood", story: "The ferry", draft: "Not yet", text: "She told of it." };
  const book = await created("/api/books", { title: words.title, language });
  const topic = await created(`/api/books/${book.id}/topics`, { title: words.topic });
  const told = await created(`/api/topics/${topic.id}/stories`, {
    title: words.story,
    content: `${words.text}\n\n${words.text}`,
    status: "published",
  });
  await created(`/api/topics/${topic.id}/stories`, {
    title: `${words.story} 2`,
    content: words.text,
    status: "published",
  });
  await created(`/api/topics/${topic.id}/stories`, { title: words.draft, content: words.text, status: "draft" });
  await attach(told.id, "image", new File([await pngBytes(800, 600)], "photo.png", { type: "image/png" }));
  await attach(told.id, "audio", new File([wavBytes(1500)], "voice.wav", { type: "audio/wav" }));
  return { id: book.id, draft: words.draft, story: words.story, text: words.text };
}

beforeAll(async () => {
  ({ server, lan, minh } = await serverWithLanAndMinh());
  admin = createClient(server.url);
  const { ADMIN_PASSWORD } = await import("../support/server");
  const { loginAs } = await import("../support/http");
  await loginAs(admin, "admin", ADMIN_PASSWORD);
});
afterAll(() => server?.stop());

describe("the e-book", () => {
  for (const language of ["vi", "en"] as const) {
    it(`in ${language === "vi" ? "Vietnamese" : "English"} passes epubcheck, with her recording in a core type`, {
      timeout: 180_000,
    }, async () => {
      const book = await bookIn(language);
      const response = await keepsakeAnswer(lan, `/api/books/${book.id}/book.epub`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(response.status, new TextDecoder().decode(bytes.slice(0, 300))).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/epub+zip");
      expect(response.headers.get("content-disposition")).toMatch(/^attachment;.*\.epub/);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heirloom-epub-"));
      try {
        const file = path.join(dir, "book.epub");
        fs.writeFileSync(file, bytes);
        const problems = (await epubcheck(file)).filter((message) => message.severity !== "INFO");
        expect(problems.map((message) => `${message.severity} ${message.ID}: ${message.message}`)).toEqual([]);
        // A real reading system opens it and reads every story, in order, in the book's letters.
        const read = (await readWithCalibre(file)).replace(/\s+/g, " ");
        expect(read).toContain(book.story);
        expect(read.indexOf(book.story)).toBeLessThan(read.indexOf(`${book.story} 2`));
        expect(read).toContain(book.text);
        expect(read).not.toContain(book.draft);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
      const files = await unzip(bytes);
      const opf = files.get("EPUB/package.opf")?.toString("utf8") ?? "";
      expect(opf).toContain(`<dc:language>${language}</dc:language>`);
      expect(opf).toMatch(/media-type="audio\/mp4"/);
      expect(opf).toMatch(/media-type="image\/jpeg"/);
      expect(opf).toMatch(/media-type="font\/ttf"/);
      const text = [...files].filter(([name]) => name.endsWith(".xhtml")).map(([, body]) => body.toString("utf8"));
      expect(text.join("")).toContain("<audio controls");
      // A draft, or an answer waiting for the family, is not in the book.
      expect(text.join("")).not.toContain(book.draft);
      // The same book again is the same file, from the cache.
      const again = await lan.get(`/api/books/${book.id}/book.epub`, {
        headers: { "If-None-Match": response.headers.get("etag")! },
      });
      expect(again.status).toBe(304);
    });
  }

  it("is its owner's and the admin's alone", async () => {
    const book = await bookIn("en");
    expect((await minh.get(`/api/books/${book.id}/book.epub`)).status).toBe(404);
    expect((await createClient(server.url).get(`/api/books/${book.id}/book.epub`)).status).toBe(401);
    expect((await keepsakeAnswer(admin, `/api/books/${book.id}/book.epub`)).status).toBe(200);
  });
});
