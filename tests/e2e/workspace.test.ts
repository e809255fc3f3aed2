import { describe, expect, it } from "vitest";
import { expectNoAxeViolations, loginThroughForm, openPage, serverAndBrowser } from "../support/browser";
import { createUser, keyboardDrag, pathOf, toast, waitForHydration } from "./helpers";

const env = serverAndBrowser();

for (const javaScriptEnabled of [true, false]) {
  describe(`the workspace ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    it("creates a topic, adds a question and answers it with a story", async () => {
      const user = await createUser(env.server);
      const { page, assertNoErrors } = await openPage(env.browser, {
        javaScriptEnabled,
        viewport: { width: 1280, height: 900 },
      });
      await loginThroughForm(page, env.server.url, user.username, user.password);
      const created = await page.request.post(`${env.server.url}/api/books`, {
        data: { title: "Family book", language: "en" },
        headers: { Origin: env.server.url },
      });
      const book = (await created.json()) as { id: number };
      await page.goto(`${env.server.url}/books/${book.id}`);
      if (javaScriptEnabled) await waitForHydration(page);

      await page.getByRole("link", { name: "Add topic" }).click();
      await page.fill("#title", "Childhood");
      await page.getByRole("button", { name: "Save topic" }).click();
      await page.getByRole("heading", { name: "Edit topic" }).waitFor();
      await expect.poll(() => toast(page).locator(".toast-title").textContent()).toBe("Topic created");
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      await page.getByRole("link", { name: "Childhood" }).first().click();
      await page.waitForURL(/\/topics\/\d+$/);
      await page.fill("#question", "What games did you play with your cousins?");
      await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        page.getByRole("button", { name: "Add", exact: true }).click(),
      ]);
      await page.getByRole("link", { name: "What games did you play with your cousins?" }).waitFor();
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      await page.getByRole("link", { name: "What games did you play with your cousins?" }).click();
      await page.getByRole("heading", { name: "New story" }).waitFor();
      // The question pre-fills a title in its own whole words, never cut with "…" (issue 35); the whole question is
      // shown above the form.
      expect(await page.inputValue("#title")).toBe("What games did you play with your cousins");
      await page.fill("#content", "We played ô ăn quan in the yard until dark.");
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "Complete" }).click();
      await page.getByRole("heading", { name: "Edit story" }).waitFor();
      await expect.poll(() => toast(page).locator(".toast-title").textContent()).toBe("Story completed");
      // The table of contents now lists the story with its move buttons.
      expect(await page.locator(".toc-stories").textContent()).toContain("What games did you play with your cousins");
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      await page.goto(`${env.server.url}/books/${book.id}`);
      // With JavaScript the contents list becomes sortable after hydration (new elements): click after that.
      if (javaScriptEnabled) await page.locator(".topic-list .drag-handle").first().waitFor();
      await page.getByRole("link", { name: "Childhood" }).first().click();
      await page.waitForURL(/\/topics\/\d+$/);
      expect(pathOf(page)).toMatch(/\/topics\/\d+$/);
      expect(await page.locator(".story-card").textContent()).toContain("We played ô ăn quan");
      expect(await page.locator(".question-list.is-answered").textContent()).toContain(
        "What games did you play with your cousins?",
      );
      assertNoErrors();
    });
  });
}

describe("reordering topics by drag and drop", () => {
  it("moves a topic with the keyboard drag handle and keeps the order after a reload", async () => {
    const user = await createUser(env.server);
    const { page, assertNoErrors } = await openPage(env.browser, { viewport: { width: 1280, height: 900 } });
    await loginThroughForm(page, env.server.url, user.username, user.password);
    const headers = { Origin: env.server.url };
    const book = (await (
      await page.request.post(`${env.server.url}/api/books`, { data: { title: "Sortable", language: "en" }, headers })
    ).json()) as { id: number };
    for (const title of ["Alpha", "Beta", "Gamma"])
      await page.request.post(`${env.server.url}/api/books/${book.id}/topics`, { data: { title }, headers });
    await page.goto(`${env.server.url}/books/${book.id}?openEditor=topic`);
    await waitForHydration(page);
    const handle = page.getByRole("button", { name: /^Drag Gamma to reorder/ });
    await handle.waitFor();
    await expectNoAxeViolations(page);
    await handle.focus();
    await keyboardDrag(page, [
      ["Space", "Gamma is now at position 3 of 3."],
      ["ArrowUp", "Gamma is now at position 2 of 3."],
      ["ArrowUp", "Gamma is now at position 1 of 3."],
      ["Space", "Gamma was dropped at position 1 of 3."],
    ]);
    const order = async () =>
      (
        (await (await page.request.get(`${env.server.url}/api/books/${book.id}/topics`)).json()) as { title: string }[]
      ).map((t) => t.title);
    await expect.poll(order, { timeout: 10_000 }).toEqual(["Gamma", "Alpha", "Beta"]);
    await page.reload();
    await expect
      .poll(() => page.locator(".topic-list .item-title a").allTextContents())
      .toEqual(["Gamma", "Alpha", "Beta"]);
    assertNoErrors();
  });
});
