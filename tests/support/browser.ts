import fs from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { startServer, type RunningServer } from "./server";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

/** A response the test itself provokes on purpose, e.g. `{ path: "/login.data", status: 401 }` for a failed login. */
export type ExpectedHttpError = { path: string; status: number };

export type WatchedPage = {
  page: Page;
  context: BrowserContext;
  errors: string[];
  /** Fails on any console error or uncaught exception, except Chromium's own log line for the listed responses. */
  assertNoErrors: (expected?: ExpectedHttpError[]) => void;
};

const FAILED_RESOURCE = /^console: Failed to load resource: the server responded with a status of (\d+)\b.* \[(.+)\]$/;

/**
 * A page whose console errors and uncaught exceptions are collected; every test ends with
 * assertNoErrors(), so a console error fails it. Chromium logs "Failed to load resource" for every 4xx
 * response, including the ones the app sends on purpose (the 404 page, a failed login's 401); a test
 * lists those it provokes, and any other one still fails it.
 */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<WatchedPage> {
  const context = await browser.newContext({ locale: "en-US", ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()} [${message.location().url}]`);
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  const isExpected = (error: string, expected: ExpectedHttpError[]) => {
    const match = FAILED_RESOURCE.exec(error);
    if (!match) return false;
    const url = new URL(match[2]!);
    return expected.some((e) => e.status === Number(match[1]) && e.path === url.pathname);
  };
  return {
    page,
    context,
    errors,
    assertNoErrors: (expected = []) =>
      expect(
        errors.filter((error) => !isExpected(error, expected)),
        `browser console errors: ${JSON.stringify(errors)}`,
      ).toEqual([]),
  };
}

/**
 * WCAG 2.2 AA is every level A and AA criterion of 2.0, 2.1 and 2.2. axe tags each rule with the version
 * and level that introduced it, so all six tags are needed: without wcag21a, 2.5.3 Label in Name
 * (label-content-name-mismatch) is never run. (axe 4.14 has no wcag22a rule yet; the tag costs nothing.)
 */
export const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/**
 * axe-core with the WCAG 2.2 AA tags: any violation fails, with its rule ids in the message.
 * Legacy mode runs axe in the page itself instead of finishing in a second blank page, which halves
 * each run on two cores; our pages have no cross-origin iframes, the one thing legacy mode cannot enter.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page), `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * The same check, returning one line per violated rule (its id, help and the nodes) instead of failing.
 * On a page where preloadAxe() has put axe-core already, it runs that copy with the same options.
 * `resultTypes` keeps every node of a violation but only one of each passed rule: serializing every
 * passing node is most of axe's time on a big page, and no test reads them.
 *
 * The page is checked scrolled to its top, then put back where it was. axe's target-size rule takes a sticky
 * element (the site header) for one that scrolls with the page, so on a page scrolled part way it finds the header
 * "covering" whatever has scrolled under it, and calls those targets too small. Where a deep link or an autofocus has
 * scrolled the page depends on when its parts arrived: checked there, the same page passed or failed by timing.
 */
export async function axeViolations(page: Page, options: { include?: string } = {}): Promise<string[]> {
  const at = await page.evaluate(() => {
    const scrolled = [window.scrollX, window.scrollY] as const;
    window.scrollTo(0, 0);
    return scrolled;
  });
  try {
    return await axeAt(page, options);
  } finally {
    await page.evaluate(([x, y]) => window.scrollTo(x, y), at);
  }
}

async function axeAt(page: Page, { include }: { include?: string }): Promise<string[]> {
  if (await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === "function")) {
    const violations = await page.evaluate(
      ({ include, tags }) =>
        (
          window as unknown as {
            axe: {
              run: (
                context: unknown,
                options: unknown,
              ) => Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }>;
            };
          }
        ).axe
          .run(include ? { include: [include] } : document, {
            runOnly: { type: "tag", values: tags },
            resultTypes: ["violations"],
          })
          .then((results) =>
            results.violations.map((v) => ({
              id: v.id,
              help: v.help,
              targets: v.nodes.map((n) => n.target.join(" ")),
            })),
          ),
      { include, tags: WCAG_22_AA },
    );
    return violations.map((v) => `${v.id}: ${v.help} (${v.targets.join(", ")})`);
  }
  const builder = new AxeBuilder({ page })
    // options() replaces every option set before it, so it comes before the tags.
    .options({ resultTypes: ["violations"] })
    .withTags(WCAG_22_AA)
    .setLegacyMode(true);
  // Only part of the page, e.g. a menu just opened on a page already checked whole.
  if (include) builder.include(include);
  const results = await builder.analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/**
 * axe-core loaded into every page of the context as it opens (an init script, which the CSP does not
 * govern), so axeViolations() only runs it: AxeBuilder sends and compiles its 550 KB on every check,
 * about two thirds of a check's time. For walks that check dozens of pages.
 */
export async function preloadAxe(context: BrowserContext): Promise<void> {
  const source = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  await context.addInitScript({ content: source });
}

export async function loginThroughForm(page: Page, baseUrl: string, username: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.fill("#username", username);
  await page.fill("#password", password);
  await Promise.all([
    page.waitForURL((url) => !url.pathname.startsWith("/login")),
    page.click("button[type=submit]:below(#password)"),
  ]);
}

/** Chromium's fake microphone, granted without asking: MediaRecorder records real webm/opus from it. */
export const FAKE_MICROPHONE_ARGS = ["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream"];

/**
 * The real server and Chromium for one test file: started before its tests, stopped after them.
 * Read `env.server` and `env.browser` inside tests and hooks (they are set once beforeAll has run).
 * `browserArgs` adds Chromium flags, e.g. FAKE_MICROPHONE_ARGS; `serverEnv` sets the server's environment (TZ, say).
 */
export function serverAndBrowser({
  browserArgs = [],
  serverEnv = {},
}: {
  browserArgs?: string[];
  serverEnv?: Record<string, string>;
} = {}): {
  readonly server: RunningServer;
  readonly browser: Browser;
} {
  const env = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    [env.server, env.browser] = await Promise.all([startServer(serverEnv), launchBrowser(browserArgs)]);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}
