import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LONG_TEXT_MAX } from "~/lib/limits";
import { serverWithLanAndMinh, type Client } from "../support/http";
import { largeBook, longText } from "../support/large-book";
import type { RunningServer } from "../support/server";

// The workspace loads long text when it is opened (issue 16, ADR 0023): whatever the book's size, its
// page and its data stay under 1 MB. A book of 100 stories of 200,000 characters each (about 20 MB of
// text) once made a 20 MB page, because every topic's draft and the book's preview (the stories
// themselves, with the offline AI) were sent whole.
const ONE_MB = 1024 * 1024;

let server: RunningServer;
let lan: Client;
let book: Awaited<ReturnType<typeof largeBook>>;

beforeAll(async () => {
  ({ server, lan } = await serverWithLanAndMinh());
  book = await largeBook(lan, { stories: 100, chars: 200_000 });
  // Both previews made the way the preview panel's buttons make them without JavaScript.
  for (const fields of [{ intent: "topic", topicId: String(book.topicId) }, { intent: "book" }] as Record<
    string,
    string
  >[]) {
    const made = await lan.form(`/books/${book.bookId}/preview`, fields, { headers: { Origin: server.url } });
    expect(made.status).toBe(302);
  }
}, 180_000);
afterAll(() => server?.stop());

async function body(path: string) {
  const response = await lan.get(path);
  expect(response.status, path).toBe(200);
  const text = await response.text();
  return { text, bytes: Buffer.byteLength(text) };
}

describe("the workspace of a book of 100 stories of 200,000 characters", () => {
  const base = () => `/books/${book.bookId}`;
  const pages: [string, () => string][] = [
    ["the workspace", () => base()],
    ["its data (.data)", () => `${base()}.data`],
    ["the topic preview, third page", () => `${base()}?ptab=topic&ptopic=${book.topicId}&ppage=3`],
    ["the book preview", () => `${base()}?ptab=book`],
    ["the book preview's data, a later page", () => `${base()}.data?ptab=book&ppage=40`],
    ["a long story in the editor", () => `${base()}?storyId=${book.storyIds[7]}`],
    ["the topic editor with the topic's long draft", () => `${base()}?openEditor=topic&topicId=${book.topicId}`],
  ];

  it.each(pages)("%s is under 1 MB", async (_name, path) => {
    const { bytes } = await body(path());
    expect(bytes).toBeLessThan(ONE_MB);
  });

  it("shows a page of each preview, with the way to the next", async () => {
    const topic = await body(`${base()}?ptab=topic&ptopic=${book.topicId}&ppage=2`);
    expect(topic.text).toContain("Page 2 of");
    expect(topic.text).toContain("Next page");
    const bookTab = await body(`${base()}?ptab=book`);
    expect(bookTab.text).toContain("Page 1 of");
    expect(bookTab.text).toContain("Chuyện 1: bà kể rằng");
  });

  it("sends the whole of the story being edited, and the whole of the topic's draft in its editor", async () => {
    const story = await body(`${base()}?storyId=${book.storyIds[7]}`);
    const text = longText(200_000, "Chuyện 8");
    // In the textarea, as the page's HTML escapes it (a story of paragraphs: no markup in it).
    expect(story.text).toContain(text.slice(-2000));
    const editor = await body(`${base()}?openEditor=topic&topicId=${book.topicId}`);
    const draft = /<textarea[^>]*name="preview"[^>]*>([\s\S]*?)<\/textarea>/.exec(editor.text)?.[1] ?? "";
    expect(draft.length).toBeGreaterThan(LONG_TEXT_MAX / 2);
    expect(draft.length).toBeLessThanOrEqual(LONG_TEXT_MAX + 1);
  });
});
