import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { expectNoAxeViolations, openPage, serverAndBrowser } from "../support/browser";
import { LAYOUT_SAVE_DEBOUNCE_MS } from "~/routes/workspace/workspace-layout";
import { createUser, signIn, waitForHydration } from "./helpers";

const env = serverAndBrowser();

async function bookWithTopics(page: Page, titles: string[]) {
  const post = (path: string, data: unknown) =>
    page.request.post(`${env.server.url}${path}`, { data, headers: { Origin: env.server.url } });
  const book = (await (await post("/api/books", { title: "Panels book", language: "en" })).json()) as { id: number };
  const topics: { id: number }[] = [];
  for (const title of titles)
    topics.push((await (await post(`/api/books/${book.id}/topics`, { title })).json()) as { id: number });
  await post(`/api/topics/${topics[0]!.id}/stories`, {
    title: "The well behind the house",
    content: "We drew water every morning.",
    status: "published",
  });
  return { book, topics };
}

const width = (page: Page, id: string) =>
  page.locator(`[data-panel][id="${id}"]`).evaluate((el) => el.getBoundingClientRect().width);

describe("the workspace panels", () => {
  it("resizes and collapses the contents panel, and keeps the layout after a reload", async () => {
    const user = await createUser(env.server);
    const { page, assertNoErrors } = await openPage(env.browser, { viewport: { width: 1280, height: 900 } });
    await signIn(page, env.server, user.username, user.password);
    const { book } = await bookWithTopics(page, ["Childhood", "School years"]);
    await page.goto(`${env.server.url}/books/${book.id}`);
    await waitForHydration(page);
    await page.screenshot({ path: ".tmp/shots/wide.png" });
    const group = await page.locator("#workspace").evaluate((el) => el.getBoundingClientRect().width);
    expect((await width(page, "toc")) / group).toBeCloseTo(0.25, 1);
    await expectNoAxeViolations(page);
    // Opening the workspace changes no layout, so it saves none.
    await page.waitForTimeout(3 * LAYOUT_SAVE_DEBOUNCE_MS);
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain("workspace_layout");

    // The keyboard moves a separator by 10%: the contents panel from 25% to its 30% maximum.
    await page.getByRole("separator", { name: "Resize the table of contents" }).focus();
    await page.keyboard.press("ArrowLeft");
    await expect.poll(async () => Math.round(((await width(page, "toc")) / group) * 100)).toBe(20);
    // Saved 100 ms after the change settles.
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === "workspace_layout")?.value)
      .toMatch(/^20\.0-/);
    await page.reload();
    await waitForHydration(page);
    await expect.poll(async () => Math.round(((await width(page, "toc")) / group) * 100)).toBe(20);

    // Collapse to the rail; a topic's letter opens its flyout with its stories, fetched then.
    await page.getByRole("button", { name: "Collapse the table of contents" }).click();
    await page.locator(".toc-rail").waitFor();
    await expect.poll(async () => Math.round(((await width(page, "toc")) / group) * 100)).toBe(5);
    await page.locator(`summary[aria-label="Topic: Childhood"]`).click();
    await page.locator(".flyout-panel").getByRole("link", { name: "The well behind the house" }).waitFor();
    await page.screenshot({ path: ".tmp/shots/rail.png" });
    await expectNoAxeViolations(page);
    await page.reload();
    await page.locator(".toc-rail").waitFor();
    await page.getByRole("button", { name: "Expand the table of contents" }).click();
    await page.getByRole("heading", { name: "Table of contents" }).waitFor();
    assertNoErrors();
  });

  it("collapses and expands without JavaScript, through the layout cookie", async () => {
    const user = await createUser(env.server);
    const { page, assertNoErrors } = await openPage(env.browser, {
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 900 },
    });
    await page
      .context()
      .request.post(`${env.server.url}/api/auth/login`, { data: { username: user.username, password: user.password } });
    const { book } = await bookWithTopics(page, ["Childhood"]);
    await page.goto(`${env.server.url}/books/${book.id}`);
    await page.getByRole("button", { name: "Collapse the table of contents" }).click();
    await page.locator(".toc-rail").waitFor();
    expect(new URL(page.url()).pathname).toBe(`/books/${book.id}`);
    // The server renders the saved layout: the rail is 5% wide before any script could run.
    const group = await page.locator("#workspace").evaluate((el) => el.getBoundingClientRect().width);
    expect(Math.round(((await width(page, "toc")) / group) * 100)).toBe(5);
    // The flyout opens without JavaScript too, and leads to the topic.
    await page.locator(`summary[aria-label="Topic: Childhood"]`).click();
    await page.locator(".flyout-panel").getByRole("link", { name: "Childhood", exact: true }).waitFor();
    await page.getByRole("button", { name: "Expand the table of contents" }).click();
    await page.getByRole("heading", { name: "Table of contents" }).waitFor();
    assertNoErrors();
  });

  it("stacks the panels as cards on a 390 px phone, with a preview toggle", async () => {
    const user = await createUser(env.server);
    const { page, assertNoErrors } = await openPage(env.browser, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await signIn(page, env.server, user.username, user.password);
    const { book } = await bookWithTopics(page, ["Childhood"]);
    const panelScripts: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/resizable-panels-[^/]*\.js$/.test(request.url())) panelScripts.push(request.url());
    });
    await page.goto(`${env.server.url}/books/${book.id}`);
    await waitForHydration(page);
    // A phone never resizes, so it never loads the resizable panels (ADR 17).
    expect(panelScripts).toEqual([]);
    const heights = await page
      .locator("[data-panel]")
      .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().height)));
    // The editor's card is as tall as the screen below the header, at least 500 px (docs/product.md §2): 844 - 80.
    expect(heights).toEqual([400, 764, 600]);
    const widths = await page
      .locator("[data-panel]")
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width));
    for (const w of widths) expect(w).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: ".tmp/shots/narrow.png", fullPage: true });
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Hide preview" }).click();
    await expect.poll(() => page.locator('[data-panel][id="preview"]').isVisible()).toBe(false);
    await page.getByRole("button", { name: "Show preview" }).click();
    await expect.poll(() => page.locator('[data-panel][id="preview"]').isVisible()).toBe(true);

    // Turned into a wide screen, the page keeps its panels (swapping them would lose what the editor holds),
    // side by side at the saved layout, and fetches the library for the next workspace it opens.
    await page.setViewportSize({ width: 1280, height: 800 });
    const tops = () =>
      page.locator("[data-panel]").evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    await expect.poll(async () => new Set(await tops()).size).toBe(1);
    await expect.poll(() => panelScripts.length).toBe(1);
    expect(await page.locator("#workspace-separator-1").getAttribute("aria-valuenow")).toBeNull();
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => page.locator("#workspace-separator-1").getAttribute("aria-valuenow")).toBe("25");
    assertNoErrors();
  });
  it("keeps working, not resizable, when a wide screen cannot fetch the resizable panels", async () => {
    const user = await createUser(env.server);
    const { page, assertNoErrors } = await openPage(env.browser, { viewport: { width: 1280, height: 900 } });
    await signIn(page, env.server, user.username, user.password);
    const { book } = await bookWithTopics(page, ["Childhood"]);
    let chunk = "";
    await page.route(/\/assets\/resizable-panels-[^/]*\.js$/, (route) => {
      chunk = new URL(route.request().url()).pathname;
      return route.fulfill({ status: 503, body: "" });
    });
    await page.goto(`${env.server.url}/books/${book.id}`);
    await waitForHydration(page);
    expect(chunk).not.toBe("");
    // The static panels, side by side: the page hydrated without the library instead of failing to load.
    const tops = await page
      .locator("[data-panel]")
      .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    expect(await page.locator("#workspace-separator-1").getAttribute("aria-valuenow")).toBeNull();
    await page.getByRole("link", { name: "Childhood" }).first().click();
    await page.waitForURL(/\/topics\/\d+$/);
    assertNoErrors([{ path: chunk, status: 503 }]);
  });
});
