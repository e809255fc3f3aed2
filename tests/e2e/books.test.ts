import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations, loginThroughForm, openPage, serverAndBrowser } from "../support/browser";
import { createUser, keyboardDrag, pathOf, toast, waitForHydration } from "./helpers";

const env = serverAndBrowser();

async function signIn(javaScriptEnabled: boolean) {
  const user = await createUser(env.server);
  const watched = await openPage(env.browser, { javaScriptEnabled, viewport: { width: 1280, height: 900 } });
  await loginThroughForm(watched.page, env.server.url, user.username, user.password);
  if (javaScriptEnabled) await waitForHydration(watched.page);
  return watched;
}

const dialog = (page: Page) => page.locator("dialog[open]");

async function createBookThroughDialog(page: Page, title: string) {
  await page.getByRole("link", { name: "Create a new book" }).first().click();
  await dialog(page).waitFor();
  await page.fill("#title", title);
  await page.fill("#description", "Childhood in the village and the school years");
  await page.locator("label.cover-option").nth(1).click();
  await Promise.all([
    page.waitForURL(/\/books\/\d+\/suggest-topics$/),
    dialog(page).getByRole("button", { name: "Create book" }).click(),
  ]);
  await dialog(page).getByRole("heading", { name: "Suggested topics" }).waitFor();
}

describe("books with JavaScript", () => {
  it("creates a book, reviews suggested topics, edits, copies and deletes it; axe is clean throughout", async () => {
    const { page, assertNoErrors } = await signIn(true);
    await expectNoAxeViolations(page);

    // Create: the dialog opens fresh, in the UI language, and leads to the topic suggestions.
    await page.getByRole("link", { name: "Create a new book" }).first().click();
    await dialog(page).waitFor();
    expect(await page.inputValue("#title")).toBe("");
    expect(await page.inputValue("#language")).toBe("en");
    await expectNoAxeViolations(page);
    await dialog(page).getByRole("button", { name: "Create book" }).click();
    // The browser's own check keeps an empty title from being sent.
    expect(pathOf(page)).toBe("/");
    await page.getByRole("link", { name: "Cancel" }).click();
    await createBookThroughDialog(page, "Grandma's stories");
    await expectNoAxeViolations(page);

    // Review: deselect all, then choose two, move the second up, add one, and save.
    const items = dialog(page).locator(".suggest-item");
    const before = await items.count();
    expect(before).toBeGreaterThan(3);
    await dialog(page).getByRole("button", { name: "Deselect all" }).click();
    expect(
      await dialog(page)
        .getByRole("button", { name: /Save selected/ })
        .textContent(),
    ).toBe("Save selected (0)");
    // The button is marked disabled (aria-disabled, still focusable); pressing it explains why, from the form's
    // schema in the browser once it has loaded (ADR 25).
    await dialog(page).locator('form[data-validates="browser"]').waitFor();
    expect(
      await dialog(page)
        .getByRole("button", { name: /Save selected/ })
        .getAttribute("aria-disabled"),
    ).toBe("true");
    await dialog(page)
      .getByRole("button", { name: /Save selected/ })
      .click({ force: true });
    await dialog(page).getByRole("alert").filter({ hasText: "Please select at least one topic to save." }).waitFor();
    await items.nth(0).locator("input[type=checkbox]").check();
    await items.nth(1).locator("input[type=checkbox]").check();
    const secondTitle = await items.nth(1).locator("textarea.suggest-title").inputValue();
    await dialog(page).getByRole("button", { name: "Move topic 2 up" }).click();
    expect(await items.nth(0).locator("textarea.suggest-title").inputValue()).toBe(secondTitle);
    // The drag handle reorders too (keyboard: Space, arrows, Space).
    const thirdTitle = await items.nth(2).locator("textarea.suggest-title").inputValue();
    await dialog(page).getByRole("button", { name: "Drag topic 3 to reorder" }).focus();
    await keyboardDrag(page, [
      ["Space", "is now at position 3 of"],
      ["ArrowUp", "is now at position 2 of"],
      ["Space", "was dropped at position 2 of"],
    ]);
    expect(await items.nth(1).locator("textarea.suggest-title").inputValue()).toBe(thirdTitle);
    await dialog(page).getByRole("button", { name: "Add new topic" }).click();
    await items.last().locator("textarea.suggest-title").fill("The family house");
    expect(
      await dialog(page)
        .getByRole("button", { name: /Save selected/ })
        .textContent(),
    ).toBe("Save selected (3)");
    await Promise.all([
      page.waitForURL(/\/books\/\d+$/),
      dialog(page)
        .getByRole("button", { name: /Save selected/ })
        .click(),
    ]);
    await expect.poll(() => toast(page).locator(".toast-title").textContent()).toBe("Topics Saved");
    const topicTitles = await page.locator(".topic-list .item-title").allTextContents();
    expect(topicTitles).toEqual([secondTitle, expect.any(String), "The family house"]);
    await expectNoAxeViolations(page);

    // Edit: the header card changes.
    await page.getByRole("link", { name: "Edit book information" }).click();
    await dialog(page).waitFor();
    expect(await page.inputValue("#title")).toBe("Grandma's stories");
    await page.fill("#title", "Grandma's life");
    await page.fill("#tone", "Nostalgic");
    await Promise.all([
      page.waitForURL(/\/books\/\d+$/),
      dialog(page).getByRole("button", { name: "Save changes" }).click(),
    ]);
    await expect.poll(() => page.locator("#book-title").textContent()).toBe("Grandma's life");
    expect(await page.locator(".badges").textContent()).toContain("Style: Nostalgic");

    // Copy from the library: the card menu does not open the book, the copy gets its own suggestions.
    await page.goto(`${env.server.url}/books`);
    await waitForHydration(page);
    await expectNoAxeViolations(page);
    const card = page.locator(".book-card", { hasText: "Grandma's life" });
    await card.locator("summary").click();
    expect(pathOf(page)).toBe("/books");
    await Promise.all([
      page.waitForURL(/\/suggest-topics\?copy=1$/),
      card.getByRole("button", { name: "Create copy" }).click(),
    ]);
    await expect.poll(() => toast(page).locator(".toast-title").textContent()).toBe("Copy Created");
    expect(await dialog(page).textContent()).toContain("Grandma's life (Copy)");
    await dialog(page).getByRole("link", { name: "Cancel" }).click();
    await page.locator(".book-card", { hasText: "Grandma's life (Copy)" }).waitFor();

    // Delete the copy with the confirmation.
    const copy = page.locator(".book-card", { hasText: "Grandma's life (Copy)" });
    await copy.locator("summary").click();
    await copy.getByRole("link", { name: "Delete book" }).click();
    await dialog(page).getByRole("heading", { name: "Confirm Delete Book" }).waitFor();
    expect(await dialog(page).textContent()).toContain("This action cannot be undone.");
    await expectNoAxeViolations(page);
    await dialog(page).getByRole("button", { name: "Delete book" }).click();
    await expect.poll(() => toast(page).locator(".toast-title").textContent()).toBe("Book Deleted");
    await expect.poll(() => page.locator(".book-card", { hasText: "(Copy)" }).count()).toBe(0);
    expect(await page.locator(".book-card", { hasText: "Grandma's life" }).count()).toBe(1);
    assertNoErrors();
  });

  it("refuses a cover that is not an image at once, with the spec's toast", async () => {
    const { page, assertNoErrors } = await signIn(true);
    await page.goto(`${env.server.url}/books?dialog=create-book`);
    await waitForHydration(page);
    await page.locator("label.cover-tab", { hasText: "Upload a cover" }).click();
    await page.setInputFiles("#coverFile", {
      name: "notes.svg",
      mimeType: "image/svg+xml",
      buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"),
    });
    await expect.poll(() => toast(page).locator(".toast-title").textContent()).toBe("Format error");
    expect(await toast(page).locator(".toast-message").textContent()).toBe(
      "Please select a file with format: JPEG, PNG, GIF, or WEBP.",
    );
    expect(await page.inputValue("#coverFile")).toBe("");
    assertNoErrors();
  });
});

