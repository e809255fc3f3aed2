import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, loginThroughForm, openPage, serverAndBrowser } from "../support/browser";
import { ADMIN_PASSWORD } from "../support/server";
import { createUser, openMenu, pathOf, signIn, toast, waitForHydration, type TestUser } from "./helpers";

// axe-core (WCAG 2.2 AA) on every page this foundation has, in both themes and on a phone-sized screen.
const env = serverAndBrowser();
let member: TestUser;

beforeAll(async () => {
  member = await createUser(env.server, { displayName: "Minh Anh" });
});

const NOT_FOUND = "/no-such-page/anywhere";

async function visit(page: Page, path: string) {
  const response = await page.goto(`${env.server.url}${path}`);
  expect(response?.status(), path).toBe(path === NOT_FOUND ? 404 : 200);
  await waitForHydration(page);
}

async function clickAndWait(page: Page, link: Locator, path: string, search: Record<string, string> = {}) {
  await Promise.all([
    page.waitForURL(
      (url) =>
        url.pathname === path && Object.entries(search).every(([key, value]) => url.searchParams.get(key) === value),
    ),
    link.click(),
  ]);
}

/**
 * Every signed-in page and dialog state, as the admin sees it, reached the way a person would: through
 * the header and the page's own links (client-side navigations, cheaper than reloading each page).
 */
async function checkSignedInPages(page: Page) {
  await visit(page, "/");
  await expectNoAxeViolations(page);

  const account = await openMenu(page, "Account menu");
  await clickAndWait(page, account.getByRole("link", { name: "Profile" }), "/profile");
  await page.locator("#profile-form").waitFor();
  await expectNoAxeViolations(page);

  await clickAndWait(page, page.locator("nav.header-nav").getByRole("link", { name: "Admin" }), "/admin");
  await page.locator(".stat-grid").waitFor();
  await expectNoAxeViolations(page);
  // The dashboard's other tabs have their own test (admin-dashboard.test.ts); the users table is here.
  await clickAndWait(page, page.locator("nav.admin-tabs").getByRole("link", { name: "Users" }), "/admin", {
    tab: "users",
  });
  await page.locator("table").waitFor();
  await expectNoAxeViolations(page);

  const memberRow = page.locator("tbody tr", { hasText: member.email });
  const dialogs: [Locator, Record<string, string>][] = [
    [page.getByRole("link", { name: "Add user" }), { dialog: "add-user" }],
    [memberRow.getByRole("link", { name: /^Edit/ }), { dialog: "edit-user", id: String(member.id) }],
    [memberRow.getByRole("link", { name: /^Delete/ }), { dialog: "delete-user", id: String(member.id) }],
  ];
  for (const [link, search] of dialogs) {
    await clickAndWait(page, link, "/admin", search);
    await page.locator("dialog.dialog").waitFor({ state: "visible" });
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await page.locator("dialog.dialog").waitFor({ state: "detached" });
  }

  await visit(page, "/unauthorized");
  await expectNoAxeViolations(page);
  await visit(page, NOT_FOUND);
  expect(await page.locator("h1").textContent()).toBe("404 Page Not Found");
  await expectNoAxeViolations(page);
}

