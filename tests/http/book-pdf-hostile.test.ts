import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "~/i18n/en";
import vi from "~/i18n/vi";
import { CONTENTS_HEADING, downloadPdf, expectContents, flat, keyOf, messageAt, pdfOf } from "../support/book-pdf";
import { createClient, loginAs, serverWithLanAndMinh, type Client } from "../support/http";
import { pngBytes, webmBytes } from "../support/media-files";
import { popplerErrors, qrCodes } from "../support/pdf";
import { rawFetch } from "../support/raw-http";
import { ADMIN_PASSWORD, type RunningServer, startServer } from "../support/server";

// Books a family can make that a printer could choke on (issue 19): nothing to print, one story as long as a story may
// be, a photo whose file is gone, a thousand chapters. Each gives a valid PDF or a translated 4xx. A file of its own,
// so that it runs beside book-pdf.test.ts.

let server: RunningServer;
let lan: Client;

type Id = { id: number };

async function created<T = Id>(client: Client, url: string, data: unknown): Promise<T> {
  const response = await client.json("POST", url, data);
  const text = await response.text();
  expect(response.status, `POST ${url}: ${text.slice(0, 300)}`).toBe(201);
  return JSON.parse(text) as T;
}

const NOTHING_TO_PRINT = "There are no completed stories to print yet. Complete a story first.";

beforeAll(async () => {
  ({ server, lan } = await serverWithLanAndMinh());
});
afterAll(() => server?.stop());

describe("a book with nothing to print", () => {
  it("is refused with a translated 400, in the user's language", async () => {
    const empty = await created(lan, "/api/books", { title: "Empty", language: "en" });
    const drafts = await created(lan, "/api/books", { title: "Only drafts", language: "vi" });
    const draftTopic = await created(lan, `/api/books/${drafts.id}/topics`, { title: "Nháp" });
    await created(lan, `/api/topics/${draftTopic.id}/stories`, { title: "Chưa xong", content: "…", status: "draft" });
    const archived = await created(lan, "/api/books", { title: "Only archived", language: "en" });
    const archivedTopic = await created(lan, `/api/books/${archived.id}/topics`, { title: "Put away" });
    await created(lan, `/api/topics/${archivedTopic.id}/stories`, {
      title: "Done but put away",
      content: "Complete, in an archived topic.",
      status: "published",
    });
    expect((await lan.json("PUT", `/api/topics/${archivedTopic.id}`, { archived: true })).status).toBe(200);

    // Lan's second session has chosen Vietnamese, as the language menu does.
    const lanInVietnamese = createClient(server.url);
    await loginAs(lanInVietnamese, "lan", "secret1");
    expect((await lanInVietnamese.form("/preferences/language", { lng: "vi", redirectTo: "/" })).status).toBe(302);
    const key = keyOf(en, NOTHING_TO_PRINT);
    expect(key, "the message is in en.ts").not.toBeNull();
    const inVietnamese = messageAt(vi, key!);
    expect(inVietnamese).not.toBe(NOTHING_TO_PRINT);

    for (const book of [empty, drafts, archived]) {
      for (const [client, message] of [
        [lan, NOTHING_TO_PRINT],
        [lanInVietnamese, inVietnamese],
      ] as const) {
        const refused = await downloadPdf(client, book.id);
        expect(refused.response.status, `book ${book.id}`).toBe(400);
        expect(refused.response.headers.get("content-type")).toMatch(/^application\/json/);
        expect(refused.json()).toEqual({ message });
      }
    }
  });
});

