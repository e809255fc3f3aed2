import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations, openPage, serverAndBrowser } from "../support/browser";
import { createUser, pathOf, signIn, toast, waitForHydration } from "./helpers";
import { createBook, createTopic } from "./topic-helpers";

// Issue 20, "the first minutes", on a 390 px phone in Vietnamese, with and without JavaScript: saved topics
// come with their questions, Home says what to do next, the suggestions fit a phone, a story's title fits its
// field, and notices stay clear of what the user reads and can be closed.
const env = serverAndBrowser();

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "vi-VN" };

async function phoneUser(javaScriptEnabled: boolean, path = "/") {
  const user = await createUser(env.server);
  const watched = await openPage(env.browser, { ...PHONE, javaScriptEnabled });
  if (javaScriptEnabled) await signIn(watched.page, env.server, user.username, user.password, path);
  else {
    const login = await watched.page
      .context()
      .request.post(`${env.server.url}/api/auth/login`, { data: { username: user.username, password: user.password } });
    expect(login.status()).toBe(200);
    await watched.page.goto(`${env.server.url}${path}`);
  }
  return watched;
}

async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(`${env.server.url}${path}`);
  // With JavaScript, a click must reach React, not the browser's own form post.
  if (javaScriptEnabled) await waitForHydration(page);
}

type Box = { x: number; y: number; width: number; height: number };
const box = async (locator: Locator): Promise<Box> => (await locator.boundingBox())!;
const centreY = (b: Box) => b.y + b.height / 2;
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
/** True when the field shows its whole value (nothing scrolled out of sight, sideways or down). */
const showsWhole = (field: Locator) =>
  field.evaluate((el: HTMLElement) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight);

async function topicsWithQuestions(page: Page, bookId: number) {
  const topics = (await (await page.request.get(`${env.server.url}/api/books/${bookId}/topics`)).json()) as {
    id: number;
  }[];
  return Promise.all(
    topics.map(
      async (topic) =>
        ((await (await page.request.get(`${env.server.url}/api/topics/${topic.id}/questions`)).json()) as unknown[])
          .length,
    ),
  );
}

