import type { APIRequestContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatDate } from "~/lib/dates";
import { expectNoAxeViolations, openPage, serverAndBrowser } from "../support/browser";
import { createUser, waitForHydration } from "./helpers";

// Issue 20, "Phones first": a book imported from its own keepsake zip looked exactly like its original in the
// library. The imported one now says when it was imported, on its card and in its workspace; the original does not.

const env = serverAndBrowser();
const PHONE = { width: 390, height: 844 };
// The server runs on this machine, in its time zone, as this test does.
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A book written here, then its own export imported back: two books with the same title. */
async function originalAndImport(request: APIRequestContext) {
  const headers = { Origin: env.server.url };
  const created = await request.post(`${env.server.url}/api/books`, {
    headers,
    data: { title: "Chuyện của bà", description: "Những điều bà kể", language: "vi" },
  });
  const original = (await created.json()) as { id: number };
  const zip = await request.get(`${env.server.url}/api/books/${original.id}/export`);
  expect(zip.status()).toBe(200);
  const before = formatDate(Date.now(), zone);
  const imported = await request.post(`${env.server.url}/api/import`, {
    headers,
    multipart: { file: { name: "chuyen-cua-ba.zip", mimeType: "application/zip", buffer: await zip.body() } },
  });
  expect(imported.status()).toBe(201);
  const { bookIds } = (await imported.json()) as { bookIds: number[] };
  // The import's date, on either side of a midnight the import might straddle.
  const dates = new Set([before, formatDate(Date.now(), zone)]);
  return { originalId: original.id, importedId: bookIds[0]!, marks: [...dates].map((date) => `Nhập ngày ${date}`) };
}

describe.each([
  { js: false, label: "without JavaScript" },
  { js: true, label: "with JavaScript" },
])("an imported book on a 390 px phone in Vietnamese, $label", { timeout: 120_000 }, ({ js }) => {
  it("says when it was imported in the library and its workspace; its original does not", async () => {
    const user = await createUser(env.server);
    const { page, context, assertNoErrors } = await openPage(env.browser, {
      javaScriptEnabled: js,
      viewport: PHONE,
      locale: "vi-VN",
    });
    const login = await context.request.post(`${env.server.url}/api/auth/login`, {
      data: { username: user.username, password: user.password, rememberMe: false },
    });
    expect(login.status()).toBe(200);
    const { originalId, importedId, marks } = await originalAndImport(context.request);

    await page.goto(`${env.server.url}/books`);
    if (js) await waitForHydration(page);
    const card = (id: number) => page.locator(".book-grid .book-card", { has: page.locator(`a[href="/books/${id}"]`) });
    const importedMark = card(importedId).locator(".imported-mark");
    expect(marks).toContain(await importedMark.innerText());
    expect(await importedMark.isVisible()).toBe(true);
    expect(await card(originalId).locator(".imported-mark").count()).toBe(0);
    expect(await card(originalId).innerText()).not.toContain("Nhập ngày");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // axe-core is run with JavaScript on: in a context with it off, its run did not finish on this machine.
    if (js) await expectNoAxeViolations(page);

    await page.goto(`${env.server.url}/books/${importedId}`);
    if (js) await waitForHydration(page);
    const header = page.locator(".book-header");
    expect(marks).toContain(await header.locator(".imported-mark").innerText());
    await page.goto(`${env.server.url}/books/${originalId}`);
    if (js) await waitForHydration(page);
    expect(await header.innerText()).not.toContain("Nhập ngày");
    if (js) await expectNoAxeViolations(page);
    assertNoErrors();
    await context.close();
  });
});
