import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations, loginThroughForm, openPage, serverAndBrowser } from "../support/browser";
import { createUser, signIn, toast, waitForHydration, waitForToast } from "./helpers";
import { createBook, createTopic, expectComfortableEditor, savedPreview } from "./topic-helpers";

// The workspace's topic editor (/books/{id}?openEditor=topic): Details and Preview tabs with and
// without JavaScript, the preview's autosave, and "Suggest description" for a new topic.
const env = serverAndBrowser();

const CHILDHOOD_EN = "The home, the games and the people of the early years.";
const TET_VI = "Tết Nguyên Đán, ngày giỗ và những phong tục gia đình gìn giữ.";

/** The polite note that says a description was put in. */
const suggestedNote = (page: Page) =>
  page.locator(".suggest-description [role=status]", { hasText: "A description was suggested" });

const tab = (page: Page, name: string) => page.locator(".topic-tab", { hasText: name }).locator("input[type=radio]");

describe("the topic editor's tabs", () => {
  it("switch between Details and Preview by mouse and keyboard, with big targets and no axe violations", async () => {
    const user = await createUser(env.server);
    const { page, assertNoErrors } = await openPage(env.browser, { viewport: { width: 1280, height: 900 } });
    await signIn(page, env.server, user.username, user.password);
    const book = await createBook(env.server, page, { title: "Family book", language: "en" });
    const topicId = await createTopic(env.server, page, book.id, {
      title: "Childhood",
      description: "The early years",
      preview: "We lived by the river.",
    });
    await page.goto(`${env.server.url}/books/${book.id}?openEditor=topic&topicId=${topicId}`);
    await waitForHydration(page);

    // Details first: title and description, the preview hidden.
    expect(await tab(page, "Details").isChecked()).toBe(true);
    expect(await page.inputValue("#title")).toBe("Childhood");
    expect(await page.locator("#topic-description").isVisible()).toBe(true);
    expect(await page.locator("#topic-preview").isVisible()).toBe(false);
    await expectComfortableEditor(page);
    await expectNoAxeViolations(page);

    await page.locator(".topic-tab", { hasText: "Preview" }).click();
    await page.locator("#topic-preview").waitFor({ state: "visible" });
    expect(await page.locator("#title").isVisible()).toBe(false);
    expect(await page.inputValue("#topic-preview")).toBe("We lived by the river.");
    const box = (await page.locator("#topic-preview").boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(540);
    await expectComfortableEditor(page);
    await expectNoAxeViolations(page);

    // Keyboard: the tabs are one radio group; arrows switch, Tab goes on into the shown panel.
    await tab(page, "Preview").focus();
    await page.keyboard.press("ArrowLeft");
    await page.locator("#title").waitFor({ state: "visible" });
    expect(await tab(page, "Details").isChecked()).toBe(true);
    await page.keyboard.press("ArrowRight");
    await page.locator("#topic-preview").waitFor({ state: "visible" });
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("topic-preview");

    // An empty title while Preview is shown: Save topic opens Details, with the focus on the title. The
    // browser checks the form once its schema has loaded (the server's answer does the same, ADR 25).
    await page.locator('form[data-validates="browser"]:has(#title)').waitFor();
    await page.evaluate(() => {
      const title = document.querySelector<HTMLInputElement>("#title")!;
      title.value = "";
    });
    await page.getByRole("button", { name: "Save topic" }).click();
    await page.locator("#title").waitFor({ state: "visible" });
    expect(await tab(page, "Details").isChecked()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("title");
    assertNoErrors();
  });

  it("work without JavaScript: Save topic stores the preview edited on the Preview tab", async () => {
    const user = await createUser(env.server);
    const { page, assertNoErrors } = await openPage(env.browser, {
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 900 },
    });
    await loginThroughForm(page, env.server.url, user.username, user.password);
    const book = await createBook(env.server, page, { title: "Family book", language: "en" });
    const topicId = await createTopic(env.server, page, book.id, { title: "School days", preview: "First draft." });

    // A new topic has no Suggest description button without JavaScript (it could not work).
    await page.goto(`${env.server.url}/books/${book.id}?openEditor=topic`);
    expect(await page.getByRole("button", { name: "Suggest description" }).count()).toBe(0);

    const editor = `${env.server.url}/books/${book.id}?openEditor=topic&topicId=${topicId}`;
    await page.goto(editor);
    expect(await page.locator("#topic-preview").isVisible()).toBe(false);
    await page.locator(".topic-tab", { hasText: "Preview" }).click();
    await page.locator("#topic-preview").waitFor({ state: "visible" });
    await page.fill("#topic-preview", "The road to school crossed two rice fields.");
    await page.getByRole("button", { name: "Save topic" }).click();
    await waitForToast(page, "Topic saved");
    expect(await savedPreview(env.server, page, topicId)).toBe("The road to school crossed two rice fields.");

    await page.goto(editor);
    expect(await page.inputValue("#title")).toBe("School days");
    await page.locator(".topic-tab", { hasText: "Preview" }).click();
    expect(await page.inputValue("#topic-preview")).toBe("The road to school crossed two rice fields.");
    assertNoErrors();
  });
});

for (const lang of [
  { locale: "en-US", saving: "Saving…", saved: "Saved", preview: "Preview" },
  { locale: "vi-VN", saving: "Đang lưu…", saved: "Đã lưu", preview: "Bản thảo" },
]) {
  describe(`the preview's autosave (${lang.locale})`, () => {
    it(
      "saves a second after typing stops, shows Saving… then Saved, " + "and the text is there after a reload",
      async () => {
        const user = await createUser(env.server);
        const { page, assertNoErrors } = await openPage(env.browser, {
          locale: lang.locale,
          viewport: { width: 1280, height: 900 },
        });
        await signIn(page, env.server, user.username, user.password);
        const book = await createBook(env.server, page, { title: "Sổ tay", language: "vi" });
        const topicId = await createTopic(env.server, page, book.id, { title: "Tết" });
        const editor = `${env.server.url}/books/${book.id}?openEditor=topic&topicId=${topicId}`;
        await page.goto(editor);
        await waitForHydration(page);

        // The PUT is held until the test has seen "Saving…", so that state is checked, not raced.
        const puts: { body: string; contentType: string | undefined }[] = [];
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route(`**/api/topics/${topicId}`, async (route) => {
          if (route.request().method() !== "PUT") return route.continue();
          puts.push({ body: route.request().postData() ?? "", contentType: route.request().headers()["content-type"] });
          await held;
          await route.continue();
        });

        await page.locator(".topic-tab", { hasText: lang.preview }).click();
        const status = page.locator(".autosave-status");
        expect(await status.getAttribute("role")).toBe("status");
        await page.locator("#topic-preview").pressSequentially("Bánh chưng by the fire.", { delay: 20 });
        await status.filter({ hasText: lang.saving }).waitFor();
        expect(await savedPreview(env.server, page, topicId)).toBeNull();
        release();
        await status.filter({ hasText: lang.saved }).waitFor();
        expect(puts.map((put) => JSON.parse(put.body))).toContainEqual({ preview: "Bánh chưng by the fire." });
        expect(puts.every((put) => put.contentType === "application/json")).toBe(true);
        expect(await savedPreview(env.server, page, topicId)).toBe("Bánh chưng by the fire.");

        await page.unroute(`**/api/topics/${topicId}`);
        // The deep link's parameters have left the address bar (docs/product.md §2), so a reload would show the book
        // without the editor: open the editor's address again instead.
        await page.goto(editor);
        await waitForHydration(page);
        await page.locator(".topic-tab", { hasText: lang.preview }).click();
        expect(await page.inputValue("#topic-preview")).toBe("Bánh chưng by the fire.");
        assertNoErrors();
      },
    );
  });
}

describe("a failed autosave", () => {
  it("shows the error toast and keeps the typed text", async () => {
    const user = await createUser(env.server);
    const { page, assertNoErrors } = await openPage(env.browser, { viewport: { width: 1280, height: 900 } });
    await signIn(page, env.server, user.username, user.password);
    const book = await createBook(env.server, page, { title: "Family book", language: "en" });
    const topicId = await createTopic(env.server, page, book.id, { title: "Work" });
    await page.goto(`${env.server.url}/books/${book.id}?openEditor=topic&topicId=${topicId}`);
    await waitForHydration(page);
    // Deleted behind the editor's back (another tab), so the PUT answers 404.
    await page.request.delete(`${env.server.url}/api/topics/${topicId}`, { headers: { Origin: env.server.url } });

    await page.locator(".topic-tab", { hasText: "Preview" }).click();
    await page.fill("#topic-preview", "I started at the rice mill in 1968.");
    await waitForToast(page, "Error");
    expect(await toast(page).locator(".toast-message").textContent()).toBe("Topic content cannot be updated");
    await page.locator(".autosave-status", { hasText: "Not saved" }).waitFor();
    expect(await page.inputValue("#topic-preview")).toBe("I started at the rice mill in 1968.");
    assertNoErrors([{ path: `/api/topics/${topicId}`, status: 404 }]);
  });
});

describe("Suggest description", () => {
  it("needs a title, then fills in a description about the typed topic in the book's language", async () => {
    const user = await createUser(env.server);
    const { page, assertNoErrors } = await openPage(env.browser, { viewport: { width: 1280, height: 900 } });
    await signIn(page, env.server, user.username, user.password);
    const book = await createBook(env.server, page, {
      title: "Grandpa's life",
      description: "From the village to the city",
      language: "en",
    });
    await page.goto(`${env.server.url}/books/${book.id}?openEditor=topic`);
    await waitForHydration(page);
    const button = page.getByRole("button", { name: "Suggest description" });
    await button.waitFor();
    await expectComfortableEditor(page);
    await expectNoAxeViolations(page);

    // No title: the required-title toast, nothing asked of the server.
    await button.click();
    await waitForToast(page, "Error");
    expect(await toast(page).locator(".toast-message").textContent()).toBe("Please enter a topic title");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("title");

    await page.fill("#title", "Childhood");
    await button.click();
    await suggestedNote(page).waitFor();
    expect(await page.inputValue("#topic-description")).toBe(CHILDHOOD_EN);
    await expectNoAxeViolations(page);

    // A title no theme fits: no unrelated description, the text stays as it was.
    await page.fill("#title", "The blue bicycle");
    await Promise.all([page.waitForResponse("**/api/books/suggest-topics"), button.click()]);
    await toast(page)
      .locator(".toast-message", { hasText: /^Cannot generate suggestions$/ })
      .waitFor();
    expect(await toast(page).locator(".toast-title").textContent()).toBe("Error");
    expect(await page.inputValue("#topic-description")).toBe(CHILDHOOD_EN);

    // The suggested description is saved with the new topic.
    await page.fill("#title", "Childhood");
    await page.getByRole("button", { name: "Save topic" }).click();
    await waitForToast(page, "Topic created");
    expect(await page.inputValue("#topic-description")).toBe(CHILDHOOD_EN);
    assertNoErrors();
  });

  it("writes in the book's language, whatever the interface's", async () => {
    const user = await createUser(env.server);
    const { page, assertNoErrors } = await openPage(env.browser, { viewport: { width: 1280, height: 900 } });
    await signIn(page, env.server, user.username, user.password);
    const book = await createBook(env.server, page, { title: "Sổ tay của bà", language: "vi" });
    await page.goto(`${env.server.url}/books/${book.id}?openEditor=topic`);
    await waitForHydration(page);
    await page.fill("#title", "Tết");
    await page.getByRole("button", { name: "Suggest description" }).click();
    await suggestedNote(page).waitFor();
    expect(await page.inputValue("#topic-description")).toBe(TET_VI);
    assertNoErrors();
  });
});
