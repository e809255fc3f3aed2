import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations, openPage, serverAndBrowser } from "../support/browser";
import { createUser, signIn, waitForHydration } from "./helpers";
import { createBook } from "./topic-helpers";

// A missing book (deleted, or never the user's) is thrown by its route as a 404 and shown by the route's error
// boundary: the same translated "Book not found" page, whether the page was loaded, reached by a link, or posted to
// with JavaScript (ADR 37).

const env = serverAndBrowser();

const deleteBook = (page: Page, bookId: number) =>
  page.request.delete(`${env.server.url}/api/books/${bookId}`, { headers: { Origin: env.server.url } });

/** Signs the context in through the API, for a page that runs no script (nothing to wait for). */
async function signInWithoutScripts(page: Page, username: string, password: string) {
  const response = await page
    .context()
    .request.post(`${env.server.url}/api/auth/login`, { data: { username, password, rememberMe: false } });
  expect(response.status()).toBe(200);
}

/** The book's "not found" page: its heading, its sentence, and the way back to the library. */
async function expectBookNotFound(page: Page) {
  await page.locator("main h1", { hasText: "Không tìm thấy sách" }).waitFor();
  expect(await page.locator("main p").first().textContent()).toBe(
    "Cuốn sách này không tồn tại hoặc bạn không có quyền truy cập.",
  );
  expect(await page.locator("main a", { hasText: "Quay lại thư viện" }).getAttribute("href")).toBe("/books");
  expect(await page.title()).toBe("Không tìm thấy sách · Heirloom");
}

describe("a missing book", () => {
  it("is the error boundary's 'not found' page, with a 404, without JavaScript", async () => {
    const owner = await createUser(env.server);
    const stranger = await createUser(env.server);
    const { page, assertNoErrors } = await openPage(env.browser, { javaScriptEnabled: false, locale: "vi-VN" });
    await signInWithoutScripts(page, owner.username, owner.password);
    const book = await createBook(env.server, page, { title: "Của bà", language: "vi" });
    await page.context().clearCookies();
    await signInWithoutScripts(page, stranger.username, stranger.password);
    const response = await page.goto(`${env.server.url}/books/${book.id}`);
    expect(response?.status()).toBe(404);
    await expectBookNotFound(page);
    assertNoErrors([{ path: `/books/${book.id}`, status: 404 }]);
  });

  it("is the same page after a link with JavaScript, and after a form posted to a book deleted meanwhile", async () => {
    const user = await createUser(env.server);
    const { page, assertNoErrors } = await openPage(env.browser, { locale: "vi-VN" });
    await signIn(page, env.server, user.username, user.password);
    const gone = await createBook(env.server, page, { title: "Đã xóa", language: "vi" });
    const kept = await createBook(env.server, page, { title: "Còn đây", language: "vi" });

    // A link followed by the router: its loader's 404 goes to the book route's error boundary.
    await page.goto(`${env.server.url}/books`);
    await waitForHydration(page);
    await deleteBook(page, gone.id);
    await page.locator(`main a[href="/books/${gone.id}"]`).first().click();
    await expectBookNotFound(page);
    // axe runs in the page: with JavaScript only.
    await expectNoAxeViolations(page);
    await page.locator("main a", { hasText: "Quay lại thư viện" }).click();
    await page.locator(`main a[href="/books/${kept.id}"]`).first().waitFor();

    // The suggest-topics dialog open on a book deleted in another tab: its next post is answered by the same page,
    // not by a toast over a dialog that can no longer save anything.
    await page.goto(`${env.server.url}/books/${kept.id}/suggest-topics`);
    await waitForHydration(page);
    const regenerate = page.getByRole("button", { name: "Tạo lại", exact: true });
    await regenerate.waitFor();
    await deleteBook(page, kept.id);
    await regenerate.click();
    await expectBookNotFound(page);
    expect(await page.getByRole("dialog").count()).toBe(0);
    assertNoErrors([
      { path: `/books/${gone.id}.data`, status: 404 },
      { path: `/books/${kept.id}/suggest-topics.data`, status: 404 },
    ]);
  });
});