describe("books without JavaScript", () => {
  it("creates, saves suggested topics, edits, copies and deletes with plain forms", async () => {
    const { page, assertNoErrors } = await signIn(false);
    await page.goto(`${env.server.url}/books`);
    await page.getByRole("link", { name: "Create New Book" }).click();
    await dialog(page).waitFor();
    await page.fill("#title", "Ông nội");
    await Promise.all([
      page.waitForURL(/\/suggest-topics$/),
      dialog(page).getByRole("button", { name: "Create book" }).click(),
    ]);
    expect(await toast(page).locator(".toast-title").textContent()).toBe("Book created");
    // Without JS the list buttons are form posts: deselect all is a round trip.
    await dialog(page).getByRole("button", { name: "Deselect all" }).click();
    await dialog(page).getByRole("checkbox", { name: "Select topic 1" }).check();
    // Without JS the count on the button is the server's (0) until the next post; the checkbox is what counts.
    await Promise.all([
      page.waitForURL(/\/books\/\d+$/),
      dialog(page)
        .getByRole("button", { name: /Save selected/ })
        .click({ force: true }),
    ]);
    expect(await page.locator(".topic-list .item-title").count()).toBe(1);

    await page.getByRole("link", { name: "Edit book information" }).click();
    await page.fill("#title", "Ông nội, bản mới");
    await Promise.all([
      page.waitForURL(/\/books\/\d+$/),
      dialog(page).getByRole("button", { name: "Save changes" }).click(),
    ]);
    expect(await page.locator("#book-title").textContent()).toBe("Ông nội, bản mới");

    await page.goto(`${env.server.url}/books`);
    const card = page.locator(".book-card", { hasText: "Ông nội, bản mới" });
    await card.locator("summary").click();
    await Promise.all([page.waitForURL(/copy=1/), card.getByRole("button", { name: "Create copy" }).click()]);
    await dialog(page).getByRole("link", { name: "Cancel" }).click();
    const copy = page.locator(".book-card", { hasText: "(Copy)" });
    await copy.locator("summary").click();
    await copy.getByRole("link", { name: "Delete book" }).click();
    await Promise.all([page.waitForURL(/\/books$/), dialog(page).getByRole("button", { name: "Delete book" }).click()]);
    expect(await toast(page).locator(".toast-title").textContent()).toBe("Book Deleted");
    expect(await page.locator(".book-card", { hasText: "(Copy)" }).count()).toBe(0);
    assertNoErrors();
  });
});
