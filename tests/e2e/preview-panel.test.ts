import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { expectNoAxeViolations, openPage, serverAndBrowser } from "../support/browser";
import { createUser, signIn, toast, waitForHydration } from "./helpers";

const env = serverAndBrowser();

async function bookWithStories(page: Page) {
  const post = async (path: string, data: unknown) =>
    (await page.request.post(`${env.server.url}${path}`, { data, headers: { Origin: env.server.url } })).json();
  const book = (await post("/api/books", { title: "Grandma", language: "en" })) as { id: number };
  const topic = (await post(`/api/books/${book.id}/topics`, { title: "Childhood" })) as { id: number };
  // Twelve paragraphs: more than a topic preview's page of 10 blocks.
  const content = Array.from({ length: 12 }, (_, i) => `Paragraph ${i + 1} about the river.`).join("\n\n");
  await post(`/api/topics/${topic.id}/stories`, { title: "The river", content, status: "published" });
  return { book, topic };
}

const panel = (page: Page) => page.locator(".preview-panel");

describe("the preview panel", () => {
  it("generates a topic's preview in place, pages it, then the book's, which downloads and prints", async () => {
    const user = await createUser(env.server);
    const { page, assertNoErrors } = await openPage(env.browser, { viewport: { width: 1280, height: 900 } });
    await signIn(page, env.server, user.username, user.password);
    const { book, topic } = await bookWithStories(page);
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void ((window as unknown as { printed: number }).printed += 1);
    });
    // The preview endpoints save what they make: the page asks for them with POST, never GET (ADR 0022).
    const asked: string[] = [];
    page.on("request", (request) => {
      if (/\/api\/(topics|books)\/\d+\/preview\?stream=1/.test(request.url()))
        asked.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await page.goto(`${env.server.url}/books/${book.id}`);
    await waitForHydration(page);

    await panel(page).getByRole("button", { name: "Generate preview" }).click();
    await expect.poll(() => toast(page).locator(".toast-title").textContent()).toBe("Preview generated");
    await panel(page).getByText("Paragraph 9 about the river.").waitFor();
    // Ten blocks a page: the heading and nine paragraphs, then the next page.
    expect(await panel(page).getByText("Paragraph 10 about the river.").count()).toBe(0);
    await panel(page).getByRole("link", { name: "Next page" }).click();
    await panel(page).getByText("Paragraph 10 about the river.").waitFor();
    await expectNoAxeViolations(page);

    await panel(page).getByRole("link", { name: "Book preview" }).click();
    await panel(page).getByRole("button", { name: "Generate the book preview" }).click();
    await panel(page).getByRole("heading", { name: "Grandma" }).waitFor();
    // Busy for 5 s after it started (aria-disabled, so it keeps the focus), then Regenerate again.
    expect(await panel(page).getByRole("button", { name: "Generating…" }).getAttribute("aria-disabled")).toBe("true");
    await panel(page).getByRole("button", { name: "Regenerate" }).waitFor({ timeout: 10_000 });
    expect(asked).toEqual([`POST /api/topics/${topic.id}/preview`, `POST /api/books/${book.id}/preview`]);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      panel(page).getByRole("link", { name: "Download as text" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("Grandma Preview.txt");
    await panel(page).getByRole("button", { name: "Print" }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed), { timeout: 5000 })
      .toBe(1);
    expect(await page.locator("body > .preview-printable").textContent()).toContain("Paragraph 12 about the river.");
    await expectNoAxeViolations(page);
    assertNoErrors();
  });

  it("works without JavaScript: generate, tabs and pages are forms and links", async () => {
    const user = await createUser(env.server);
    const { page, assertNoErrors } = await openPage(env.browser, {
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 900 },
    });
    await page
      .context()
      .request.post(`${env.server.url}/api/auth/login`, { data: { username: user.username, password: user.password } });
    const { book } = await bookWithStories(page);
    await page.goto(`${env.server.url}/books/${book.id}`);
    await panel(page).getByRole("button", { name: "Generate preview" }).click();
    await panel(page).getByText("Paragraph 9 about the river.").waitFor();
    expect(await toast(page).locator(".toast-title").textContent()).toBe("Preview generated");
    await panel(page).getByRole("link", { name: "Book preview" }).click();
    await panel(page).getByRole("button", { name: "Generate the book preview" }).click();
    await panel(page).getByRole("heading", { name: "Grandma" }).waitFor();
    expect(await panel(page).getByRole("link", { name: "Download as text" }).getAttribute("href")).toBe(
      `/api/books/${book.id}/preview?download=1`,
    );
    assertNoErrors();
  });
});
