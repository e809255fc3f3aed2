import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage, serverAndBrowser } from "../support/browser";
import { createUser, signIn, waitForHydration } from "./helpers";

// The product's main path by keyboard alone: create a book, add a topic, write and complete a story,
// open the book's preview. Only page.keyboard moves and acts (Tab, Shift+Tab, Enter, Space, arrows,
// typing); locators only read where focus is. At every stop the focus is visible and not hidden under
// the sticky header (WCAG 2.4.7, 2.4.11), and each result is checked through the API.
const env = serverAndBrowser();

/**
 * How the focused element looks: its focus ring (on it or the label or card that draws it) and whether something covers
 * it.
 */
function focusReport(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { ok: false, what: "nothing focused" };
    const ring = (e: Element) => {
      const style = getComputedStyle(e);
      return style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2;
    };
    // The radio tabs draw the ring on their label, a book card on the whole card (:has / :focus-within).
    let ringed = false;
    for (let e: Element | null = el, i = 0; e && i < 3 && !ringed; e = e.parentElement, i++) ringed = ring(e);
    const box = el.getBoundingClientRect();
    const x = Math.min(Math.max(box.left + box.width / 2, 0), innerWidth - 1);
    const y = Math.min(Math.max(box.top + Math.min(box.height / 2, 20), 0), innerHeight - 1);
    const top = document.elementFromPoint(x, y);
    const covered = !(top && (el.contains(top) || top.contains(el) || top === el.closest("label")));
    const inView = box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
    const what =
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} ` +
      `"${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`;
    return {
      ok: el.matches(":focus-visible") && ringed && inView && !covered,
      what:
        `${what}: focus-visible ${el.matches(":focus-visible")}, ring ${ringed}, in view ${inView}, ` +
        `covered by ${covered ? top?.outerHTML.slice(0, 80) : "nothing"}`,
    };
  });
}

async function expectFocusVisible(page: Page) {
  const report = await focusReport(page);
  expect(report.ok, report.what).toBe(true);
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);

/** After an action: the focus is (or comes back) on `target`, not lost on <body>, and it shows. */
async function expectFocusOn(page: Page, target: Locator) {
  await expect.poll(() => isFocused(target), { timeout: 10_000 }).toBe(true);
  await expectFocusVisible(page);
}

