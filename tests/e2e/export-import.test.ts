import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { APIRequestContext, Download } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations, openPage, serverAndBrowser } from "../support/browser";
import { unzip } from "../support/zip";
import { createUser, pathOf, signIn, toast, waitForHydration, waitForToast } from "./helpers";

// Keepsakes in the browser: the workspace's download link, the profile's download-all link and import form.
const env = serverAndBrowser();

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 160, g: 90, b: 60 } } })
    .png()
    .toBuffer();

/** A book with a topic, a story and a photo, made through the API with the context's signed-in session. */
async function bookWithPhoto(request: APIRequestContext, title: string) {
  const origin = { Origin: env.server.url };
  const post = async (url: string, data: unknown) =>
    (await (await request.post(`${env.server.url}${url}`, { data, headers: origin })).json()) as { id: number };
  const book = await post("/api/books", { title, language: "en" });
  const topic = await post(`/api/books/${book.id}/topics`, { title: "Summers" });
  const story = await post(`/api/topics/${topic.id}/stories`, {
    title: "By the river",
    content: "We swam every day.",
    status: "published",
  });
  await post(`/api/topics/${topic.id}/stories`, { title: "Half told", content: "Later…", status: "draft" });
  const media = await request.post(`${env.server.url}/api/stories/${story.id}/media`, {
    headers: origin,
    multipart: { type: "image", file: { name: "river.png", mimeType: "image/png", buffer: await png() } },
  });
  expect(media.status()).toBe(201);
  return book;
}

