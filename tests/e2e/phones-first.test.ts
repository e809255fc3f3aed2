import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage, serverAndBrowser } from "../support/browser";
import { pngBytes } from "../support/media-files";
import { createUser } from "./helpers";

// Issue 20, "Phones first": the smaller things seen on a 390 px phone in Vietnamese. Each is a matter of layout, so
// each is checked without JavaScript, where the server's page is all there is.

const env = serverAndBrowser();
const PHONE = { width: 390, height: 844 };

/** A signed-in Vietnamese phone without JavaScript, with a request client that shares its cookies. */
async function phone() {
  const user = await createUser(env.server);
  const watched = await openPage(env.browser, { javaScriptEnabled: false, viewport: PHONE, locale: "vi-VN" });
  const request = watched.context.request;
  const login = await request.post(`${env.server.url}/api/auth/login`, {
    data: { username: user.username, password: user.password, rememberMe: false },
  });
  expect(login.status()).toBe(200);
  const post = async (url: string, data: unknown) => {
    const response = await request.post(`${env.server.url}${url}`, { data, headers: { Origin: env.server.url } });
    expect(response.status(), url).toBeLessThan(300);
    return (await response.json()) as { id: number };
  };
  const open = (page: Page, url: string) => page.goto(`${env.server.url}${url}`);
  return { ...watched, post, open };
}

const box = (locator: Locator) => locator.evaluate((node) => node.getBoundingClientRect().toJSON() as DOMRect);

describe("phones first (390 px, Vietnamese, no JavaScript)", () => {
  it("lets the header's page title wrap rather than cutting it short", async () => {
    const { page, context, open, assertNoErrors } = await phone();
    await open(page, "/profile");
    const title = page.locator(".header-title");
    await title.waitFor();
    expect(await title.innerText()).toBe("/ Hồ sơ cá nhân");
    const cut = await title.evaluate((node) => node.scrollWidth > node.clientWidth);
    expect(cut).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    assertNoErrors();
    await context.close();
  });

  it("puts space between a photo's Save description and its red Delete", async () => {
    const { page, context, post, open, assertNoErrors } = await phone();
    const book = await post("/api/books", { title: "Sách ảnh", language: "vi" });
    const topic = await post(`/api/books/${book.id}/topics`, { title: "Ảnh cũ" });
    const story = await post(`/api/topics/${topic.id}/stories`, { title: "Ngày cưới", content: "Ảnh cưới." });
    const upload = await context.request.post(`${env.server.url}/api/stories/${story.id}/media`, {
      headers: { Origin: env.server.url },
      multipart: {
        type: "image",
        description: "Ảnh cưới của ông bà",
        file: { name: "cuoi.png", mimeType: "image/png", buffer: Buffer.from(await pngBytes()) },
      },
    });
    expect(upload.status()).toBe(201);
    await open(page, `/books/${book.id}?storyId=${story.id}&tab=media`);
    const save = page.getByRole("button", { name: "Lưu mô tả của Ảnh cưới của ông bà" });
    const remove = page.getByRole("link", { name: "Xóa Ảnh cưới của ông bà" });
    await save.waitFor();
    const [a, b] = [await box(save), await box(remove)];
    // Side by side, at least 32 px apart; or Delete on a row of its own, at least 24 px below.
    const sameRow = Math.abs(a.top - b.top) < 1;
    if (sameRow) expect(b.left - a.right).toBeGreaterThanOrEqual(32);
    else expect(b.top - a.bottom).toBeGreaterThanOrEqual(24);
    assertNoErrors();
    await context.close();
  });

  it("shows several books on the library's first screen, each title and story count beside a small cover", async () => {
    const { page, context, post, open, assertNoErrors } = await phone();
    for (const title of ["Chuyện của bà", "Ông nội kể", "Mùa lúa năm ấy"]) {
      const book = await post("/api/books", { title, description: "Những điều bà kể", language: "vi" });
      const topic = await post(`/api/books/${book.id}/topics`, { title: "Tuổi thơ" });
      await post(`/api/topics/${topic.id}/stories`, { title: "Một chuyện", content: "Ngày xưa.", status: "published" });
    }
    await open(page, "/books");
    const cards = page.locator(".book-grid .book-card");
    await cards.first().waitFor();
    expect(await cards.count()).toBe(3);
    const inFirstScreen = await cards.evaluateAll(
      (nodes) => nodes.filter((node) => node.getBoundingClientRect().bottom <= window.innerHeight).length,
    );
    expect(inFirstScreen).toBeGreaterThanOrEqual(2);
    const first = cards.first();
    const [cover, title, count] = [
      await box(first.locator(".book-cover")),
      await box(first.locator(".book-card-title")),
      await box(first.getByText("1 câu chuyện")),
    ];
    expect(cover.width).toBeLessThanOrEqual(120);
    for (const beside of [title, count]) {
      expect(beside.left).toBeGreaterThanOrEqual(cover.right);
      expect(beside.top).toBeLessThan(cover.bottom);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    assertNoErrors();
    await context.close();
  });
});
