import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { serverAndBrowser } from "../support/browser";
import { ADMIN_PASSWORD } from "../support/server";
import { createUser, waitForHydration } from "./helpers";
import { SLOW_PHONE, signedInSlowPhone, slowPhone } from "./slow-phone";

// Issue 35, "Smaller things on the phone", measured on a slow 390×844 phone in Vietnamese: every target in the
// suggested-topics dialog is at least 44×44 px, three books show on the library's first screen, and the admin's
// activity list fits the screen with every detail in sight.
const env = serverAndBrowser();

/** Every target in `scope` smaller than 44×44 px, as "what it is: width×height". */
const smallTargets = (scope: Locator) =>
  scope.evaluate((root) =>
    Array.from(
      root.querySelectorAll<HTMLElement>(
        "a, button, input, select, textarea, summary, [role=button], label, [tabindex]:not([tabindex='-1'])",
      ),
    )
      .filter((element) => element.getClientRects().length > 0)
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(({ element, box }) => {
        const name = element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 30);
        return `${element.tagName.toLowerCase()} ${name}: ${Math.round(box.width)}×${Math.round(box.height)}`;
      }),
  );

/**
 * The targets of the suggested-topics list whose shown part (their box within the box that scrolls them) meets the
 * box of the bar at the dialog's foot.
 */
const targetsUnderTheBar = (dialog: Locator) =>
  dialog.evaluate((root) => {
    const bar = root.querySelector(".suggest-bar")!.getBoundingClientRect();
    return Array.from(root.querySelectorAll<HTMLElement>(".suggest-list :is(button, input, textarea)"))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        let scroller = element.parentElement!;
        while (scroller !== root && getComputedStyle(scroller).overflowY === "visible")
          scroller = scroller.parentElement!;
        const view = scroller.getBoundingClientRect();
        const top = Math.max(box.top, view.top);
        const bottom = Math.min(box.bottom, view.bottom);
        return top < bottom && bottom > bar.top && top < bar.bottom;
      })
      .map((element) => element.getAttribute("aria-label"));
  });

describe.each([true, false])("on a slow Vietnamese phone (JavaScript %s)", { timeout: 120_000 }, (js) => {
  it("the suggested-topics dialog has every target 44×44 px or more, none of it under the bar", async () => {
    const { page, book, open, checkAxe, assertNoErrors } = await slowPhone(env.server, env.browser, js);
    await open(`/books/${book.id}/suggest-topics`);
    const dialog = page.locator("dialog.dialog[open]");
    const items = dialog.locator(".suggest-item");
    // With scripts the cards are measured once drag and drop has come (their handles added).
    if (js) await items.locator(".drag-handle").first().waitFor();
    expect(await items.count()).toBeGreaterThanOrEqual(3);
    expect(await smallTargets(dialog)).toEqual([]);
    // And none lies partly under the bar of Cancel and Save, which would leave less of it to tap than its box.
    expect(await targetsUnderTheBar(dialog)).toEqual([]);
    await checkAxe();
    assertNoErrors();
  });

  it("the library shows three whole books on the first screen", async () => {
    const { page, context, open, checkAxe, assertNoErrors } = await slowPhone(env.server, env.browser, js);
    for (const title of ["Những mùa khế chín", "Bến sông quê ngoại", "Ngày cưới của ông bà"]) {
      const response = await context.request.post(`${env.server.url}/api/books`, {
        data: { title, language: "vi", description: "Chuyện kể cho các cháu, từ thuở nhỏ ở quê đến ngày lên phố." },
        headers: { Origin: env.server.url },
      });
      expect(response.status()).toBe(201);
    }
    await open("/books");
    const cards = page.locator(".book-grid .book-card");
    expect(await cards.count()).toBe(4);
    const third = cards.nth(2);
    // Every part of the card the SPEC names is there: cover, title, description, date, story count and menu.
    for (const part of [".book-cover", ".book-card-title", ".clamp-2", ".book-card-meta", ".card-menu summary"]) {
      expect(await third.locator(part).isVisible(), part).toBe(true);
    }
    expect(await third.locator(".book-card-meta").innerText()).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    expect(await bottomOf(third)).toBeLessThanOrEqual(SLOW_PHONE.viewport.height);
    expect(await noSideScroll(page)).toBe(true);
    await checkAxe();
    assertNoErrors();
  });

  it("the admin's activity list fits the screen, every detail whole", async () => {
    const admin = { username: "admin", password: ADMIN_PASSWORD };
    const { page, checkAxe, assertNoErrors } = await signedInSlowPhone(env.server, env.browser, js, admin);
    const user = await aWriterWithLongTitles();
    await page.goto(`${env.server.url}/admin?tab=users&dialog=activities&id=${user.id}`);
    if (js) await waitForHydration(page);
    const dialog = page.locator("dialog.dialog[open]");
    await dialog.waitFor();
    expect(await dialog.locator("tbody tr").count()).toBeGreaterThanOrEqual(3);
    const scroller = dialog.locator(".table-scroll");
    expect(await scroller.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await noSideScroll(page)).toBe(true);
    // Each detail's box lies inside the dialog's, left to right, and its text is not clipped inside it.
    const dialogBox = (await dialog.boundingBox())!;
    const details = dialog.locator("tbody td.cell-text");
    for (let i = 0; i < (await details.count()); i++) {
      const detail = details.nth(i);
      const box = (await detail.boundingBox())!;
      expect(box.x, `detail ${i}`).toBeGreaterThanOrEqual(dialogBox.x);
      expect(box.x + box.width, `detail ${i}`).toBeLessThanOrEqual(dialogBox.x + dialogBox.width + 0.5);
      expect(await detail.evaluate((cell) => cell.scrollWidth <= cell.clientWidth), `detail ${i}`).toBe(true);
    }
    await checkAxe();
    assertNoErrors();
  });
});

const bottomOf = (locator: Locator) => locator.evaluate((element) => element.getBoundingClientRect().bottom);
const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** A user whose activity names a book and a story with long Vietnamese titles. */
async function aWriterWithLongTitles() {
  const user = await createUser(env.server, { displayName: "Bà Nguyễn Thị Lan" });
  const api = await signedInRequests(user);
  const book = await api.post("/api/books", { title: "Chuyện đời của bà, kể lại cho các cháu nội ngoại" });
  const topic = await api.post(`/api/books/${book.id}/topics`, { title: "Những năm tháng tuổi thơ ở quê" });
  await api.post(`/api/topics/${topic.id}/stories`, {
    title: "Buổi chiều bà cùng các bạn ra bến sông giặt áo",
    content: "Ngày xưa…",
  });
  await api.dispose();
  return user;
}

/** A request context signed in as `user`, for writing their data through the API. */
async function signedInRequests(user: { username: string; password: string }) {
  const context = await env.browser.newContext();
  const login = await context.request.post(`${env.server.url}/api/auth/login`, {
    data: { username: user.username, password: user.password },
  });
  expect(login.status()).toBe(200);
  return {
    post: async (path: string, data: unknown) => {
      const response = await context.request.post(`${env.server.url}${path}`, {
        data,
        headers: { Origin: env.server.url },
      });
      expect(response.status(), path).toBe(201);
      return (await response.json()) as { id: number };
    },
    dispose: () => context.close(),
  };
}
