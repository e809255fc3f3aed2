import { describe, it } from "vitest";
import { loginThroughForm, openPage, serverAndBrowser } from "../support/browser";
import { createUser, openMenu, waitForHydration } from "./helpers";

// Issue 16: after logout, pressing Back showed the previous user's book page from the browser's cache.
// Pages are sent `Cache-Control: private, no-store`, so Back asks the server, which sends a signed-out
// visitor to the login page.
const env = serverAndBrowser();

describe("Back after logout", () => {
  for (const javaScriptEnabled of [true, false]) {
    const how = javaScriptEnabled ? "with" : "without";
    it(`does not show the signed-out user's book page again, ${how} JavaScript`, async ({ expect }) => {
      const user = await createUser(env.server);
      const { page, assertNoErrors } = await openPage(env.browser, { javaScriptEnabled });
      await loginThroughForm(page, env.server.url, user.username, user.password);
      const title = "Nhật ký riêng của bà";
      const created = await page
        .context()
        .request.post(`${env.server.url}/api/books`, { data: { title, description: "Chỉ bà được đọc" } });
      expect(created.status()).toBe(201);
      const { id } = (await created.json()) as { id: number };

      await page.goto(`${env.server.url}/books/${id}`);
      if (javaScriptEnabled) await waitForHydration(page);
      expect(await page.getByRole("heading", { name: title }).count()).toBeGreaterThan(0);

      const account = await openMenu(page, "Account menu");
      await Promise.all([
        page.waitForURL((url) => url.pathname === "/login"),
        account.getByRole("button", { name: "Logout" }).click(),
      ]);

      await page.goBack();
      // Back ends on the book page from the browser's cache, or, when the browser asks the server again, on the
      // login page the server sends a signed-out visitor to. (goBack may return at a same-document navigation of
      // the login page being left, before the new page has come: wait for either end.)
      await page.waitForURL((url) => url.pathname === `/books/${id}` || url.searchParams.has("redirectTo"));
      const url = new URL(page.url());
      expect(url.pathname + url.search).toBe(`/login?redirectTo=%2Fbooks%2F${id}`);
      expect(await page.content()).not.toContain(title);
      expect(await page.content()).not.toContain("Chỉ bà được đọc");
      assertNoErrors();
    });
  }
});
