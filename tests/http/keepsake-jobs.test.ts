import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keepsakeAnswer, pdfOf } from "../support/book-pdf";
import { type Client, createClient, serverWithLanAndMinh } from "../support/http";
import { keepsakeProcesses, until } from "../support/keepsake-processes";
import { largeBook } from "../support/large-book";
import type { RunningServer } from "../support/server";

// A printed book is a job with progress (issue 38, ADR 0043): 202 while it is prepared, the same URL's PDF once it is
// done; a fair queue in which a small book never waits behind large ones (its order: keepsake-jobs.server.test.ts);
// a failed layout is not tried again for the same book; and a page that refreshes itself for a download without
// JavaScript.

let server: RunningServer;
let lan: Client;
let minh: Client;

type Progress = { status: string; page: number; pages: number };

/**
 * A book large enough that its layout takes seconds: 400 stories of 10,000 characters, some 2,400 pages. What the
 * tests compare with it (a one-story book, a request's turn) takes a small part of that, whatever the machine's load.
 */
const LARGE = { stories: 400, chars: 10_000 };

async function oneStoryBook(client: Client, title: string) {
  const book = (await (await client.json("POST", "/api/books", { title, language: "vi" })).json()) as { id: number };
  const topic = (await (await client.json("POST", `/api/books/${book.id}/topics`, { title: "Tuổi thơ" })).json()) as {
    id: number;
  };
  const story = await client.json("POST", `/api/topics/${topic.id}/stories`, {
    title: "Bến đò",
    content: "Ngày xưa làng bên sông có bến đò.",
    status: "published",
  });
  expect(story.status).toBe(201);
  return { bookId: book.id, storyId: ((await story.json()) as { id: number }).id };
}

beforeAll(async () => {
  ({ server, lan, minh } = await serverWithLanAndMinh());
});
afterAll(() => server?.stop());

describe("a long book", () => {
  it("is prepared as a job: 202 with progress, and a small book never waits behind it", {
    timeout: 300_000,
  }, async () => {
    const large = [];
    for (let i = 0; i < 3; i++) large.push(await largeBook(lan, { ...LARGE, title: `Một đời dài ${i + 1}` }));
    const small = await oneStoryBook(lan, "Một chuyện");

    // Three large books at once: each is being prepared, with a page count estimated from its length.
    const asked = await Promise.all(large.map(({ bookId }) => lan.get(`/api/books/${bookId}/book.pdf`)));
    for (const response of asked) {
      expect(response.status).toBe(202);
      expect(response.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      const progress = (await response.json()) as Progress;
      expect(progress).toEqual({ status: "preparing", page: expect.any(Number), pages: expect.any(Number) });
      expect(progress.pages).toBeGreaterThan(500);
    }
    // The third waits for a slot (two layouts at most); the one-story book asked now does not wait for it.
    const smallPdf = await pdfOf(lan, small.bookId);
    expect(smallPdf.pdf.pageCount).toBeGreaterThan(3);
    const last = large.at(-1)!;
    expect((await lan.get(`/api/books/${last.bookId}/book.pdf`)).status).toBe(202);

    // Asked again until it is done, its pages only grow, to the count of the book's pages.
    const seen: Progress[] = [];
    for (;;) {
      const response = await lan.get(`/api/books/${last.bookId}/book.pdf`);
      if (response.status === 200) {
        const bytes = new Uint8Array(await response.arrayBuffer());
        expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
        break;
      }
      expect(response.status).toBe(202);
      seen.push((await response.json()) as Progress);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.page).toBeGreaterThanOrEqual(seen[i - 1]!.page);
    const final = await pdfOf(lan, last.bookId);
    const counted = seen.filter((progress) => progress.page > 0);
    if (counted.length) expect(counted.at(-1)!.pages).toBe(final.pdf.pageCount);
    // The others are done too, and each is now a plain 200 from the cache.
    for (const { bookId } of large)
      expect((await keepsakeAnswer(lan, `/api/books/${bookId}/book.pdf`)).status).toBe(200);
  });

  it("whose layout fails is not laid out again until it changes", { timeout: 300_000 }, async () => {
    const book = await largeBook(lan, { ...LARGE, title: "Một đời đứt đoạn" });
    const url = `/api/books/${book.bookId}/book.pdf`;
    expect((await lan.get(url)).status).toBe(202);
    // The layout's process dies (as an out-of-memory one would): that book fails, with a translated 503.
    const [pid] = await until(() => {
      const pids = keepsakeProcesses(server.pid);
      return pids.length === 1 ? pids : null;
    });
    process.kill(pid!, "SIGKILL");
    const failed = await keepsakeAnswer(lan, url);
    expect(failed.status).toBe(503);
    expect(await failed.json()).toEqual({
      message: "The book could not be made into a PDF. Please try again in a moment.",
    });
    // Asked again, it fails at once, without starting another layout.
    expect((await lan.get(url)).status).toBe(503);
    expect(keepsakeProcesses(server.pid)).toEqual([]);
    // Once the book changes, it is laid out again.
    const edited = await lan.json("PUT", `/api/stories/${book.storyIds[0]}`, {
      title: "Chuyện đầu, sửa lại",
      content: "Bà kể lại từ đầu.",
      status: "published",
    });
    expect(edited.status).toBe(200);
    expect((await lan.get(url)).status).toBe(202);
    expect((await keepsakeAnswer(lan, url)).status).toBe(200);
  });
});

describe("the keepsake page, for a download without JavaScript", () => {
  it("says the book is being prepared and refreshes itself, then offers it", { timeout: 300_000 }, async () => {
    const book = await largeBook(lan, { ...LARGE, title: "Sách chờ" });
    const first = await lan.get(`/books/${book.bookId}/keepsake?size=a5`, { redirect: "manual" });
    expect(first.status).toBe(200);
    const html = await first.text();
    const poll = `/books/${book.bookId}/keepsake?size=a5&amp;poll=1`;
    expect(html).toContain(`<meta http-equiv="refresh" content="3;url=${poll}"/>`);
    expect(html).toContain("<h1>Preparing your book…</h1>");
    expect(html).toMatch(/<p role="status">Preparing your book… (about [\d,]+ pages|page [\d,]+ of ~[\d,]+)<\/p>/);
    // The page sends no script: it is whole as HTML.
    expect(html).not.toMatch(/<script\b[^>]*\bsrc=/);
    // Asked again, as its refresh does, until the book is ready: then it offers the file.
    const ready = await until(async () => {
      const text = await (await lan.get(poll.replace("&amp;", "&"), { redirect: "manual" })).text();
      return text.includes("<h1>Your book is ready</h1>") ? text : null;
    });
    const href = `/api/books/${book.bookId}/book.pdf?size=a5`;
    expect(ready).toContain(`href="${href}"`);
    expect(ready).not.toContain('http-equiv="refresh"');
    // Asked as the dialog's form asks, the ready book is its file at once.
    const again = await lan.get(`/books/${book.bookId}/keepsake?size=a5`, { redirect: "manual" });
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe(href);
    const pdf = await lan.get(href);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
  });

  it("is the owner's and the admin's only, and refuses an unknown size", async () => {
    const { bookId } = await oneStoryBook(lan, "Của Lan");
    expect((await minh.get(`/books/${bookId}/keepsake`)).status).toBe(404);
    expect((await lan.get(`/books/${bookId}/keepsake?size=b5`)).status).toBe(400);
    const signedOut = await createClient(server.url).get(`/books/${bookId}/keepsake`, { redirect: "manual" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toMatch(/^\/login\b/);
  });
});
