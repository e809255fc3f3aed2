import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage, serverAndBrowser } from "../support/browser";
import { createUser, signIn, waitForHydration } from "./helpers";

// The workspace's dialogs and writing helpers are chunks of their own, fetched once the page is idle (ADR 30). When
// such a chunk cannot be fetched (offline, or a new deployment replaced it), the page must keep working.
const env = serverAndBrowser();

async function bookWithTopic(page: Page) {
  const post = async (path: string, data: unknown) =>
    (await (
      await page.request.post(`${env.server.url}${path}`, { data, headers: { Origin: env.server.url } })
    ).json()) as { id: number };
  const book = await post("/api/books", { title: "Grandma's kitchen", language: "en" });
  const topic = await post(`/api/books/${book.id}/topics`, { title: "Recipes" });
  return { bookId: book.id, topicId: topic.id };
}

/** Answers every request for the chunk named `name` with a 503, and collects their paths. */
async function failChunk(page: Page, name: string): Promise<Set<string>> {
  const paths = new Set<string>();
  await page.route(new RegExp(`/assets/${name}-[^/]*\\.js$`), (route) => {
    paths.add(new URL(route.request().url()).pathname);
    return route.fulfill({ status: 503, body: "" });
  });
  return paths;
}

describe("a lazy part whose chunk cannot be fetched", () => {
  it("leaves out a writing helper, and the story can still be written and saved", async () => {
    const user = await createUser(env.server);
    const { page, assertNoErrors } = await openPage(env.browser);
    await signIn(page, env.server, user.username, user.password);
    const { bookId, topicId } = await bookWithTopic(page);
    const failed = await failChunk(page, "writing-help");
    await page.goto(`${env.server.url}/books/${bookId}?openEditor=story&topicId=${topicId}`);
    await waitForHydration(page);
    await expect.poll(() => failed.size).toBeGreaterThan(0);
    await page.fill("#title", "Sunday soup");
    await page.fill("#content", "Grandma cooked it every Sunday.");
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.getByRole("link", { name: "Sunday soup" }).first().waitFor();
    expect(await page.getByRole("button", { name: "Ask me a follow-up question" }).count()).toBe(0);
    assertNoErrors([...failed].map((path) => ({ path, status: 503 })));
  });

  it("reloads a dialog's page once, then leaves the server's dialog working as without JavaScript", async () => {
    const user = await createUser(env.server);
    const { page, assertNoErrors } = await openPage(env.browser);
    await signIn(page, env.server, user.username, user.password);
    const { bookId } = await bookWithTopic(page);
    const failed = await failChunk(page, "share-dialog");
    let loads = 0;
    page.on("load", () => {
      loads += 1;
    });
    await page.goto(`${env.server.url}/books/${bookId}?dialog=share`);
    // The first load's chunk fails: the page reloads once for it, and not again.
    await expect.poll(() => loads).toBe(2);
    await page.waitForTimeout(500);
    expect(loads).toBe(2);
    // The dialog the server sent is there and posts as a plain form: its link gets the page of its own that a link
    // made without JavaScript gets (issue 35), whose Done leads back to the dialog's list.
    await page.getByRole("button", { name: "Create a link" }).click();
    await page.waitForURL((url) => url.searchParams.get("dialog") === "share");
    await page.getByRole("link", { name: "Done: back to the links" }).click();
    await page.locator("dialog .share-list li").first().waitFor();
    assertNoErrors([...failed].map((path) => ({ path, status: 503 })));
  });
});