describe("hostile books still print", () => {
  it("one story of 200,000 characters: many pages, nothing lost from its start to its end", {
    timeout: 90_000,
  }, async () => {
    const book = await created(lan, "/api/books", { title: "Một đời dài", language: "vi" });
    const topic = await created(lan, `/api/books/${book.id}/topics`, { title: "Cả một đời" });
    // Numbered paragraphs: every number must come back, in order, whatever the page breaks.
    const start = "Ngày đầu tiên: bà sinh năm 1948 ở Huế.";
    const end = "Và đó là chuyện cuối cùng bà kể.";
    const paragraph = (n: number) =>
      `Đoạn${String(n).padStart(4, "0")} bà kể rằng ngày xưa làng bên sông có bến đò, mỗi sáng chợ họp sớm ` +
      "và tiếng gọi đò vang khắp xóm, người đi chợ về còn dừng lại bên gốc đa đầu làng mà chuyện trò.";
    const paragraphs: string[] = [];
    const budget = 200_000 - start.length - end.length - 100;
    while (paragraphs.reduce((sum, p) => sum + p.length + 2, 0) + paragraph(paragraphs.length + 1).length < budget)
      paragraphs.push(paragraph(paragraphs.length + 1));
    // A last paragraph of short words makes the story exactly as long as a story may be.
    const body = [start, ...paragraphs, end].join("\n\n");
    const rest = 200_000 - body.length - 2;
    const exact = [start, ...paragraphs, `${"à ".repeat(rest).slice(0, rest - 1)}.`, end].join("\n\n");
    expect(exact).toHaveLength(200_000);
    await created(lan, `/api/topics/${topic.id}/stories`, { title: "Một đời", content: exact, status: "published" });

    const { bytes, pdf } = await pdfOf(lan, book.id);
    expect(await popplerErrors(bytes)).toEqual([]);
    // About 2,000 characters fit a 6×9 page in 10–11 pt type.
    expect(pdf.pageCount).toBeGreaterThan(50);
    const [chapter] = await pdf.outline();
    expect(chapter).toMatchObject({ title: "Cả một đời" });
    const pages = await pdf.pages(chapter!.page!, pdf.pageCount);
    const text = flat(pages.map((page) => page.text).join("\n"));
    expect(text).toContain(start);
    expect(text).toContain(end);
    const numbers = [...text.matchAll(/Đoạn(\d{4})/g)].map((match) => Number(match[1]));
    expect(numbers).toEqual(paragraphs.map((_, i) => i + 1));
    await pdf.close();
  });

  it("a photo whose file is gone is left out, and the rest is printed", async () => {
    const book = await created(lan, "/api/books", { title: "Lost Photos", language: "en" });
    const topic = await created(lan, `/api/books/${book.id}/topics`, { title: "Holidays" });
    const trip = await created(lan, `/api/topics/${topic.id}/stories`, {
      title: "The trip to Da Lat",
      content: "We took the night bus to Da Lat.",
      status: "published",
    });
    const upload = async (type: "image" | "audio", bytes: Uint8Array<ArrayBuffer>) => {
      const form = new FormData();
      form.append("type", type);
      form.append("file", new File([bytes], type === "image" ? "photo.png" : "voice.webm"));
      const response = await lan.request(`/api/stories/${trip.id}/media`, { method: "POST", body: form });
      expect(response.status).toBe(201);
      return (await response.json()) as Id;
    };
    await upload("image", await pngBytes(700, 500, "#336699"));
    const lost = await upload("image", await pngBytes(500, 700, "#996633"));
    await upload("audio", webmBytes(3000));
    const [row] = await server.database.query<{ storage_key: string }>("select storage_key from media where id = ?", [
      lost.id,
    ]);
    const key = row!.storage_key;
    // Gone from the disk: the stored photo, and the print copy made when it was kept (ADR 29).
    const file = path.join(server.dataDir, "media", "files", key);
    const copy = path.join(server.dataDir, "cache", "print-copies", key.replace(/\.webp$/, ".jpg"));
    for (const lost of [file, copy]) {
      expect(fs.existsSync(lost), lost).toBe(true);
      fs.rmSync(lost);
    }

    const { bytes, pdf } = await pdfOf(lan, book.id);
    expect(await popplerErrors(bytes)).toEqual([]);
    const [chapter] = await pdf.outline();
    const images = [];
    for (let n = chapter!.page!; n <= pdf.pageCount; n++) images.push(...(await pdf.images(n)));
    expect(images).toEqual([{ width: 700, height: 500 }]);
    const text = flat((await pdf.pages(chapter!.page!, pdf.pageCount)).map((page) => page.text).join("\n"));
    expect(text).toContain("We took the night bus to Da Lat.");
    await pdf.close();
  });

  it("a thousand topics, each with one completed story: a thousand chapters, contents and bookmarks", {
    timeout: 180_000,
  }, async () => {
    const book = await created(lan, "/api/books", { title: "A Thousand Evenings", language: "en" });
    const titles = Array.from({ length: 1000 }, (_, i) => `Evening ${String(i + 1).padStart(4, "0")}`);
    // Written straight into the server's database, as an import of such a book would: a thousand HTTP calls would
    // take the test's time without testing anything more. One statement for the topics and one for their stories:
    // a connection per row would be as slow.
    const now = new Date();
    const topics = await server.database.query<{ id: number; position: number }>(
      "insert into topics (book_id, title, description, position, created_at, updated_at) values " +
        titles.map(() => "(?, ?, '', ?, ?, ?)").join(", ") +
        " returning id, position",
      titles.flatMap((title, i) => [book.id, title, i, now, now]),
    );
    const topicIds = new Map(topics.map((topic) => [topic.position, topic.id]));
    await server.database.query(
      "insert into stories (topic_id, book_id, title, content, status, position, created_at, updated_at) values " +
        titles.map(() => "(?, ?, ?, ?, 'published', 0, ?, ?)").join(", "),
      titles.flatMap((title, i) => [
        topicIds.get(i),
        book.id,
        `Story of ${title}`,
        `On ${title.toLowerCase()} we sat by the fire.`,
        now,
        now,
      ]),
    );
    await server.database.query("update books set updated_at = ? where id = ?", [now, book.id]);

    const { bytes, pdf } = await pdfOf(lan, book.id);
    expect(await popplerErrors(bytes)).toEqual([]);
    const outline = await pdf.outline();
    expect(outline.map((item) => item.title)).toEqual(titles);
    const chapterPages = outline.map((item) => item.page!);
    for (const [i, page] of chapterPages.entries()) {
      expect(page % 2, titles[i]).toBe(1);
      if (i) expect(page).toBeGreaterThan(chapterPages[i - 1]!);
    }
    expect(pdf.pageCount).toBeGreaterThanOrEqual(chapterPages.at(-1)!);

    // The contents run over many pages from page 5, each entry with its chapter's page.
    const contents = await pdf.pages(5, chapterPages[0]! - 1);
    expect(contents[0]!.lines.map((line) => line.text.trim())).toContain(CONTENTS_HEADING.en);
    expectContents(
      contents.flatMap((page) => page.lines.map((line) => line.text)),
      titles,
      chapterPages,
    );
    // A few chapters read back: the first, one in the middle, the last.
    for (const i of [0, 499, 999]) {
      const page = await pdf.page(chapterPages[i]!);
      const text = flat(page.text);
      expect(text).toContain(titles[i]);
      expect(text).toContain(`On ${titles[i]!.toLowerCase()} we sat by the fire.`);
    }
    await pdf.close();
  });
});

