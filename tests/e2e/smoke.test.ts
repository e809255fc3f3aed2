import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, launchBrowser, loginThroughForm, openPage } from "../support/browser";
import { ADMIN_PASSWORD, startServer, type RunningServer } from "../support/server";

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("login with JavaScript", () => {
  it("signs the admin in and shows the header", async () => {
    const { page, assertNoErrors } = await openPage(browser);
    await page.goto(`${server.url}/login`);
    await expectNoAxeViolations(page);
    await loginThroughForm(page, server.url, "admin", ADMIN_PASSWORD);
    expect(new URL(page.url()).pathname).toBe("/");
    await expect.poll(() => page.locator(".site-header .logo").textContent()).toBe("Heirloom");
    await expectNoAxeViolations(page);
    assertNoErrors();
  });
});
