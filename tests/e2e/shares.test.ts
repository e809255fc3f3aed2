import type { BrowserContextOptions, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations, openPage, serverAndBrowser } from "../support/browser";
import { pngBytes, wavBytes } from "../support/media-files";
import { createUser, waitForHydration, waitForToast } from "./helpers";

const env = serverAndBrowser();

/** Long enough to fill several lines at the page's measure. */
const LONG_PARAGRAPH =
  "Những buổi chiều mùa hạ, khi nắng đã dịu trên những thửa ruộng, bà cùng các anh chạy ra bờ đê thả " +
  "diều, nhìn cánh diều giấy bay cao trên cánh đồng lúa xanh mướt cho đến khi trời tối hẳn, rồi mới " +
  "chịu về nhà ăn cơm với cả nhà, kể cho mẹ nghe chuyện con diều nào bay cao nhất trong xóm hôm ấy.";

/**
 * A signed-in owner with a Vietnamese book of two chapters: the first with a published story, its photo
 * (2,400 × 1,200, kept at 1,600 × 800) and a real 65-second recording, and a draft; the second with one story.
 */
async function ownerWithBook(javaScriptEnabled: boolean, options: BrowserContextOptions = {}) {
  const user = await createUser(env.server);
  const watched = await openPage(env.browser, {
    javaScriptEnabled,
    viewport: { width: 1280, height: 900 },
    permissions: ["clipboard-read", "clipboard-write"],
    ...options,
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
    content: `Bà lớn lên bên cánh đồng.\n\nMỗi chiều bà thả diều.\n\n${LONG_PARAGRAPH}`,
    status: "published",
  });
  await post(`/api/topics/${topic.id}/stories`, { title: "Chưa viết xong", content: "nháp", status: "draft" });
  const second = await post(`/api/books/${book.id}/topics`, { title: "Về Huế" });
  const later = await post(`/api/topics/${second.id}/stories`, {
    title: "Nhà bên sông",
    content: "Bà sinh năm 1948 ở Huế.",
    status: "published",
  });
  const photo = Buffer.from(await pngBytes(2400, 1200));
  const voice = Buffer.from(wavBytes(65_000, 4000));
  for (const [type, file] of [
    ["image", { name: "dong-lua.png", mimeType: "image/png", buffer: photo }],
    ["audio", { name: "giong-ba.wav", mimeType: "audio/wav", buffer: voice }],
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
  return { ...watched, book, chapters: [topic.id, second.id], stories: [story.id, later.id], open };
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
      // Without JavaScript the new link has a page of its own (issue 35), whose Done leads back to the dialog.
      if (javaScriptEnabled) await waitForToast(page, "Link created");
      else await page.getByRole("heading", { level: 1, name: "Your new link" }).waitFor();
      const link = await (javaScriptEnabled ? dialog : page).getByLabel("Link to share").inputValue();
      expect(link).toMatch(new RegExp(`^${env.server.url}/s/[A-Za-z0-9_-]{43}$`));
      if (!javaScriptEnabled) await page.getByRole("link", { name: "Done: back to the links" }).click();
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

const PHONE = { width: 390, height: 844 };

for (const javaScriptEnabled of [false, true]) {
  it(
    `passes the new link on from a 390 px phone in Vietnamese ${javaScriptEnabled ? "with" : "without"} ` +
      "JavaScript: the whole link readable in a field, Copy and the share sheet only where they work",
    async () => {
      const { page, book, open, assertNoErrors } = await ownerWithBook(javaScriptEnabled, {
        viewport: PHONE,
        locale: "vi-VN",
      });
      // The phone's share sheet, standing in for Android's: it keeps what the page handed it.
      await page.addInitScript(() => {
        Object.defineProperty(navigator, "share", {
          value: (data: ShareData) => {
            (window as { shared?: ShareData }).shared = data;
            return Promise.resolve();
          },
        });
      });
      await open(page, `/books/${book.id}?dialog=share`);
      const form = page.getByRole("dialog", { name: "Chia sẻ cuốn sách này" });
      await form.getByRole("button", { name: "Tạo đường liên kết" }).click();
      // In its dialog with JavaScript; on a page of its own without (issue 35).
      if (javaScriptEnabled) await waitForToast(page, "Đã tạo đường liên kết");
      else await page.getByRole("heading", { level: 1, name: "Đường liên kết mới của bạn" }).waitFor();
      const dialog = javaScriptEnabled ? form : page.getByRole("main");
      const field = dialog.getByLabel("Đường liên kết để chia sẻ");
      const link = await field.inputValue();
      expect(link).toMatch(new RegExp(`^${env.server.url}/s/[A-Za-z0-9_-]{43}$`));
      // All of it in view, on as many lines as it takes, in the page's type rather than a monospace box.
      const shown = await field.evaluate((box) => ({
        cut: box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight,
        font: getComputedStyle(box).fontFamily,
        size: Number.parseFloat(getComputedStyle(box).fontSize),
      }));
      expect(shown.cut).toBe(false);
      expect(shown.font).not.toMatch(/mono/i);
      expect(shown.size).toBeGreaterThanOrEqual(16);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      const send = dialog.getByRole("button", { name: "Gửi qua ứng dụng" });
      const copy = dialog.getByRole("button", { name: "Sao chép liên kết" });
      if (!javaScriptEnabled) {
        // Neither could do anything without JavaScript, so neither is offered.
        expect(await send.count()).toBe(0);
        expect(await copy.count()).toBe(0);
      } else {
        await send.click();
        await expect
          .poll(() => page.evaluate(() => (window as { shared?: ShareData }).shared))
          .toEqual({ title: "Chuyện của bà", url: link });
        await copy.click();
        await waitForToast(page, "Đã sao chép liên kết");
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
        for (const button of [send, copy])
          expect(await button.evaluate((b) => b.getBoundingClientRect().height)).toBeGreaterThanOrEqual(44);
        await expectNoAxeViolations(page);
      }
      assertNoErrors();
    },
  );
}

it("offers no share sheet on a browser that has none", async () => {
  const { page, book, open, assertNoErrors } = await ownerWithBook(true, { viewport: PHONE, locale: "vi-VN" });
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "share", { value: undefined });
  });
  await open(page, `/books/${book.id}?dialog=share`);
  const dialog = page.getByRole("dialog", { name: "Chia sẻ cuốn sách này" });
  await dialog.getByRole("button", { name: "Tạo đường liên kết" }).click();
  await waitForToast(page, "Đã tạo đường liên kết");
  await dialog.getByRole("button", { name: "Sao chép liên kết" }).waitFor();
  expect(await dialog.getByRole("button", { name: "Gửi qua ứng dụng" }).count()).toBe(0);
  assertNoErrors();
});

