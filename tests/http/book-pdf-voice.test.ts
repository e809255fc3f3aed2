import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_GEOMETRY } from "~/routes/printed-book/layout/page-geometry";
import { flat, isBlank, pdfOf } from "../support/book-pdf";
import { serverWithLanAndMinh, type Client } from "../support/http";
import { wavBytes } from "../support/media-files";
import { qrCodes, type PdfPage } from "../support/pdf";
import type { RunningServer } from "../support/server";

// A story told only aloud in the printed book (issue 35): its title is never left at the foot of a page while its
// voice code goes on to the next, and it says there is a recording and how long it is, as the other views do.

let server: RunningServer;
let lan: Client;

beforeAll(async () => {
  ({ server, lan } = await serverWithLanAndMinh());
});
afterAll(() => server?.stop());

type Id = { id: number };

async function created<T = Id>(url: string, data: unknown): Promise<T> {
  const response = await lan.json("POST", url, data);
  const text = await response.text();
  expect(response.status, `POST ${url}: ${text.slice(0, 300)}`).toBe(201);
  return JSON.parse(text) as T;
}

/**
 * Chapters whose first story fills the page down to a little more or less than a title and a voice code need: a story
 * of `lines` one-line paragraphs, then a story that is only a recording of 3 seconds. With 12 to 16 lines on a 6 × 9 in
 * page, the recorded story's title still fits under the first story in one of them, but its code does not: where the
 * layout left the title there and put the code on the next page.
 */
const LINES = [12, 13, 14, 15, 16];

async function recordedBook() {
  const book = await created("/api/books", { title: "Voices by the page", language: "en" });
  const told: { lines: number; storyId: number }[] = [];
  for (const lines of LINES) {
    const topic = await created(`/api/books/${book.id}/topics`, { title: `Chapter ${lines}` });
    const content = Array.from({ length: lines }, (_, i) => `Line ${i + 1} of the filler.`).join("\n\n");
    await created(`/api/topics/${topic.id}/stories`, { title: `Filler ${lines}`, content, status: "published" });
    const voice = await created(`/api/topics/${topic.id}/stories`, { title: `Voice ${lines}`, content: "…" });
    const form = new FormData();
    form.append("type", "audio");
    form.append("file", new File([wavBytes(3000)], "voice.wav", { type: "audio/wav" }));
    const upload = await lan.request(`/api/stories/${voice.id}/media`, { method: "POST", body: form });
    expect(upload.status, await upload.clone().text()).toBe(201);
    // Told only aloud: the text the story was made with goes, the recording stays.
    const only = await lan.json("PUT", `/api/stories/${voice.id}`, {
      title: `Voice ${lines}`,
      content: "",
      status: "published",
      hasAudio: true,
    });
    expect(only.status, await only.clone().text()).toBe(200);
    told.push({ lines, storyId: voice.id });
  }
  return { book, told };
}

const lineAt = (pages: PdfPage[], text: string) => {
  for (const page of pages) {
    const index = page.lines.findIndex((line) => line.text.trim() === text);
    if (index >= 0) return { page, index, line: page.lines[index]! };
  }
  throw new Error(`"${text}" is not printed`);
};

describe("a story told only aloud, in the printed book", () => {
  it("says there is a recording and how long, and keeps its title on the page of its voice code", {
    timeout: 120_000,
  }, async () => {
    const { book, told } = await recordedBook();

    // Without a lasting link there are no codes, but each recorded story still says it has a recording, and its length.
    const plain = await pdfOf(lan, book.id);
    const plainPages = await plain.pdf.pages();
    expect(flat(plainPages.map((page) => page.text).join("\n"))).not.toContain("Scan to hear");
    for (const { lines } of told) {
      const title = lineAt(plainPages, `Voice ${lines}`);
      expect(title.page.lines[title.index + 1]?.text.trim(), `Voice ${lines}`).toBe("Recording: 0:03");
    }
    await plain.pdf.close();

    const { token } = await created<{ token: string }>(`/api/books/${book.id}/shares`, {});
    const { bytes, pdf } = await pdfOf(lan, book.id);
    const pages = await pdf.pages();
    const bottom = PAGE_GEOMETRY["6x9"].margin.bottom;
    let movedWhole = 0;
    for (const { lines, storyId } of told) {
      const title = lineAt(pages, `Voice ${lines}`);
      // The code, its line and the recording's length follow the title on its page.
      const after = flat(
        title.page.lines
          .slice(title.index + 1)
          .map((line) => line.text)
          .join("\n"),
      );
      expect(after, `Voice ${lines} on page ${title.page.number}`).toContain("Scan to hear this story told");
      expect(after).toContain("Recording: 0:03");
      expect(await qrCodes(bytes, title.page.number)).toContain(`${server.url}/s/${token}#story-${storyId}`);
      // Where the title was moved on with its code, there was room for the title alone under the story before it.
      const filler = lineAt(pages, `Line ${lines} of the filler.`);
      if (filler.page.number !== title.page.number) {
        expect(title.page.number).toBe(filler.page.number + 1);
        expect(isBlank(filler.page)).toBe(false);
        if (filler.line.y - bottom > 3 * title.line.size) movedWhole++;
      }
    }
    // The book does what it was made for: at least one title would have fitted alone at the foot of a page.
    expect(movedWhole).toBeGreaterThan(0);
    await pdf.close();
  });
});
