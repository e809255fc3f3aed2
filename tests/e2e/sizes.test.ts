import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { loginThroughForm, openPage, serverAndBrowser } from "../support/browser";
import { createUser, openMenu, waitForHydration, type TestUser } from "./helpers";
import { createScreenData, openScreen, screens, signInAsAdmin, type ScreenData } from "./screen-data";

// Big targets and readable text, for the older relatives this app is written for.
const env = serverAndBrowser();
let user: TestUser;
let data: ScreenData;

beforeAll(async () => {
  [user, data] = await Promise.all([
    createUser(env.server, { displayName: "Bà Năm" }),
    createScreenData(env.server, env.browser),
  ]);
});

const MIN_TARGET = 44;
const MIN_FONT = 16;

/**
 * Every visible control smaller than 44x44 CSS px: buttons, inputs, summaries, selects, and links
 * except inline text links inside running text (a paragraph or list item of prose).
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const label = (el: Element, box: DOMRect) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${[...el.classList].join(".")} ` +
      `"${(el.textContent ?? "").trim().slice(0, 30)}" ${Math.round(box.width)}x${Math.round(box.height)}`;
    const out: string[] = [];
    for (const el of document.querySelectorAll("button, input, select, textarea, summary, a[href]")) {
      if (el instanceof HTMLInputElement && el.type === "hidden") continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.display === "none") continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // Off-screen until focused, like the skip link.
      if (box.right <= 0 || box.bottom <= 0 || box.left >= innerWidth) continue;
      if (el.tagName === "A" && style.display === "inline" && el.closest("p, li") && !el.classList.contains("button"))
        continue;
      if (box.width < min - 0.5 || box.height < min - 0.5) out.push(label(el, box));
    }
    return out;
  }, MIN_TARGET);
}

/** Every visible element holding its own text whose computed font-size is under 16 px. */
function smallText(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const el = node.parentElement!;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || el.closest("[hidden], template, script, style")) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= 0 || box.bottom <= 0) continue;
      // Screen-reader-only text has no visible size.
      if (box.width <= 1 && box.height <= 1) continue;
      if (parseFloat(style.fontSize) < min)
        out.push(
          `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} "${node.textContent.trim().slice(0, 30)}" ` +
            `${style.fontSize}`,
        );
    }
    return out;
  }, MIN_FONT);
}

async function expectComfortable(page: Page, what: string) {
  expect(
    parseFloat(await page.evaluate(() => getComputedStyle(document.body).fontSize)),
    `${what}: body font-size`,
  ).toBeGreaterThanOrEqual(MIN_FONT);
  expect(await smallTargets(page), `${what}: targets under 44x44`).toEqual([]);
  expect(await smallText(page), `${what}: text under 16px`).toEqual([]);
}

describe.concurrent("target and text sizes", () => {
  it("are comfortable on /login and / on a wide screen, with every menu open", async () => {
    const { page, assertNoErrors } = await openPage(env.browser);
    await page.goto(`${env.server.url}/login`);
    await waitForHydration(page);
    await expectComfortable(page, "/login");
    // Also with the failed-login toast (its close button) and in Vietnamese.
    await page.fill("#username", user.username);
    await page.fill("#password", "wrong-password");
    await page.click("button[type=submit]:below(#password)");
    await page.locator(".toast").waitFor({ state: "visible" });
    await expectComfortable(page, "/login with a toast");
    await Promise.all([
      page.waitForURL(/\/login$/),
      page.locator(".login-language").getByRole("button", { name: "Tiếng Việt" }).click(),
    ]);
    await waitForHydration(page);
    await expectComfortable(page, "/login in Vietnamese");
    await Promise.all([
      page.waitForURL(/\/login$/),
      page.locator(".login-language").getByRole("button", { name: "English" }).click(),
    ]);

    await loginThroughForm(page, env.server.url, user.username, user.password);
    await waitForHydration(page);
    await expectComfortable(page, "/");
    for (const label of ["Language", "Books", "Account menu"]) {
      const menu = await openMenu(page, label);
      await expectComfortable(page, `/ with the ${label} menu open`);
      await menu.locator("summary").click();
    }
    assertNoErrors([{ path: "/login.data", status: 401 }]);
  });

  it("are comfortable on a 390 px phone, with the slide-out menu open", async () => {
    const { page, assertNoErrors } = await openPage(env.browser, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await page.goto(`${env.server.url}/login`);
    await waitForHydration(page);
    await expectComfortable(page, "/login on a phone");
    await loginThroughForm(page, env.server.url, user.username, user.password);
    await waitForHydration(page);
    await expectComfortable(page, "/ on a phone");
    await openMenu(page, "Open menu");
    await expectComfortable(page, "/ on a phone with the menu open");
    assertNoErrors();
  });

  // Every other screen (the workspace in its states, the topic page, library, profile, admin, the shared
  // page) and the dialogs, signed in as the admin who owns the screen data, wide and on a phone.
  for (const device of [
    { name: "a wide screen", options: { viewport: { width: 1280, height: 900 } } },
    { name: "a 390 px phone", options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  ]) {
    it(`are comfortable on every screen and dialog on ${device.name}`, { timeout: 180_000 }, async ({ expect }) => {
      const { page, assertNoErrors } = await openPage(env.browser, device.options);
      await signInAsAdmin(page.request, env.server);
      const problems: string[] = [];
      for (const screen of screens(data)) {
        expect(await openScreen(page, env.server.url, screen), screen.path).toBe(200);
        for (const target of await smallTargets(page)) problems.push(`${screen.path}: target under 44x44: ${target}`);
        for (const text of await smallText(page)) problems.push(`${screen.path}: text under 16px: ${text}`);
      }
      expect(problems).toEqual([]);
      assertNoErrors();
    });
  }
});