/** The owner's book shared by a link; the owner's browser is closed, so the reader is nobody signed in. */
async function sharedLink() {
  const owner = await ownerWithBook(true);
  const created = await owner.context.request.post(`${env.server.url}/api/books/${owner.book.id}/shares`, {
    data: {},
    headers: { Origin: env.server.url },
  });
  const { url } = (await created.json()) as { url: string };
  await owner.context.close();
  return { url, chapters: owner.chapters, stories: owner.stories };
}

describe("the shared reading page", () => {
  it(
    "reads on a 390 px phone without JavaScript: published stories in the book's language, its serif, " +
      "the voice with its length, the photo at the column's width, and chapters to move between",
    async () => {
      const { url, chapters } = await sharedLink();
      const { page, context, assertNoErrors } = await openPage(env.browser, {
        javaScriptEnabled: false,
        viewport: PHONE,
        locale: "en-US",
      });
      const fonts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "font") fonts.push(new URL(request.url()).pathname);
      });
      await page.goto(url);
      expect(await page.locator("html").getAttribute("lang")).toBe("vi");
      expect(await page.locator("script, link[rel=modulepreload]").count()).toBe(0);
      await page.getByRole("heading", { level: 1, name: "Chuyện của bà" }).waitFor();
      const contents = page.getByRole("navigation", { name: "Mục lục" });
      await contents.getByRole("link", { name: "Cánh đồng lúa" }).waitFor();
      expect(await page.locator(".reader-text").allTextContents()).toEqual([
        "Bà lớn lên bên cánh đồng.",
        "Mỗi chiều bà thả diều.",
        LONG_PARAGRAPH,
        "Bà sinh năm 1948 ở Huế.",
      ]);
      expect(await page.getByText("Chưa viết xong").count()).toBe(0);

      // The book's serif, and of it only the subsets this Vietnamese text uses.
      expect(
        await page
          .locator(".reader-text")
          .first()
          .evaluate((p) => getComputedStyle(p).fontFamily),
      ).toMatch(/^"Noto Serif"/);
      const loaded = () =>
        page.evaluate(() => [...document.fonts].filter((face) => face.status === "loaded").map((face) => face.family));
      await expect.poll(loaded).toEqual(["Noto Serif", "Noto Serif"]);
      expect(fonts.map((font) => /noto-serif-([a-z-]+)-400/.exec(font)?.[1]).sort()).toEqual(["latin", "vietnamese"]);

      // The voice, with its length to the eye and in words to a screen reader.
      const voice = page.locator(".reader-voice");
      expect(await voice.locator("figcaption > span").first().textContent()).toBe("Nghe: Giọng bà");
      expect(await voice.locator("time").textContent()).toBe("1:05");
      expect(await voice.locator("time").isVisible()).toBe(true);
      expect(await voice.locator(".visually-hidden").textContent()).toBe("Độ dài: 1 phút, 5 giây");
      expect(await voice.locator("audio").getAttribute("src")).toMatch(/^\/s\/[A-Za-z0-9_-]{43}\/media\/\d+$/);

      // The photo keeps its place before it loads (it is lazy and below the fold), as wide as the text.
      const photo = page.getByRole("img", { name: "Cánh đồng" });
      const column = await page
        .locator(".reader-text")
        .first()
        .evaluate((p) => p.getBoundingClientRect().width);
      const box = () => photo.evaluate((img) => ({ w: img.clientWidth, h: img.clientHeight }));
      const before = await box();
      expect(before.w).toBe(Math.round(column));
      expect(Math.abs(before.h - before.w / 2)).toBeLessThanOrEqual(1);
      await photo.scrollIntoViewIfNeeded();
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1600);
      expect(await box()).toEqual(before);
      expect(await page.locator(".reader-photo figcaption").textContent()).toBe("Cánh đồng");
      const full = page.getByRole("link", { name: "Mở ảnh cỡ lớn: Cánh đồng" });
      expect(await full.getAttribute("href")).toMatch(/^\/s\/[A-Za-z0-9_-]{43}\/photos\/\d+$/);

      // Every link of the book is a 44 px target and every word at least 16 px; nothing wider than the phone.
      const heights = await page
        .locator("main a")
        .evaluateAll((links) => links.map((a) => a.getBoundingClientRect().height));
      expect(Math.min(...heights)).toBeGreaterThanOrEqual(44);
      const sizes = await page
        .locator("main :is(p, span, a, h1, h2, h3, figcaption, li, time)")
        .evaluateAll((nodes) => nodes.map((node) => Number.parseFloat(getComputedStyle(node).fontSize)));
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(16);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // From chapter to chapter and back to the contents, by touch and by keyboard.
      const first = page.getByRole("navigation", { name: "Chuyển chương: Tuổi thơ" });
      expect(await first.getByRole("link").allInnerTexts()).toEqual(["Về mục lục", "Chương sau\nVề Huế"]);
      await first.getByRole("link", { name: "Chương sau Về Huế" }).click();
      await page.waitForURL(`${url}#topic-${chapters[1]}`);
      const second = page.getByRole("navigation", { name: "Chuyển chương: Về Huế" });
      expect(await second.getByRole("link").allInnerTexts()).toEqual(["Chương trước\nTuổi thơ", "Về mục lục"]);
      await second.getByRole("link", { name: "Về mục lục" }).focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(`${url}#contents`);
      expect(await contents.evaluate((nav) => Math.round(nav.getBoundingClientRect().top))).toBe(0);
      await contents.getByRole("link", { name: "Chương 2 Về Huế" }).click();
      await page.waitForURL(`${url}#topic-${chapters[1]}`);
      assertNoErrors();
      await context.close();

      // The page sends no script, so axe (which runs as a script) checks the same page with scripting on.
      const checked = await openPage(env.browser, { viewport: PHONE });
      await checked.page.goto(url);
      await expectNoAxeViolations(checked.page);
      checked.assertNoErrors();
      await checked.context.close();
    },
  );

  it("opens a printed book's QR code (#story-{id}) on its story, the player in view", async () => {
    const { url, stories } = await sharedLink();
    const { page, context, assertNoErrors } = await openPage(env.browser, {
      javaScriptEnabled: false,
      viewport: PHONE,
    });
    await page.goto(`${url}#story-${stories[0]}`);
    const story = page.locator(`#story-${stories[0]}`);
    await story.getByRole("heading", { name: "Cánh đồng lúa" }).waitFor();
    const inView = (locator: typeof story) =>
      locator.evaluate((node) => {
        const { top, bottom } = node.getBoundingClientRect();
        return top >= 0 && bottom <= window.innerHeight;
      });
    await expect.poll(() => inView(story.locator("h3"))).toBe(true);
    expect(await inView(story.locator("audio"))).toBe(true);
    assertNoErrors();
    await context.close();
  });

  it(
    "opens a photo full size on a page of the book, with its caption and the way back to its story " +
      "(390 px, no JavaScript, no console error)",
    async () => {
      const { url, stories } = await sharedLink();
      const { page, context, assertNoErrors } = await openPage(env.browser, {
        javaScriptEnabled: false,
        viewport: PHONE,
        locale: "vi-VN",
      });
      await page.goto(`${url}#story-${stories[0]}`);
      await page.getByRole("link", { name: "Mở ảnh cỡ lớn: Cánh đồng" }).click();
      await page.waitForURL(/\/photos\/\d+$/);
      const photoPage = page.url();
      expect(await page.locator("html").getAttribute("lang")).toBe("vi");
      expect(await page.locator("script, link[rel=modulepreload]").count()).toBe(0);
      await page.getByRole("heading", { level: 1, name: "Cánh đồng" }).waitFor();
      await page.getByText("Trong câu chuyện “Cánh đồng lúa”, sách Chuyện của bà").waitFor();
      // The whole file (kept at 1,600 × 800), shrunk to the phone's width, never stretched.
      const photo = page.getByRole("img", { name: "Cánh đồng" });
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1600);
      const shown = await photo.evaluate((img) => ({ w: img.clientWidth, h: img.clientHeight }));
      expect(shown.w).toBeLessThanOrEqual(390);
      expect(Math.abs(shown.h - shown.w / 2)).toBeLessThanOrEqual(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const back = page.getByRole("link", { name: "Quay lại câu chuyện: Cánh đồng lúa" });
      expect(await back.evaluate((a) => a.getBoundingClientRect().height)).toBeGreaterThanOrEqual(44);
      await back.click();
      await page.waitForURL(`${url}#story-${stories[0]}`);
      const title = page.locator(`#story-${stories[0]} h3`);
      await expect
        .poll(() => title.evaluate((h) => h.getBoundingClientRect().top >= 0 && h.getBoundingClientRect().top < 100))
        .toBe(true);
      assertNoErrors();
      await context.close();

      const checked = await openPage(env.browser, { viewport: PHONE });
      await checked.page.goto(photoPage);
      await expectNoAxeViolations(checked.page);
      checked.assertNoErrors();
      await checked.context.close();
    },
  );

  it("sets a line at about 65 characters on a wide screen", async () => {
    const { url } = await sharedLink();
    const { page, context, assertNoErrors } = await openPage(env.browser, {
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 900 },
    });
    await page.goto(url);
    await page.evaluate(() => document.fonts.ready);
    // The characters on each full line of the long paragraph, from where the browser broke them.
    const lines = await page
      .locator(".reader-text")
      .nth(2)
      .evaluate((p) => {
        const text = p.firstChild!;
        const range = document.createRange();
        const tops: number[] = [];
        for (let i = 0; i < text.textContent!.length; i++) {
          range.setStart(text, i);
          range.setEnd(text, i + 1);
          tops.push(Math.round(range.getBoundingClientRect().top));
        }
        const counts = new Map<number, number>();
        for (const top of tops) counts.set(top, (counts.get(top) ?? 0) + 1);
        return [...counts.values()].slice(0, -1);
      });
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const count of lines) {
      expect(count).toBeGreaterThanOrEqual(55);
      expect(count).toBeLessThanOrEqual(75);
    }
    assertNoErrors();
    await context.close();
  });

  it("prints as a clean book: each chapter on a new page, no players or links, photos whole", async () => {
    const { url, stories } = await sharedLink();
    const { page, context, assertNoErrors } = await openPage(env.browser, { javaScriptEnabled: false });
    await page.goto(url);
    await page.emulateMedia({ media: "print" });
    const style = (selector: string, property: string, pseudo?: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((node, [name, after]) => getComputedStyle(node, after).getPropertyValue(name!), [property, pseudo]);
    expect(await style(".reader-chapter", "break-before")).toBe("page");
    expect(await style(".reader-cover", "break-after")).toBe("page");
    expect(await style(".reader-photo", "break-inside")).toBe("avoid");
    expect(await style(".reader-text", "font-family")).toMatch(/^"Noto Serif"/);
    expect(Number.parseFloat(await style(".reader-text", "font-size"))).toBeCloseTo((11 * 4) / 3); // 11 pt
    expect(await style(".reader-contents a", "content", "::after")).toBe("none");
    for (const chrome of [".reader-chapter-nav", ".reader-voice", ".skip-link"])
      expect(await page.locator(chrome).first().isVisible(), chrome).toBe(false);
    await page.locator(`#story-${stories[1]}`).waitFor();
    // Chromium's own print: the cover, the contents, then one page per chapter at least.
    const pdf = (await page.pdf({ format: "A5" })).toString("latin1");
    expect(pdf.match(/\/Type\s*\/Page\b/g)!.length).toBeGreaterThanOrEqual(4);
    assertNoErrors();
    await context.close();
  });
});
