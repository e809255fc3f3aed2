import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations, openPage, serverAndBrowser } from "../support/browser";
import { pngBytes, webmBytes } from "../support/media-files";
import { createUser, waitForHydration, waitForToast } from "./helpers";

const env = serverAndBrowser();

/** A signed-in owner with a Vietnamese book: one published story with a photo and a recording, one draft. */
async function ownerWithBook(javaScriptEnabled: boolean) {
  const user = await createUser(env.server);
  const watched = await openPage(env.browser, {
    javaScriptEnabled,
    viewport: { width: 1280, height: 900 },
    permissions: ["clipboard-read", "clipboard-write"],
  });
  const request = watched.context.request;
  const headers = { Origin: env.server.url };
  expect(
    (
      await request.post(`${env.server.url}/api/auth/login`, {
        data: { username: user.username, password: user.password, rememberMe: false },
      })
    ).status(),
  ).toBe(200);
  const post = async (url: string, data: unknown) =>
    (await (await request.post(`${env.server.url}${url}`, { data, headers })).json()) as { id: number };
  const book = await post("/api/books", { title: "Chuyện của bà", description: "Những điều bà kể", language: "vi" });
  const topic = await post(`/api/books/${book.id}/topics`, { title: "Tuổi thơ" });
  const story = await post(`/api/topics/${topic.id}/stories`, {
    title: "Cánh đồng lúa",
    content: "Bà lớn lên bên cánh đồng.\n\nMỗi chiều bà thả diều.",
    status: "published",
  });
  await post(`/api/topics/${topic.id}/stories`, { title: "Chưa viết xong", content: "nháp", status: "draft" });
  const photo = Buffer.from(await pngBytes(90, 60));
  const voice = Buffer.from(webmBytes(1500));
  for (const [type, file] of [
    ["image", { name: "dong-lua.png", mimeType: "image/png", buffer: photo }],
    ["audio", { name: "giong-ba.webm", mimeType: "audio/webm", buffer: voice }],
  ] as const) {
    const response = await request.post(`${env.server.url}/api/stories/${story.id}/media`, {
      headers,
      multipart: { type, description: type === "image" ? "Cánh đồng" : "Giọng bà", file },
    });
    expect(response.status()).toBe(201);
  }
  const open = async (page: Page, url: string) => {
    await page.goto(`${env.server.url}${url}`);
    if (javaScriptEnabled) await waitForHydration(page);
  };
  return { ...watched, book, open };
}

for (const javaScriptEnabled of [true, false]) {
  describe(`sharing a book ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    it("makes a link from the workspace, shows it once, lists it and revokes it", async () => {
      const { page, book, open, assertNoErrors } = await ownerWithBook(javaScriptEnabled);
      await open(page, `/books/${book.id}`);
      await page.getByRole("link", { name: "Share", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Share this book" });
      await dialog.getByText("No links yet.").waitFor();
      await dialog.getByLabel("The link works").selectOption("30");
      await dialog.getByRole("button", { name: "Create a link" }).click();
      await waitForToast(page, "Link created");
      const link = await dialog.getByLabel("Link to share").inputValue();
      expect(link).toMatch(new RegExp(`^${env.server.url}/s/[A-Za-z0-9_-]{43}$`));
      await dialog.getByText(/^Works until \d{2}\/\d{2}\/\d{4}$/).waitFor();
      if (javaScriptEnabled) {
        await expectNoAxeViolations(page);
        await dialog.getByRole("button", { name: "Copy link" }).click();
        await waitForToast(page, "Link copied");
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      }
      // Shown once: the dialog opened again no longer has it, only the list.
      await open(page, `/books/${book.id}?dialog=share`);
      await page
        .getByRole("dialog", { name: "Share this book" })
        .getByText(/^Created /)
        .waitFor();
      expect(await page.getByLabel("Link to share").count()).toBe(0);

      const reader = await openPage(env.browser, { javaScriptEnabled: false });
      expect((await reader.page.goto(link))!.status()).toBe(200);
      await page.getByRole("button", { name: /^Revoke the link created / }).click();
      await waitForToast(page, "Link revoked");
      await page.getByRole("dialog", { name: "Share this book" }).getByText("No links yet.").waitFor();
      expect((await reader.page.goto(link))!.status()).toBe(404);
      await reader.context.close();
      assertNoErrors();
      reader.assertNoErrors([{ path: new URL(link).pathname, status: 404 }]);
    });
  });
}

describe("the shared reading page", () => {
  it(
    "reads on a 390 px phone without JavaScript: " +
      "published stories in the book's language, the photo and the voice",
    async () => {
      const owner = await ownerWithBook(true);
      const created = await owner.context.request.post(`${env.server.url}/api/books/${owner.book.id}/shares`, {
        data: {},
        headers: { Origin: env.server.url },
      });
      const { url } = (await created.json()) as { url: string };
      await owner.context.close();

      const { page, context, assertNoErrors } = await openPage(env.browser, {
        javaScriptEnabled: false,
        viewport: { width: 390, height: 844 },
        locale: "en-US",
      });
      await page.goto(url);
      expect(await page.locator("html").getAttribute("lang")).toBe("vi");
      await page.getByRole("heading", { level: 1, name: "Chuyện của bà" }).waitFor();
      await page.getByRole("navigation", { name: "Mục lục" }).getByRole("link", { name: "Cánh đồng lúa" }).waitFor();
      expect(await page.locator(".reader-text").allTextContents()).toEqual([
        "Bà lớn lên bên cánh đồng.",
        "Mỗi chiều bà thả diều.",
      ]);
      expect(await page.getByText("Chưa viết xong").count()).toBe(0);
      const photo = page.getByRole("img", { name: "Cánh đồng" });
      await photo.scrollIntoViewIfNeeded();
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
      expect(await page.locator("audio").getAttribute("src")).toMatch(/^\/s\/[A-Za-z0-9_-]{43}\/media\/\d+$/);
      // Nothing wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      assertNoErrors();
      await context.close();

      // The page sends no script, so axe (which runs as a script) checks the same page with scripting on.
      const checked = await openPage(env.browser, { viewport: { width: 390, height: 844 } });
      await checked.page.goto(url);
      await expectNoAxeViolations(checked.page);
      checked.assertNoErrors();
    },
  );
});