for (const javaScriptEnabled of [true, false]) {
  describe(`the first minutes on a phone, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    it("Home: one large first step without books, then how to get questions, never 'all answered'", async () => {
      const { page, assertNoErrors } = await phoneUser(javaScriptEnabled);
      const main = page.locator("main");
      const firstStep = main.getByRole("link", { name: "Tạo cuốn sách đầu tiên" });
      await firstStep.waitFor();
      expect((await box(firstStep)).height).toBeGreaterThanOrEqual(44);
      expect(await main.textContent()).not.toContain("Bạn đã trả lời tất cả các câu hỏi!");
      // One step: no empty "Continue your story", empty list of books or three-step guide beside it.
      expect(await main.locator("#continue-title, #recent-title, #guide-title").count()).toBe(0);
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      const book = await createBook(env.server, page, { title: "Sổ tay của bà", language: "vi" });
      await open(page, "/", javaScriptEnabled);
      expect(await main.textContent()).not.toContain("Bạn đã trả lời tất cả các câu hỏi!");
      expect(await main.textContent()).toContain("Các cuốn sách của bạn chưa có câu hỏi phỏng vấn nào.");
      expect(await main.getByRole("link", { name: "Gợi ý chủ đề" }).getAttribute("href")).toBe(
        `/books/${book.id}/suggest-topics`,
      );

      const topicId = await createTopic(env.server, page, book.id, { title: "Tuổi thơ" });
      await open(page, "/", javaScriptEnabled);
      expect(await main.textContent()).not.toContain("Bạn đã trả lời tất cả các câu hỏi!");
      await main.getByRole("link", { name: "Mở chủ đề" }).click();
      await page.waitForURL(`**/books/${book.id}/topics/${topicId}`);
      await page.getByRole("button", { name: "Tạo câu hỏi" }).waitFor();
      assertNoErrors();
    });

    it("suggested topics: one column, Save in sight, and saving gives every topic its questions", async () => {
      const { page, assertNoErrors } = await phoneUser(javaScriptEnabled);
      const book = await createBook(env.server, page, {
        title: "Cuộc đời của ông",
        language: "vi",
        description: "Tuổi thơ ở quê, trường học, chiến tranh, công việc và gia đình",
      });
      await open(page, `/books/${book.id}/suggest-topics`, javaScriptEnabled);
      const dialog = page.locator("dialog.dialog[open]");
      const items = dialog.locator(".suggest-item");
      // With scripts the list is measured once drag and drop has come (handles added, its cards replaced).
      if (javaScriptEnabled) await items.locator(".drag-handle").first().waitFor();
      expect(await items.count()).toBeGreaterThanOrEqual(6);

      // Save and the count are in sight before any scrolling, though the cards go on below.
      const save = dialog.getByRole("button", { name: /^Lưu các chủ đề đã chọn \(\d+\)$/ });
      const saveBox = await box(save);
      expect(saveBox.y).toBeGreaterThanOrEqual(0);
      expect(saveBox.y + saveBox.height).toBeLessThanOrEqual(PHONE.viewport.height);
      const lastCard = await box(items.last());
      expect(lastCard.y).toBeGreaterThan(PHONE.viewport.height);

      for (let i = 0; i < (await items.count()); i++) {
        const item = items.nth(i);
        const checkbox = await box(item.locator("input[type=checkbox]"));
        const title = item.getByLabel(`Tên chủ đề ${i + 1}`);
        const description = await box(item.getByLabel(`Mô tả chủ đề ${i + 1}`));
        const titleBox = await box(title);
        // Checkbox and title on one row, the whole title readable; the description full width below them.
        expect(Math.abs(centreY(checkbox) - centreY(titleBox))).toBeLessThanOrEqual(2);
        expect(await showsWhole(title)).toBe(true);
        expect(description.y).toBeGreaterThanOrEqual(titleBox.y + titleBox.height);
        expect(description.x).toBeLessThanOrEqual(checkbox.x + 1);
        expect(description.x + description.width).toBeGreaterThanOrEqual(titleBox.x + titleBox.width - 1);
      }
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      const count = await dialog.locator(".suggest-item input[type=checkbox]:checked").count();
      await save.click();
      await page.waitForURL(`**/books/${book.id}`);
      const questions = await topicsWithQuestions(page, book.id);
      expect(questions).toHaveLength(count);
      for (const n of questions) expect(n).toBeGreaterThan(0);

      // The first question is one tap away from Home.
      await open(page, "/", javaScriptEnabled);
      await page
        .locator("main .action-card")
        .first()
        .getByRole("link", { name: /^Trả lời:/ })
        .waitFor();
      assertNoErrors();
    });

    it.runIf(javaScriptEnabled)(
      "a title tapped before drag and drop arrives keeps the focus and the caret when the cards become sortable",
      async () => {
        const { page, assertNoErrors } = await phoneUser(true);
        const book = await createBook(env.server, page, { title: "Sổ tay", language: "vi" });
        // dnd-kit's chunk is held back until the title has been tapped and typed in, as on a slow phone.
        let letDndThrough = () => {};
        const dndHeld = new Promise<void>((resolve) => (letDndThrough = resolve));
        await page.route(/\/assets\/dnd-list-[^/]*\.js$/, async (route) => {
          await dndHeld;
          await route.continue();
        });
        await open(page, `/books/${book.id}/suggest-topics`, true);
        const dialog = page.locator("dialog.dialog[open]");
        // The browser checks a field once it is left, from here on: the title is then left as its card is replaced.
        await dialog.locator("form[data-validates=browser]").waitFor();
        const pagePosts: string[] = [];
        page.on("request", (request) => {
          if (request.isNavigationRequest()) pagePosts.push(`${request.method()} ${request.url()}`);
        });
        const title = dialog.getByLabel("Tên chủ đề 2");
        const before = await title.inputValue();
        await title.click();
        await page.keyboard.press("End");
        await page.keyboard.type(" xưa");
        await page.keyboard.press("ArrowLeft");
        expect(await dialog.locator(".drag-handle").count()).toBe(0);

        letDndThrough();
        await dialog.locator(".suggest-item .drag-handle").first().waitFor();
        expect(await title.evaluate((element) => element === document.activeElement)).toBe(true);
        // The caret is where it was, one letter from the end.
        await page.keyboard.type("n");
        expect(await title.inputValue()).toBe(`${before} xưna`);
        // Leaving the title as it was replaced did not send the page to the server in the middle of the typing.
        expect(pagePosts).toEqual([]);
        assertNoErrors();
      },
    );

    it("a story answering a long question is titled with its first clause, which its field shows whole", async () => {
      const { page, assertNoErrors } = await phoneUser(javaScriptEnabled);
      const book = await createBook(env.server, page, { title: "Sổ tay", language: "vi" });
      const topicId = await createTopic(env.server, page, book.id, { title: "Tuổi thơ" });
      const question = "Ngôi nhà nơi bạn lớn lên trông như thế nào, và ai đã sống cùng bạn ở đó?";
      const added = await page.request.post(`${env.server.url}/api/topics/${topicId}/questions`, {
        data: { question },
        headers: { Origin: env.server.url },
      });
      const { id: questionId } = (await added.json()) as { id: number };
      await open(
        page,
        `/books/${book.id}?openEditor=story&topicId=${topicId}&questionId=${questionId}`,
        javaScriptEnabled,
      );
      const title = page.locator("#title");
      await title.waitFor();
      // The question's first clause in its own words, not cut off with "…" (issue 35).
      expect(await title.inputValue()).toBe("Ngôi nhà nơi bạn lớn lên trông như thế nào");
      expect(await showsWhole(title)).toBe(true);
      // The whole question is the prompt above the form.
      expect(await page.locator(".story-panel .notice").textContent()).toContain(question);
      assertNoErrors();
    });

    it("notices sit at the bottom, clear of the title and the first question, in one line, and close", async () => {
      const { page, assertNoErrors } = await phoneUser(javaScriptEnabled);
      const book = await createBook(env.server, page, { title: "Sổ tay", language: "vi" });
      const topicId = await createTopic(env.server, page, book.id, { title: "Tuổi thơ" });
      await open(page, `/books/${book.id}/topics/${topicId}`, javaScriptEnabled);
      await Promise.all([
        page.waitForURL(`**/books/${book.id}/topics/${topicId}`, { waitUntil: "load" }),
        page.getByRole("button", { name: "Tạo câu hỏi" }).click(),
      ]);
      const notice = toast(page);
      await notice.locator(".toast-title", { hasText: "Đã có câu hỏi mới" }).waitFor();
      if (javaScriptEnabled) await waitForHydration(page);
      expect(pathOf(page)).toBe(`/books/${book.id}/topics/${topicId}`);

      const noticeBox = await box(notice);
      expect(noticeBox.y).toBeGreaterThan(PHONE.viewport.height / 2);
      expect(overlaps(noticeBox, await box(page.locator("main h1")))).toBe(false);
      expect(overlaps(noticeBox, await box(page.locator(".question-link").first()))).toBe(false);

      // A title alone is one line, centred on the close control, with no empty line under it.
      const titleBox = await box(notice.locator(".toast-title"));
      // The one close control shown: the button with scripts, the checkbox without.
      const close = notice.getByLabel("Đóng thông báo").filter({ visible: true });
      expect(Math.abs(centreY(titleBox) - centreY(await box(close)))).toBeLessThanOrEqual(2);
      expect(await notice.locator(".toast-message").count()).toBe(0);

      // The close control works with and without scripts. The pointer stays over the notice, which pauses its
      // 5 s fade: only the control can hide it here.
      await close.click();
      await notice.waitFor({ state: "hidden" });
      assertNoErrors();
    });
  });
}
