import { describe, expect, it } from "vitest";
import { loginThroughForm, openPage, serverAndBrowser } from "../support/browser";
import { ADMIN_PASSWORD } from "../support/server";
import { pathOf, waitForHydration } from "./helpers";

// The admin's strings come with the admin page's code, not with the strings every page loads (ADR 39): the page
// shows them when it is the first page opened and when it is reached from another page in the browser, in both
// languages, without a key shown or a hydration error.
const env = serverAndBrowser();

for (const [locale, tabs, navLabel] of [
  ["en-US", ["Overview", "Users", "Books"], "Admin"],
  ["vi-VN", ["Tổng quan", "Người dùng", "Sách"], "Quản trị"],
] as const) {
  describe(`the admin's strings in ${locale}`, () => {
    it("are there when the admin page is opened first, and when it is reached from Home", async () => {
      const { page, assertNoErrors } = await openPage(env.browser, {
        locale,
        viewport: { width: 1280, height: 900 },
      });
      await loginThroughForm(page, env.server.url, "admin", ADMIN_PASSWORD);
      await waitForHydration(page);
      expect(pathOf(page)).toBe("/");
      await page.getByRole("navigation").first().getByRole("link", { name: navLabel }).click();
      await page.waitForURL((url) => url.pathname === "/admin");
      await waitForHydration(page);
      const tabNames = page.locator(".admin-tabs");
      for (const tab of tabs) await tabNames.getByText(tab, { exact: true }).first().waitFor();
      expect(await page.locator("main").innerText()).not.toMatch(/\badmin\.[a-zA-Z]/);

      await page.goto(`${env.server.url}/admin?tab=users`);
      await waitForHydration(page);
      for (const tab of tabs) await tabNames.getByText(tab, { exact: true }).first().waitFor();
      expect(await page.locator("main").innerText()).not.toMatch(/\badmin\.[a-zA-Z]/);
      assertNoErrors();
    });
  });
}