describe("voice codes behind PUBLIC_URL", () => {
  it("open the site's public address, not the one the server was reached at", async () => {
    const site = await startServer({ PUBLIC_URL: "https://family.example", COOKIE_SECURE: undefined });
    try {
      const family = createClient(site.url, { Host: "family.example" }, rawFetch);
      await loginAs(family, "admin", ADMIN_PASSWORD);
      const book = await created(family, "/api/books", { title: "Public Voices", language: "en" });
      const topic = await created(family, `/api/books/${book.id}/topics`, { title: "Songs" });
      const song = await created(family, `/api/topics/${topic.id}/stories`, {
        title: "Lullaby",
        content: "She sang it every night.",
        status: "published",
      });
      // The recording's file and row as the upload keeps them: this client sends no multipart bodies.
      const key = `${"ab".repeat(16)}.webm`;
      fs.mkdirSync(path.join(site.dataDir, "media", "files"), { recursive: true });
      fs.writeFileSync(path.join(site.dataDir, "media", "files", key), webmBytes(3000));
      await site.database.query(
        "insert into media (story_id, type, storage_key, mime_type, filename, size, thumb_size, created_at) " +
          "values (?, 'audio', ?, 'audio/webm', 'voice.webm', 3000, 0, ?)",
        [song.id, key, new Date()],
      );
      await site.database.query("update stories set has_audio = true where id = ?", [song.id]);
      const { token } = await created<{ token: string }>(family, `/api/books/${book.id}/shares`, {});

      const { bytes, pdf } = await pdfOf(family, book.id);
      const codes: string[] = [];
      for (let n = (await pdf.outline())[0]!.page!; n <= pdf.pageCount; n++) codes.push(...(await qrCodes(bytes, n)));
      expect(codes).toEqual([`https://family.example/s/${token}#story-${song.id}`]);
      await pdf.close();
    } finally {
      await site.stop();
    }
  });
});
