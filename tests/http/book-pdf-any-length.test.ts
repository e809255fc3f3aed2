import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain-JavaScript bench module without types
import { mulberry32, paragraphs } from "../../scripts/bench/fixtures.mjs";
// @ts-expect-error: a plain-JavaScript bench module without types
import { vietnameseStory } from "../../scripts/bench/vietnamese.mjs";
import { keepsakeAnswer } from "../support/book-pdf";
import { type Client, serverWithLanAndMinh } from "../support/http";
import { keepsakeProcesses, until } from "../support/keepsake-processes";
import { pngBytes } from "../support/media-files";
import { processMemory } from "../support/process-memory";
import type { RunningServer } from "../support/server";

// Any book a family can write prints (issue 38): a Vietnamese book of 1,000 stories, 10 million characters and 200
// photos, and an English one of 1,000 stories, in every size, all asked for at once. Each is laid out in a process
// whose heap is capped at 128 MB (run-keepsake.server.ts), so a layout that held the book rather than a page would
// fail here; and the server's own memory comes back to within 100 MB of where it was. README.md gives the limit.

const run = promisify(execFile);
let server: RunningServer;
let lan: Client;
const SIZES = ["6x9", "a5", "letter"] as const;
const STORIES = 1000;
const CHARACTERS = 10_000;

type Id = { id: number };
async function created<T = Id>(url: string, data: unknown): Promise<T> {
  const response = await lan.json("POST", url, data);
  const text = await response.text();
  expect(response.status, `POST ${url}: ${text.slice(0, 300)}`).toBe(201);
  return JSON.parse(text) as T;
}

/** A book of 10 topics of 100 completed stories, the story texts from `text`; the first `photos` get a photo each. */
async function longBook(language: "vi" | "en", text: (n: number) => string, photos: number) {
  const book = await created("/api/books", { title: language === "vi" ? "Một đời dài" : "A long life", language });
  const photo = await pngBytes(1200, 900, "#7a5c3e");
  let characters = 0;
  let lastWords = "";
  for (let t = 0; t < 10; t++) {
    const topic = await created(`/api/books/${book.id}/topics`, {
      title: `${language === "vi" ? "Chương" : "Part"} ${t + 1}`,
    });
    for (let s = 0; s < STORIES / 10; s++) {
      const n = t * (STORIES / 10) + s + 1;
      const content = text(n);
      characters += content.length;
      lastWords = content.trim().split(/\s+/).slice(-6).join(" ");
      const story = await created(`/api/topics/${topic.id}/stories`, {
        title: `${language === "vi" ? "Chuyện" : "Story"} ${n}`,
        content,
        status: "published",
      });
      if (n > photos) continue;
      const form = new FormData();
      form.append("type", "image");
      form.append("file", new File([photo], `photo-${n}.png`, { type: "image/png" }));
      expect((await lan.request(`/api/stories/${story.id}/media`, { method: "POST", body: form })).status).toBe(201);
    }
  }
  return { id: book.id, characters, lastWords };
}

/** What poppler reads of a PDF: its page count, its images, and the text of its last page. */
async function readBack(bytes: Uint8Array) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heirloom-long-"));
  try {
    const file = path.join(dir, "book.pdf");
    fs.writeFileSync(file, bytes);
    const pages = Number(/^Pages:\s+(\d+)$/m.exec((await run("pdfinfo", [file])).stdout)?.[1]);
    const images = (await run("pdfimages", ["-list", file], { maxBuffer: 16 * 1024 * 1024 })).stdout
      .split("\n")
      .slice(2)
      .filter((line) => line.trim()).length;
    const text = (await run("pdftotext", ["-f", String(pages - 1), "-l", String(pages), file, "-"])).stdout;
    const errors = (await run("pdftotext", [file, "/dev/null"], { maxBuffer: 64 * 1024 * 1024 })).stderr;
    return { pages, images, text, errors };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  ({ server, lan } = await serverWithLanAndMinh());
});
afterAll(() => server?.stop());

describe("a book of any length", () => {
  it("prints, in Vietnamese (1,000 stories, 10 million characters, 200 photos) and English, in every size", {
    timeout: 1_200_000,
  }, async () => {
    const rng = mulberry32(38);
    const vi = await longBook("vi", () => vietnameseStory(rng, CHARACTERS), 200);
    expect(vi.characters).toBeGreaterThanOrEqual(10_000_000);
    const en = await longBook("en", () => paragraphs(rng, 18), 0);
    expect(en.characters).toBeGreaterThanOrEqual(STORIES * 5000);

    const before = processMemory(server.pid).rss;
    const books = [vi, en].flatMap((book) => SIZES.map((size) => ({ book, size })));
    const printed = await Promise.all(
      books.map(async ({ book, size }) => {
        const response = await keepsakeAnswer(lan, `/api/books/${book.id}/book.pdf?size=${size}`);
        expect(response.status, `${book.id} ${size}`).toBe(200);
        return { book, size, read: await readBack(new Uint8Array(await response.arrayBuffer())) };
      }),
    );
    for (const { book, size, read } of printed) {
      expect(read.errors, `${size}`).toBe("");
      // Thousands of pages, every photo, and the book's last words at its end.
      expect(read.pages, `${size}`).toBeGreaterThan(book === vi ? 4000 : 2000);
      expect(read.images, `${size}`).toBe(book === vi ? 200 + 1 : 1);
      expect(read.text.replace(/\s+/g, " "), `${size}`).toContain(book.lastWords);
    }
    // The layouts' processes are gone, and with them their memory; the server's own is back near where it was.
    await until(() => keepsakeProcesses(server.pid).length === 0);
    const after = processMemory(server.pid).rss;
    const grown = (after - before) / 2 ** 20;
    expect(grown, `the server grew by ${Math.round(grown)} MB`).toBeLessThan(100);
  });
});
