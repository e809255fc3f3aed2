import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { RunningServer } from "../support/server";

/** Shared bits of the topic editor's browser tests; this file has no tests of its own. */

/** A book created through the API with the page's session. */
export async function createBook(
  server: RunningServer,
  page: Page,
  book: { title: string; language: "en" | "vi"; description?: string },
) {
  const headers = { Origin: server.url };
  const response = await page.request.post(`${server.url}/api/books`, { data: book, headers });
  return (await response.json()) as { id: number };
}

/** A topic in a book (with its draft narrative when given), through the API. */
export async function createTopic(
  server: RunningServer,
  page: Page,
  bookId: number,
  topic: { title: string; description?: string; preview?: string },
) {
  const headers = { Origin: server.url };
  const response = await page.request.post(`${server.url}/api/books/${bookId}/topics`, {
    data: { title: topic.title, description: topic.description ?? "" },
    headers,
  });
  const { id } = (await response.json()) as { id: number };
  if (topic.preview)
    await page.request.put(`${server.url}/api/topics/${id}`, { data: { preview: topic.preview }, headers });
  return id;
}

export async function savedPreview(server: RunningServer, page: Page, topicId: number): Promise<string | null> {
  return ((await (await page.request.get(`${server.url}/api/topics/${topicId}`)).json()) as { preview: string | null })
    .preview;
}

/** Big targets and readable text (the sizes suite's rule) for the editor's own controls, popovers included. */
export async function expectComfortableEditor(page: Page) {
  const problems = await page.locator("#topic-editor-title").evaluate((heading) => {
    const section = heading.closest("section")!;
    const out: string[] = [];
    for (const el of section.querySelectorAll("button, summary, input:not([type=hidden]), textarea, a[href]")) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.width < 43.5 || box.height < 43.5)
        out.push(`${el.tagName} ${el.getAttribute("name") ?? el.textContent} ${box.width}x${box.height}`);
    }
    const walker = document.createTreeWalker(section, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement!;
      if (!node.textContent?.trim() || el.getBoundingClientRect().width === 0) continue;
      if (parseFloat(getComputedStyle(el).fontSize) < 16) out.push(`text "${node.textContent.trim()}"`);
    }
    return out;
  });
  expect(problems).toEqual([]);
}
