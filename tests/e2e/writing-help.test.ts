import { describe, expect, it } from "vitest";
import { expectNoAxeViolations, openPage, serverAndBrowser } from "../support/browser";
import { createUser, signIn, waitForHydration } from "./helpers";

const env = serverAndBrowser();

describe("writing help in the story editor", () => {
  it("suggests the rest of a word after a pause, adds it with Tab, and adds a follow-up question", async () => {
    const user = await createUser(env.server);
    const { page, assertNoErrors } = await openPage(env.browser, { viewport: { width: 1280, height: 900 } });
    await signIn(page, env.server, user.username, user.password);
    const post = async (path: string, data: unknown) =>
      (await page.request.post(`${env.server.url}${path}`, { data, headers: { Origin: env.server.url } })).json();
    const book = (await post("/api/books", { title: "Grandpa", language: "en" })) as { id: number };
    const topic = (await post(`/api/books/${book.id}/topics`, { title: "Childhood" })) as { id: number };
    await page.goto(`${env.server.url}/books/${book.id}?openEditor=story&topicId=${topic.id}`);
    await waitForHydration(page);

    await page.fill("#title", "The Perfume River");
    await page
      .locator("#content")
      .pressSequentially("We lived by the Perfume River. Every summer the Pe", { delay: 10 });
    await page.locator(".autocomplete-text").filter({ hasText: "Suggestion: rfume" }).waitFor({ timeout: 10_000 });
    await expectNoAxeViolations(page);
    await page.keyboard.press("Tab");
    expect(await page.inputValue("#content")).toBe("We lived by the Perfume River. Every summer the Perfume");
    // With no suggestion, Tab moves on as usual.
    expect(await page.locator(".autocomplete-text").count()).toBe(0);

    await page.getByRole("button", { name: "Ask me a follow-up question" }).click();
    await expect
      .poll(() => page.inputValue("#content"))
      .toMatch(/^We lived by the Perfume River\. Every summer the Perfume\n\n→ .+\?$/);
    assertNoErrors();
  });
});