/** Presses Tab (or Shift+Tab) until `target` has the focus, checking the focus ring at the stop. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  await target.waitFor({ state: "visible" });
  const passed: string[] = [];
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) {
      await expectFocusVisible(page);
      return;
    }
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    passed.push((await focusReport(page)).what.split(":")[0]!);
  }
  throw new Error(`Tab never reached the target; focus went through:\n${passed.join("\n")}`);
}

describe("a keyboard-only walk", () => {
  it("creates a book, adds a topic, writes and completes a story and opens the preview", {
    timeout: 180_000,
  }, async () => {
    const user = await createUser(env.server);
    const { page, assertNoErrors } = await openPage(env.browser, { viewport: { width: 1280, height: 900 } });
    await signIn(page, env.server, user.username, user.password);
    const api = async <T>(path: string) => (await (await page.request.get(`${env.server.url}${path}`)).json()) as T;

    // The skip link comes first and shows itself.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.className)).toBe("skip-link");
    await expectFocusVisible(page);

    // 1. Create a book from the home page's hero.
    await tabTo(page, page.locator("main").getByRole("link", { name: "Create a new book" }).first());
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("dialog") === "create-book"),
      page.keyboard.press("Enter"),
    ]);
    const dialog = page.locator("dialog.dialog:modal");
    await dialog.waitFor();
    await tabTo(page, dialog.getByLabel("Title", { exact: true }));
    await page.keyboard.type("Grandpa's garden");
    await page.keyboard.press("Tab");
    await expectFocusVisible(page);
    await page.keyboard.type("Vegetables, fruit trees and the neighbours");
    await tabTo(page, dialog.getByRole("button", { name: "Create book" }));
    await Promise.all([page.waitForURL(/\/books\/\d+\/suggest-topics$/), page.keyboard.press("Enter")]);
    const bookId = Number(/\/books\/(\d+)/.exec(page.url())![1]);
    const books = await api<{ id: number; title: string; description: string }[]>("/api/books");
    expect(books).toEqual([
      expect.objectContaining({
        id: bookId,
        title: "Grandpa's garden",
        description: "Vegetables, fruit trees and the neighbours",
      }),
    ]);

    // The suggested topics are not wanted: Cancel leaves them, and the focus goes on to the book's
    // title (the control that had it is gone), not back to the top of the page.
    await waitForHydration(page);
    await tabTo(page, page.locator("dialog.dialog:modal").getByRole("link", { name: "Cancel" }));
    await Promise.all([
      page.waitForURL((url) => url.pathname === `/books/${bookId}` && !url.search),
      page.keyboard.press("Enter"),
    ]);
    await page.locator("dialog.dialog").waitFor({ state: "detached" });
    await expectFocusOn(page, page.locator("#book-title"));

    // A dialog opened from the page closes on Escape and gives the focus back to what opened it.
    const editBook = page.getByRole("link", { name: "Edit book information" });
    await tabTo(page, editBook);
    await page.keyboard.press("Enter");
    await page.locator("dialog.dialog:modal").waitFor();
    await expectFocusOn(page, page.locator("dialog.dialog").getByRole("link", { name: "Close" }));
    await page.keyboard.press("Escape");
    await page.locator("dialog.dialog").waitFor({ state: "detached" });
    await expectFocusOn(page, editBook);

    // 2. Add a topic from the contents panel; once saved, the focus is on the topic editor's heading.
    await tabTo(page, page.locator(".workspace-toc").getByRole("link", { name: "Add topic" }));
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "New topic" }).waitFor();
    await expectFocusOn(page, page.getByLabel("Topic title"));
    await page.keyboard.type("The vegetable beds");
    await tabTo(page, page.getByRole("button", { name: "Save topic" }));
    await page.keyboard.press("Enter");
    await expectFocusOn(page, page.getByRole("heading", { name: "Edit topic" }));
    const topics = await api<{ id: number; title: string }[]>(`/api/books/${bookId}/topics`);
    expect(topics).toEqual([expect.objectContaining({ title: "The vegetable beds" })]);
    const topic = topics[0]!;

    // 3. Write a story in the Manual story tab and complete it.
    const addStory = page.locator(".workspace-toc").getByRole("link", { name: "Add story to The vegetable beds" });
    await tabTo(page, addStory, { back: true });
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "New story" }).waitFor();
    // Opening the editor puts the focus on its first field (issue 20): a topic without questions opens on Manual
    // story, at the story's title.
    await expectFocusOn(page, page.getByLabel("Story title"));
    // The tabs are a radio group just before it: Tab enters it on the chosen tab, the arrow keys choose another.
    // Go to Interview questions and back.
    const ways = page.getByRole("radiogroup", { name: "Ways to write the story" });
    await tabTo(page, ways.getByRole("radio", { name: "Manual story" }), { back: true });
    await page.keyboard.press("ArrowLeft");
    expect(await ways.getByRole("radio", { name: "Interview questions" }).isChecked()).toBe(true);
    await page.getByText("This topic has no unanswered questions.", { exact: false }).waitFor();
    await expectFocusVisible(page);
    await page.keyboard.press("ArrowRight");
    expect(await ways.getByRole("radio", { name: "Manual story" }).isChecked()).toBe(true);
    await expectFocusVisible(page);
    await tabTo(page, page.getByLabel("Story title"));
    await page.keyboard.type("Tomatoes in July");
    await tabTo(page, page.getByLabel("Your story", { exact: true }));
    await page.keyboard.type("Grandpa picked the first tomatoes in July and shared them with the neighbours.");
    await tabTo(page, page.getByRole("button", { name: "Complete" }));
    await page.keyboard.press("Enter");
    await expectFocusOn(page, page.getByRole("heading", { name: "Edit story" }));
    expect(await api<{ title: string; content: string; status: string }[]>(`/api/topics/${topic.id}/stories`)).toEqual([
      expect.objectContaining({
        title: "Tomatoes in July",
        status: "published",
        content: "Grandpa picked the first tomatoes in July and shared them with the neighbours.",
      }),
    ]);

    // 4. Open the book's preview tab and generate it.
    await tabTo(page, page.getByRole("link", { name: "Book preview" }));
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("ptab") === "book"),
      page.keyboard.press("Enter"),
    ]);
    const generate = page.locator(".preview-actions button[type=submit]");
    await tabTo(page, page.getByRole("button", { name: "Generate the book preview" }));
    await page.keyboard.press("Enter");
    await page
      .locator(".preview-panel")
      .getByText("Grandpa picked the first tomatoes", { exact: false })
      .first()
      .waitFor();
    // Busy, the button keeps the focus (aria-disabled, not disabled), and is Regenerate after.
    await expectFocusOn(page, generate);
    await page.getByRole("button", { name: "Regenerate" }).waitFor({ timeout: 10_000 });
    await expectFocusOn(page, generate);
    const preview = await api<{ preview: string; fromCache: boolean }>(`/api/books/${bookId}/preview`);
    expect(preview.fromCache).toBe(true);
    expect(preview.preview).toContain("Grandpa picked the first tomatoes in July");
    assertNoErrors();
  });
});
