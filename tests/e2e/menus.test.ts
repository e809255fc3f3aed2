import type { Page, Route } from "playwright-core";
import { describe, it } from "vitest";
import { openPage, serverAndBrowser } from "../support/browser";
import { createUser, openMenu, pathOf, signIn, waitForToast } from "./helpers";

// The header's menus and navigations: a menu closes as a navigation starts, never as one ends. A post's answer shows
// while the page's data loads again, and a menu opened then was closed under the reader's finger when it ended.
const env = serverAndBrowser();

/** Holds the page's next data request (`*.data`) until `release` is called; `held` resolves once one is waiting. */
function holdNextDataRequest(page: Page) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let heldOne: (() => void) | null = null;
  const held = new Promise<void>((resolve) => (heldOne = resolve));
  const handler = async (route: Route) => {
    if (route.request().method() !== "GET" || !heldOne) return route.fallback();
    heldOne();
    heldOne = null;
    await gate;
    await route.fallback();
  };
  return {
    start: () => page.route("**/*.data*", handler),
    held,
    release,
  };
}

const language = (page: Page) =>
  page.locator("details.menu", { has: page.locator('summary[aria-label^="Language: "]') });

describe.concurrent("a header menu", () => {
  it("opened while a refused post's page reloads its data stays open when the loading ends", async ({ expect }) => {
    const user = await createUser(env.server);
    const { page, assertNoErrors } = await openPage(env.browser);
    await signIn(page, env.server, user.username, user.password, "/profile");
    await page.locator('#profile-form[data-validates="browser"]').waitFor();

    // A new email without the current password: refused (400), and the page's data is then loaded again.
    const reload = holdNextDataRequest(page);
    await reload.start();
    await page.getByLabel("Email").fill(`new-${user.email}`);
    await page.getByLabel("Email").press("Enter");
    await reload.held;
    // The refusal is on screen while the data is still loading: the reader opens the language menu then.
    await waitForToast(page, "Update failed");
    const menu = await openMenu(page, "Language");
    // A book made meanwhile shows in the Books menu once the loading ends: the sign that its end was committed.
    const made = await page.context().request.post(`${env.server.url}/api/books`, { data: { title: "Sổ tay" } });
    expect(made.status()).toBe(201);
    reload.release();
    const books = page.locator("details.menu", { has: page.locator('summary[aria-label="Books"]') });
    await books.locator("a", { hasText: "Sổ tay" }).waitFor({ state: "attached" });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await menu.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(true);
    await menu.getByRole("button", { name: "Tiếng Việt" }).click();
    await page.locator('html[lang="vi"]').waitFor({ state: "attached" });
    assertNoErrors([{ path: "/profile.data", status: 400 }]);
  });

  it("closes as soon as a link in it starts a navigation, before the next page has loaded", async ({ expect }) => {
    const user = await createUser(env.server);
    const { page, assertNoErrors } = await openPage(env.browser);
    await signIn(page, env.server, user.username, user.password, "/");
    const next = holdNextDataRequest(page);
    await next.start();
    const account = await openMenu(page, "Account menu");
    await account.getByRole("link", { name: "Profile" }).click();
    await next.held;
    // Still on Home, its data for the profile held back, and the menu already closed.
    expect(pathOf(page)).toBe("/");
    await expect.poll(() => account.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false);
    expect(await language(page).evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false);
    next.release();
    await page.waitForURL((url) => url.pathname === "/profile");
    assertNoErrors();
  });
});
