import { describe, expect, it } from "vitest";
import { loginThroughForm, openPage, serverAndBrowser } from "../support/browser";
import { createUser, pathOf, waitForHydration } from "./helpers";

// The library's Topics and Stories sections each filter by book (ADR 39: their options are sent as HTML). A title
// that looks like markup stays text, the chosen book stays chosen after the page reloads or navigates, and the
// other section's filter is left as it was, with JavaScript and without.
const env = serverAndBrowser();
const TRICKY = `Ông & bà </option><script>window.__pwned = 1</script>`;

for (const javaScriptEnabled of [true, false]) {
  describe(`the library's book filters ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    it("narrow topics and stories to one book, and keep the choice shown", async () => {
      const user = await createUser(env.server);
      const { page, assertNoErrors } = await openPage(env.browser, {
        javaScriptEnabled,
        viewport: { width: 1280, height: 900 },
      });
      await loginThroughForm(page, env.server.url, user.username, user.password);
      const post = async (url: string, data: unknown) =>
        (await (
          await page.request.post(`${env.server.url}${url}`, { data, headers: { Origin: env.server.url } })
        ).json()) as { id: number };
      const tricky = await post("/api/books", { title: TRICKY, language: "vi" });
      const plain = await post("/api/books", { title: "Grandpa's war", language: "en" });
      const home = await post(`/api/books/${tricky.id}/topics`, { title: "Quê nhà" });
      const front = await post(`/api/books/${plain.id}/topics`, { title: "The front" });
      await post(`/api/topics/${home.id}/stories`, { title: "Cây đa đầu làng", content: "Ngày xưa…" });
      await post(`/api/topics/${front.id}/stories`, { title: "The letter home", content: "Dear mother…" });

      await page.goto(`${env.server.url}/books`);
      if (javaScriptEnabled) await waitForHydration(page);
      const topicsFilter = page.locator("#tbook");
      const storiesFilter = page.locator("#sbook");
      // Every book is an option, its title as text; nothing in a title runs.
      expect(await topicsFilter.locator("option").allTextContents()).toEqual(["All books", "Grandpa's war", TRICKY]);
      expect(await storiesFilter.inputValue()).toBe("");
      expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

      await topicsFilter.selectOption(String(tricky.id));
      await Promise.all([
        page.waitForURL((url) => url.searchParams.get("tbook") === String(tricky.id)),
        page.getByRole("search", { name: "Search topics" }).getByRole("button", { name: "Search" }).click(),
      ]);
      if (javaScriptEnabled) await waitForHydration(page);
      const topics = page.getByRole("region", { name: "Topics" });
      expect(await topics.locator(".item-title").allTextContents()).toEqual(["Quê nhà"]);
      expect(await topicsFilter.inputValue()).toBe(String(tricky.id));
      expect(await page.locator("#tbook option[selected]").count()).toBe(1);
      expect(await storiesFilter.inputValue()).toBe("");

      // The stories filter keeps the topics' choice in the address, and shows its own.
      await storiesFilter.selectOption(String(plain.id));
      await Promise.all([
        page.waitForURL((url) => url.searchParams.get("sbook") === String(plain.id)),
        page.getByRole("search", { name: "Search stories" }).getByRole("button", { name: "Search" }).click(),
      ]);
      if (javaScriptEnabled) await waitForHydration(page);
      expect(new URL(page.url()).searchParams.get("tbook")).toBe(String(tricky.id));
      const stories = page.getByRole("region", { name: "Stories" });
      expect(await stories.locator(".item-title").allTextContents()).toEqual(["The letter home"]);
      expect(await storiesFilter.inputValue()).toBe(String(plain.id));
      expect(await topicsFilter.inputValue()).toBe(String(tricky.id));

      // All books again.
      await topicsFilter.selectOption("");
      await Promise.all([
        page.waitForURL((url) => !url.searchParams.get("tbook")),
        page.getByRole("search", { name: "Search topics" }).getByRole("button", { name: "Search" }).click(),
      ]);
      if (javaScriptEnabled) await waitForHydration(page);
      expect((await topics.locator(".item-title").allTextContents()).sort()).toEqual(["Quê nhà", "The front"]);
      expect(pathOf(page)).toBe("/books");
      assertNoErrors();
    });
  });
}
