import { expect } from "vitest";
import type { Client } from "./http";
import { openPdf, type PdfFile, type PdfOutlineItem, type PdfPage } from "./pdf";

// The keepsake book's layout as issue 19 fixes it, checked on a downloaded PDF: the cover on page 1, the title page on
// page 3, the contents from page 5, one chapter per topic that has a completed story, each on an odd page and
// bookmarked, running heads and a printed page number equal to the physical one.

export const PAGE_SIZES = {
  "6x9": { width: 432, height: 648 },
  a5: { width: 419.53, height: 595.28 },
  letter: { width: 612, height: 792 },
} as const;
export type PageSize = keyof typeof PAGE_SIZES;

export const CONTENTS_HEADING = { en: "Contents", vi: "Mục lục" } as const;

/**
 * GET the book's PDF, asked again while it is being prepared (202, issue 38); the bytes whatever the final status, so
 * that a refusal's JSON can be read from them too.
 */
export async function downloadPdf(client: Client, bookId: number, query = "", headers: Record<string, string> = {}) {
  const response = await keepsakeAnswer(client, `/api/books/${bookId}/book.pdf${query}`, headers);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes, json: () => JSON.parse(new TextDecoder().decode(bytes)) as { message: string } };
}

/** The answer to a keepsake's GET once it is no longer being prepared: asked again after each 202. */
export async function keepsakeAnswer(client: Client, url: string, headers: Record<string, string> = {}) {
  for (;;) {
    const response = await client.get(url, { headers });
    if (response.status !== 202) return response;
    expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
    const progress = (await response.json()) as { status: string; page: number; pages: number };
    expect(progress.status).toBe("preparing");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A 200 PDF answer, or a failure that shows what came instead. */
export async function pdfOf(client: Client, bookId: number, query = "") {
  const download = await downloadPdf(client, bookId, query);
  const { response, bytes } = download;
  expect(response.status, new TextDecoder().decode(bytes.slice(0, 300))).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^application\/pdf\b/);
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
  return { ...download, pdf: await openPdf(bytes) };
}

/** The whitespace of extracted text folded to single spaces: a sentence reads the same across a line break. */
export const flat = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * The number printed at the foot of a page: its lowest line, in the bottom margin, when that is a number, maybe
 * dressed ("– 7 –"), or a running foot that starts or ends with one ("The River Years 7").
 */
export function folio(page: PdfPage): number | null {
  const bottom = page.lines.reduce<PdfPage["lines"][number] | null>(
    (low, line) => (!low || line.y < low.y ? line : low),
    null,
  );
  if (!bottom || bottom.y > page.height * 0.15) return null;
  const text = bottom.text.trim();
  const number = /^[^\p{L}\d]*(\d+)[^\p{L}\d]*$/u.exec(text) ?? /\s(\d+)$/.exec(text) ?? /^(\d+)\s/.exec(text);
  return number ? Number(number[1]) : null;
}

/** A page with nothing printed on it but, at most, its number: the blank left-hand page before a chapter. */
export const isBlank = (page: PdfPage) => page.lines.every((line) => /^[^\p{L}\d]*\d*[^\p{L}\d]*$/u.test(line.text));

/**
 * The page a line of the contents gives for `title`, or null when the line is not its entry: the last number on the
 * line once the title is taken out of it, wherever the number stands and whatever leads to it.
 */
export function contentsPage(line: string, title: string): number | null {
  if (!line.includes(title)) return null;
  const numbers = line.replace(title, " ").match(/\d+/g);
  return numbers ? Number(numbers.at(-1)) : null;
}

export type BookLayout = {
  pages: PdfPage[];
  outline: PdfOutlineItem[];
  /** The first page of each chapter, in the order given. */
  chapterPages: number[];
  /** The text of chapter `i`, from its first page to the page before the next chapter, whitespace folded. */
  chapterText: (i: number) => string;
  /** The whole book's text, whitespace folded. */
  text: string;
};

/**
 * Checks the layout of a book whose chapters are `chapters` (topic titles, in book order) and returns its pages.
 * Reads every page: for books of a few dozen pages.
 */
export async function expectBookLayout(
  pdf: PdfFile,
  { title, chapters, language, size }: { title: string; chapters: string[]; language: "en" | "vi"; size: PageSize },
): Promise<BookLayout> {
  const pages = await pdf.pages();
  const expected = PAGE_SIZES[size];
  for (const page of pages) {
    expect(page.width, `page ${page.number} width`).toBeCloseTo(expected.width, 0);
    expect(page.height, `page ${page.number} height`).toBeCloseTo(expected.height, 0);
  }
  expect(pages.length).toBeGreaterThanOrEqual(5 + chapters.length);
  expect(flat(pages[0]!.text)).toContain(title);
  expect(flat(pages[2]!.text)).toContain(title);
  expect(pages[4]!.lines.map((line) => line.text.trim())).toContain(CONTENTS_HEADING[language]);

  // The outline: one bookmark per chapter, titled like it, in order, each opening an odd page after the contents.
  const outline = await pdf.outline();
  expect(outline.map((item) => item.title)).toEqual(chapters);
  const chapterPages = outline.map((item) => item.page!);
  for (const [i, page] of chapterPages.entries()) {
    expect(page % 2, `chapter "${chapters[i]}" starts on page ${page}`).toBe(1);
    expect(page).toBeGreaterThan(i === 0 ? 5 : chapterPages[i - 1]!);
    expect(flat(pages[page - 1]!.text), `page ${page} opens "${chapters[i]}"`).toContain(chapters[i]);
  }

  // The contents, from page 5 to the page before the first chapter: each chapter's title and its page, in order.
  expectContents(
    pages.slice(4, chapterPages[0]! - 1).flatMap((page) => page.lines.map((line) => line.text)),
    chapters,
    chapterPages,
  );

  // Body pages: a running head (the book's or the chapter's title) and, at the foot, the physical page number.
  for (const page of pages.slice(chapterPages[0]! - 1)) {
    const number = folio(page);
    if (number !== null) expect(number, `number printed on page ${page.number}`).toBe(page.number);
    if (isBlank(page) || chapterPages.includes(page.number)) continue;
    expect(number, `page ${page.number} has its number at the foot`).toBe(page.number);
    const chapter = chapters[chapterPages.filter((p) => p <= page.number).length - 1]!;
    const head = page.lines[0]!.text;
    expect(
      head.includes(title) || head.includes(chapter),
      `running head of page ${page.number}: "${head}" (book "${title}", chapter "${chapter}")`,
    ).toBe(true);
  }

  const textOf = (from: number, to: number) =>
    flat(
      pages
        .slice(from - 1, to)
        .map((page) => page.text)
        .join("\n"),
    );
  return {
    pages,
    outline,
    chapterPages,
    chapterText: (i) => textOf(chapterPages[i]!, (chapterPages[i + 1] ?? pages.length + 1) - 1),
    text: textOf(1, pages.length),
  };
}

/** The contents' lines hold an entry for each chapter, in order, with its first page. */
export function expectContents(lines: string[], chapters: string[], chapterPages: number[]) {
  let from = 0;
  for (const [i, chapter] of chapters.entries()) {
    const at = lines.findIndex((line, n) => n >= from && contentsPage(line, chapter) !== null);
    expect(at, `contents entry for "${chapter}"`).toBeGreaterThanOrEqual(0);
    expect(contentsPage(lines[at]!, chapter), `contents: "${lines[at]}"`).toBe(chapterPages[i]);
    from = at + 1;
  }
}

/** Where `message` sits in a translation dictionary (en.ts), so that its counterpart in the other can be read. */
export function keyOf(dictionary: object, message: string, prefix: string[] = []): string[] | null {
  for (const [key, value] of Object.entries(dictionary)) {
    if (value === message) return [...prefix, key];
    if (value && typeof value === "object") {
      const found = keyOf(value, message, [...prefix, key]);
      if (found) return found;
    }
  }
  return null;
}

export const messageAt = (dictionary: object, key: string[]): unknown =>
  key.reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dictionary);