async function saved(download: Download): Promise<{ file: string; files: Map<string, Buffer> }> {
  const file = path.join(env.server.dataDir, "downloads", `${Date.now()}-${download.suggestedFilename()}`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await download.saveAs(file);
  return { file, files: await unzip(fs.readFileSync(file)) };
}

describe("keepsakes", () => {
  it(
    "downloads a book from the workspace without JavaScript, " + "and its book.html reads well and is accessible",
    async () => {
      const user = await createUser(env.server);
      const { page, context, assertNoErrors } = await openPage(env.browser, {
        javaScriptEnabled: false,
        viewport: { width: 1280, height: 900 },
      });
      await context.request.post(`${env.server.url}/api/auth/login`, {
        data: { username: user.username, password: user.password },
      });
      const book = await bookWithPhoto(context.request, "Grandma's river");
      await page.goto(`${env.server.url}/books/${book.id}`);

      const link = page.getByRole("link", { name: "Download a copy (zip)" });
      expect(await link.getAttribute("href")).toBe(`/api/books/${book.id}/export`);
      expect(await link.getAttribute("download")).toBe("");
      const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
      expect(download.suggestedFilename()).toBe("Grandma's river - Heirloom.zip");
      const { files } = await saved(download);
      expect([...files.keys()].sort()).toEqual(["book.html", "book.json", "book.md", "media/001-river.webp"]);
      expect(pathOf(page)).toBe(`/books/${book.id}`);

      assertNoErrors();

      // The readable copy, opened from disk as the family would: the photo shows, the draft is marked.
      // (axe runs in the page, so this page has JavaScript.)
      const folder = path.join(env.server.dataDir, "unzipped");
      for (const [name, bytes] of files) {
        fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
        fs.writeFileSync(path.join(folder, name), bytes);
      }
      const reader = await openPage(env.browser, { viewport: { width: 390, height: 844 } });
      await reader.page.goto(`file://${path.join(folder, "book.html")}`);
      expect(await reader.page.locator("html").getAttribute("lang")).toBe("en");
      expect(await reader.page.getByRole("heading", { level: 1 }).textContent()).toBe("Grandma's river");
      expect(await reader.page.getByRole("heading", { level: 3, name: "Half told Draft" }).isVisible()).toBe(true);
      const photo = reader.page.getByRole("img", { name: "river" });
      await photo.scrollIntoViewIfNeeded();
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
      await expectNoAxeViolations(reader.page);
      if (process.env.KEEPSAKE_SCREENSHOT)
        await reader.page.screenshot({ path: process.env.KEEPSAKE_SCREENSHOT, fullPage: true });
      reader.assertNoErrors();
      await reader.context.close();
    },
  );

  it("downloads all books and imports a book from the profile page, with JavaScript", async () => {
    const user = await createUser(env.server);
    const { page, context, assertNoErrors } = await openPage(env.browser, { viewport: { width: 1280, height: 900 } });
    await signIn(page, env.server, user.username, user.password, "/profile");
    const book = await bookWithPhoto(context.request, "Ông ngoại");
    await page.reload();
    await waitForHydration(page);
    await expectNoAxeViolations(page);

    const all = page.getByRole("link", { name: "Download all my books" });
    expect(await all.getAttribute("href")).toBe("/api/export");
    const [download] = await Promise.all([page.waitForEvent("download"), all.click()]);
    expect(download.suggestedFilename()).toBe(`${user.username} - Heirloom.zip`);
    const library = await saved(download);
    expect(JSON.parse(library.files.get("library.json")!.toString()).books).toEqual([
      { folder: "books/01-ong-ngoai/", title: "Ông ngoại" },
    ]);

    // A file that is not a zip: the failure's toast, and the page stays usable.
    await page
      .getByLabel("Import a book from a zip")
      .setInputFiles({ name: "notes.zip", mimeType: "application/zip", buffer: Buffer.from("not a zip") });
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await waitForToast(page, "Import failed");
    expect(await toast(page).locator(".toast-message").textContent()).toBe(
      "This file is not a zip file, or it is incomplete.",
    );
    await expectNoAxeViolations(page);

    // The one-book export of the book: imported as a new book, which opens with a toast.
    const single = await context.request.get(`${env.server.url}/api/books/${book.id}/export`);
    await page
      .getByLabel("Import a book from a zip")
      .setInputFiles({ name: "Ông ngoại - Heirloom.zip", mimeType: "application/zip", buffer: await single.body() });
    await Promise.all([
      page.waitForURL((url) => /^\/books\/\d+$/.test(url.pathname) && url.pathname !== `/books/${book.id}`),
      page.getByRole("button", { name: "Import", exact: true }).click(),
    ]);
    await waitForToast(page, "Import complete");
    expect(await toast(page).locator(".toast-message").textContent()).toBe("Books added to your library: 1.");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Ông ngoại");
    await page.getByRole("link", { name: "By the river" }).first().waitFor();
    assertNoErrors([{ path: "/profile/import.data", status: 400 }]);
  });

  it("imports the all-books zip without JavaScript, in Vietnamese, and refuses a bad one with a toast", async () => {
    const user = await createUser(env.server);
    const { page, context, assertNoErrors } = await openPage(env.browser, {
      javaScriptEnabled: false,
      locale: "vi-VN",
      viewport: { width: 390, height: 844 },
    });
    await context.request.post(`${env.server.url}/api/auth/login`, {
      data: { username: user.username, password: user.password },
    });
    await bookWithPhoto(context.request, "Một");
    await bookWithPhoto(context.request, "Hai");
    const zip = await (await context.request.get(`${env.server.url}/api/export`)).body();

    await page.goto(`${env.server.url}/profile`);
    await page
      .getByLabel("Nhập sách từ tệp zip")
      .setInputFiles({ name: "x.zip", mimeType: "application/zip", buffer: zip.subarray(0, 500) });
    await page.getByRole("button", { name: "Nhập", exact: true }).click();
    await waitForToast(page, "Nhập sách thất bại");
    expect(await toast(page).locator(".toast-message").textContent()).toBe(
      "Tệp này không phải tệp zip, hoặc chưa đầy đủ.",
    );

    await page
      .getByLabel("Nhập sách từ tệp zip")
      .setInputFiles({ name: "all.zip", mimeType: "application/zip", buffer: zip });
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/books"),
      page.getByRole("button", { name: "Nhập", exact: true }).click(),
    ]);
    await waitForToast(page, "Đã nhập xong");
    expect(await toast(page).locator(".toast-message").textContent()).toBe("Số sách đã thêm vào thư viện: 2.");
    const books = (await (await context.request.get(`${env.server.url}/api/books`)).json()) as { title: string }[];
    expect(books.map((b) => b.title).sort()).toEqual(["Hai", "Hai", "Một", "Một"]);
    assertNoErrors([{ path: "/profile/import", status: 400 }]);
  });
});