// The three runs are independent (a context each), so they run side by side: most of their time is
// spent waiting on page loads, and two cores can overlap that.
// Three page walks share two cores: each gets more than the default minute.
describe.concurrent("axe-core", { timeout: 120_000 }, () => {
  // Concurrent tests take `expect` from their own context (expect.poll needs it).
  it("finds nothing on any page in the light theme, signed out and signed in", async ({ expect }) => {
    const { page, assertNoErrors } = await openPage(env.browser);

    // Signed out: the login page in English and Vietnamese, and its failed-login toast.
    await visit(page, "/login");
    expect(await page.locator("html").getAttribute("class")).toBe("theme-light");
    await expectNoAxeViolations(page);
    await page.fill("#username", "admin");
    await page.fill("#password", "wrong-password");
    await page.click("button[type=submit]:below(#password)");
    await toast(page).waitFor({ state: "visible" });
    await expectNoAxeViolations(page);
    await Promise.all([
      page.waitForURL(/\/login$/),
      page.locator(".login-language").getByRole("button", { name: "Tiếng Việt" }).click(),
    ]);
    await waitForHydration(page);
    expect(await page.locator("html").getAttribute("lang")).toBe("vi");
    expect(await page.locator("h1").textContent()).toBe("Đăng nhập");
    await expectNoAxeViolations(page);
    await Promise.all([
      page.waitForURL(/\/login$/),
      page.locator(".login-language").getByRole("button", { name: "English" }).click(),
    ]);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await visit(page, "/unauthorized");
    await expectNoAxeViolations(page);
    await visit(page, NOT_FOUND);
    await expectNoAxeViolations(page);

    await loginThroughForm(page, env.server.url, "admin", ADMIN_PASSWORD);
    expect(pathOf(page)).toBe("/");
    expect(await page.locator(".site-header .logo").textContent()).toBe("Heirloom");
    expect(await page.locator(".site-header .logo").getAttribute("href")).toBe("/");
    await checkSignedInPages(page);

    // A dialog showing the server's field errors.
    await visit(page, "/admin?dialog=add-user");
    await page.locator("dialog.dialog").waitFor({ state: "visible" });
    await page.fill("#username", "ab");
    await page.fill("#email", "not-an-email");
    await page.fill("#password", "123");
    await page.getByRole("button", { name: "Create user" }).click();
    await page.locator("#username-error").waitFor();
    await expectNoAxeViolations(page);

    // Each header menu, open.
    await visit(page, "/");
    for (const label of ["Language", "Books", "Account menu"]) {
      const menu = await openMenu(page, label);
      await expectNoAxeViolations(page);
      await menu.locator("summary").click();
    }

    // The failed login answers 401, the invalid form 400 and the 404 page 404, on purpose.
    assertNoErrors([
      { path: "/login.data", status: 401 },
      { path: "/admin.data", status: 400 },
      { path: NOT_FOUND, status: 404 },
    ]);
  });

  it(
    "finds nothing on any page in the dark theme, " +
      "then the system theme on a dark device, chosen in the account menu",
    async ({ expect }) => {
      const { page, assertNoErrors } = await openPage(env.browser);
      await signIn(page, env.server, "admin", ADMIN_PASSWORD);
      expect(await page.locator("html").getAttribute("class")).toBe("theme-light");

      // The theme form in the account menu sets the cookie; the server renders the dark theme from the first byte.
      const account = await openMenu(page, "Account menu");
      await Promise.all([
        page.waitForURL((url) => url.pathname === "/"),
        account.getByRole("button", { name: "Dark" }).click(),
      ]);
      await waitForHydration(page);
      expect(await page.locator("html").getAttribute("class")).toBe("theme-dark");
      expect(await page.evaluate(() => localStorage.getItem("heirloom:theme"))).toBe("dark");
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(23, 21, 18)");
      await checkSignedInPages(page);
      await visit(page, "/");
      const darkMenu = await openMenu(page, "Account menu");
      expect(await darkMenu.getByRole("button", { name: "Dark" }).getAttribute("aria-current")).toBe("true");
      await expectNoAxeViolations(page);

      // System follows the device: on a dark-mode device it is dark too.
      await page.emulateMedia({ colorScheme: "dark" });
      await Promise.all([
        page.waitForURL((url) => url.pathname === "/"),
        darkMenu.getByRole("button", { name: "System" }).click(),
      ]);
      await waitForHydration(page);
      expect(await page.locator("html").getAttribute("class")).toBe("theme-system");
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(23, 21, 18)");
      await expectNoAxeViolations(page);
      const systemMenu = await openMenu(page, "Account menu");
      expect(await systemMenu.getByRole("button", { name: "System" }).getAttribute("aria-current")).toBe("true");
      await Promise.all([
        page.waitForURL((url) => url.pathname === "/"),
        systemMenu.getByRole("button", { name: "Dark" }).click(),
      ]);
      await waitForHydration(page);
      const accountAgain = await openMenu(page, "Account menu");

      // Signed out, the login page keeps the dark theme.
      await Promise.all([page.waitForURL(/\/login$/), accountAgain.getByRole("button", { name: "Logout" }).click()]);
      expect(await page.locator("html").getAttribute("class")).toBe("theme-dark");
      await waitForHydration(page);
      await expectNoAxeViolations(page);
      await page.fill("#username", "admin");
      await page.fill("#password", "wrong-password");
      await page.click("button[type=submit]:below(#password)");
      await toast(page).waitFor({ state: "visible" });
      await expectNoAxeViolations(page);
      assertNoErrors([
        { path: "/login.data", status: 401 },
        { path: NOT_FOUND, status: 404 },
      ]);
    },
  );

  it("finds nothing on a 390 px phone screen with the slide-out menu open", async ({ expect }) => {
    const { page, assertNoErrors } = await openPage(env.browser, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await visit(page, "/login");
    await expectNoAxeViolations(page);
    await signIn(page, env.server, "admin", ADMIN_PASSWORD);

    for (const path of ["/", "/profile", "/admin?tab=users"]) {
      await visit(page, path);
      // The wide-screen navigation is hidden and nothing scrolls sideways: the users table scrolls inside its own
      // region.
      expect(await page.locator("nav.header-nav").isVisible()).toBe(false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      const menu = await openMenu(page, "Open menu");
      const panel = menu.locator(".slide-out");
      for (const name of ["Home", "Library", "Admin", "View all books", "Profile", "Logout"]) {
        expect(
          await panel.getByRole(name === "Logout" ? "button" : "link", { name, exact: true }).isVisible(),
          name,
        ).toBe(true);
      }
      // The page's Save action moves into the menu on small screens.
      expect(await panel.getByRole("button", { name: "Save" }).count()).toBe(path === "/profile" ? 1 : 0);
      // Once it has slid in, the panel sits inside the screen at its right edge.
      await expect
        .poll(async () => {
          const box = (await panel.boundingBox())!;
          return Math.round(box.x + box.width);
        })
        .toBe(390);
      expect((await panel.boundingBox())!.x).toBeGreaterThan(0);
      await expectNoAxeViolations(page);
      // Escape closes it and gives focus back to its button.
      await page.keyboard.press("Escape");
      await panel.waitFor({ state: "hidden" });
      expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Open menu");
    }
    expect(pathOf(page)).toBe("/admin");
    assertNoErrors();
  });
});
