import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { expectNoAxeViolations, openPage } from "../support/browser";
import type { RunningServer } from "../support/server";
import { createUser, waitForHydration } from "./helpers";

/** A phone as issue 35 tests them: 390 px, touch, Vietnamese, and its CPU four times slower than the machine's. */
export const SLOW_PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "vi-VN" };

/**
 * A new user signed in on a slow phone, with or without JavaScript, and a Vietnamese book of one topic and one
 * question. `checkAxe`: see signedInSlowPhone.
 */
export async function slowPhone(server: RunningServer, browser: Browser, javaScriptEnabled: boolean) {
  const user = await createUser(server);
  const watched = await signedInSlowPhone(server, browser, javaScriptEnabled, user);
  const { context, page } = watched;
  const headers = { Origin: server.url };
  const post = async <T = { id: number }>(path: string, data: unknown) => {
    const response = await context.request.post(`${server.url}${path}`, { data, headers });
    expect(response.status(), `POST ${path}`).toBe(201);
    return (await response.json()) as T;
  };
  const book = await post("/api/books", { title: "Chuyện của bà", language: "vi" });
  const topic = await post(`/api/books/${book.id}/topics`, { title: "Tuổi thơ" });
  await post(`/api/topics/${topic.id}/questions`, { question: "Bà sinh ra ở đâu?" });
  const open = async (path: string) => {
    await page.goto(`${server.url}${path}`);
    if (javaScriptEnabled) await waitForHydration(page);
  };
  return { ...watched, book, open };
}

/**
 * A slow phone signed in as `user`. `checkAxe` runs axe at the machine's own speed: axe is the test's tool, not the
 * phone's work, and slowed four times a page with a QR code took it longer than a test's minute. Without JavaScript
 * axe cannot run in the page (its timers never fire there), so it checks the same address in a twin phone that
 * has scripts but is served none of the app's: the markup and styles the phone without JavaScript shows.
 */
export async function signedInSlowPhone(
  server: RunningServer,
  browser: Browser,
  javaScriptEnabled: boolean,
  user: { username: string; password: string },
) {
  const watched = await openPage(browser, { ...SLOW_PHONE, javaScriptEnabled });
  const { context, page } = watched;
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const login = await context.request.post(`${server.url}/api/auth/login`, {
    data: { username: user.username, password: user.password },
  });
  expect(login.status()).toBe(200);
  const checkAxe = async () => {
    if (!javaScriptEnabled) return checkWithoutAppScripts(browser, context, page.url());
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await expectNoAxeViolations(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  };
  return { ...watched, checkAxe };
}

async function checkWithoutAppScripts(browser: Browser, context: BrowserContext, url: string) {
  const twin = await browser.newContext({ ...SLOW_PHONE, storageState: await context.storageState() });
  try {
    await twin.route(/\/assets\/.*\.js$/, (route) => route.fulfill({ contentType: "text/javascript", body: "" }));
    const page = await twin.newPage();
    await page.goto(url);
    await expectNoAxeViolations(page);
  } finally {
    await twin.close();
  }
}

/** The smallest of the page's visible targets: its links, buttons, fields and selects (at least 44 px, WCAG 2.5.8). */
export const smallestTarget = (page: Page) =>
  page.evaluate(() =>
    Math.min(
      ...Array.from(document.querySelectorAll<HTMLElement>("#main a, #main button, #main textarea, #main select"))
        .filter((element) => element.getClientRects().length > 0)
        .map((element) => element.getBoundingClientRect().height),
    ),
  );
