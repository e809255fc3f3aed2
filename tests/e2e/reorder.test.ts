import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { openPage, serverAndBrowser } from "../support/browser";
import { createUser, keyboardDrag, signIn, toast } from "./helpers";

const env = serverAndBrowser();

async function bookWithTopics(page: Page, titles: string[]) {
  const headers = { Origin: env.server.url };
  const book = (await (
    await page.request.post(`${env.server.url}/api/books`, { data: { title: "Order", language: "en" }, headers })
  ).json()) as { id: number };
  const ids: number[] = [];
  for (const title of titles)
    ids.push(
      (
        (await (
          await page.request.post(`${env.server.url}/api/books/${book.id}/topics`, { data: { title }, headers })
        ).json()) as { id: number }
      ).id,
    );
  return { book, ids };
}

const titles = (page: Page) => page.locator(".topic-list .item-title a").allTextContents();

describe("reordering the table of contents", () => {
  it("says 'Update failed' and shows the server's order again when a drag cannot be saved", async () => {
    const user = await createUser(env.server);
    const { page, assertNoErrors } = await openPage(env.browser, { viewport: { width: 1280, height: 900 } });
    await signIn(page, env.server, user.username, user.password);
    const { book, ids } = await bookWithTopics(page, ["Alpha", "Beta", "Gamma"]);
    await page.goto(`${env.server.url}/books/${book.id}`);
    await page.getByRole("button", { name: /^Drag Gamma to reorder/ }).waitFor();
    // Meanwhile another tab deletes Alpha: this page's order names a topic that no longer exists.
    expect(
      (
        await page.request.delete(`${env.server.url}/api/topics/${ids[0]}`, { headers: { Origin: env.server.url } })
      ).status(),
    ).toBe(200);

    await page.getByRole("button", { name: /^Drag Gamma to reorder/ }).focus();
    await keyboardDrag(page, [
      ["Space", "Gamma is now at position 3 of 3."],
      ["ArrowUp", "Gamma is now at position 2 of 3."],
      ["Space", "Gamma was dropped at position 2 of 3."],
    ]);
    await expect.poll(() => toast(page).locator(".toast-title").textContent()).toBe("Update failed");
    // Refetched: the server's order, without the deleted topic.
    await expect.poll(() => titles(page)).toEqual(["Beta", "Gamma"]);
    assertNoErrors([{ path: `/api/books/${book.id}/reorder-topics`, status: 400 }]);
  });

  it("moves topics with the up and down buttons without JavaScript", async () => {
    const user = await createUser(env.server);
    const { page, assertNoErrors } = await openPage(env.browser, {
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 900 },
    });
    await page
      .context()
      .request.post(`${env.server.url}/api/auth/login`, { data: { username: user.username, password: user.password } });
    const { book } = await bookWithTopics(page, ["Alpha", "Beta", "Gamma"]);
    await page.goto(`${env.server.url}/books/${book.id}`);
    await page.getByRole("button", { name: "Move Gamma up" }).click();
    await expect.poll(() => titles(page)).toEqual(["Alpha", "Gamma", "Beta"]);
    expect(await toast(page).locator(".toast-title").textContent()).toBe("Order updated");
    await page.getByRole("button", { name: "Move Alpha down" }).click();
    await expect.poll(() => titles(page)).toEqual(["Gamma", "Alpha", "Beta"]);
    assertNoErrors();
  });
});
