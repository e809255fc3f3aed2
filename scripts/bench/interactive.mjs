// How long a page takes to become interactive on a slow phone: Chromium through playwright-core with a phone
// screen, slow 4G and 4× CPU throttling applied over CDP before the navigation, and an empty cache.
//
// "Interactive" is measured, not estimated: it is the time from navigation start (performance.timeOrigin,
// so 0 ms is the moment the browser starts the request) until the page has visibly answered a click on a
// panel control, the workspace's "Hide preview" button:
//   1. the HTML, CSS and JS arrive over the throttled network and run on the throttled CPU;
//   2. React hydrates the page's shell: its fiber is on #main, and the button, which the workspace renders
//      only once hydrated, is in the page (the panels' contents may still be hydrating: allHydratedMs says
//      when they are done, tests/e2e/helpers.ts waitForHydration waits for the same);
//   3. Playwright clicks it as a finger would (trusted pointer events, after the button is stable);
//   4. the click has been handled: aria-pressed is "false" and the preview panel no longer shows.
// The time is read in the page when step 4 is first seen (checked every animation frame), so the figure
// includes the click's own handling on the slow CPU but not the bench's round trips. hydratedMs is step 2.
// The bare app's book page has the same button, so the two figures compare like for like.
import { CHROMIUM_ARGS, chromiumPath } from "./lighthouse.mjs";

/** Slow 4G as Lighthouse and Chrome DevTools define it: 562.5 ms RTT, 1,474.56 / 675 kbit/s. */
export const SLOW_4G = { latency: 562.5, downloadKbps: 1474.56, uploadKbps: 675 };
export const CPU_SLOWDOWN = 4;
/**
 * The benchmarkIndex that Lighthouse's fixed 4× aims at: its docs/throttling.md says 4× moves a high-end
 * desktop (an index of 1,500–2,000) into the mid-tier mobile bracket, so about 1,750 / 4.
 */
export const MID_TIER_PHONE_INDEX = 1750 / CPU_SLOWDOWN;
/** A mid-range phone's screen (Lighthouse's mobile default: Moto G Power). */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/** "a=1; b=2" → Playwright cookies for `origin`. */
function cookiesFor(header, origin) {
  if (!header) return [];
  return header
    .split(/;\s*/)
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf("=");
      return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: origin };
    });
}

/**
 * The storyteller's door (issue 18) has no React: it is interactive when its own script has shown the recorder's
 * "Type instead" and a tap on it has shown the text area. hydratedMs is when the script had shown the button.
 */
async function tellProbe(page) {
  const toggle = page.locator("[data-tell=toggle]");
  const hydratedMs = await (
    await page.waitForFunction(
      () => {
        const button = document.querySelector("[data-tell=toggle]");
        return button && !button.hidden ? performance.now() : false;
      },
      undefined,
      { polling: "raf", timeout: 60_000 },
    )
  ).jsonValue();
  await toggle.click({ timeout: 60_000 });
  const interactiveMs = await (
    await page.waitForFunction(
      () => {
        const text = document.querySelector("#tell-content");
        return text && text.getClientRects().length > 0 ? performance.now() : false;
      },
      undefined,
      { polling: "raf", timeout: 60_000 },
    )
  ).jsonValue();
  return { hydratedMs, interactiveMs, allHydratedMs: hydratedMs };
}

/**
 * Any page of the app (the variants part measures `/` so): the time until React has hydrated its shell, when `#main`
 * holds its fiber. It has no control to tap, so every figure is that one.
 */
async function shellProbe(page) {
  const hydratedMs = await (
    await page.waitForFunction(
      () => {
        const main = document.querySelector("#main");
        return main && Object.keys(main).some((key) => key.startsWith("__reactFiber")) ? performance.now() : false;
      },
      undefined,
      { polling: "raf", timeout: 60_000 },
    )
  ).jsonValue();
  return { hydratedMs, interactiveMs: hydratedMs, allHydratedMs: hydratedMs };
}

const PROBES = { tell: tellProbe, workspace: workspaceProbe, shell: shellProbe };

/** The workspace: the shell hydrated, then "Hide preview" clicked and answered (see the top of this file). */
async function workspaceProbe(page, url) {
  const hydratedMs = await (
    await page.waitForFunction(
      () => {
        const main = document.querySelector("#main");
        const hydrated = !!main && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
        return hydrated && document.querySelector("button.preview-toggle") ? performance.now() : false;
      },
      undefined,
      { polling: "raf", timeout: 60_000 },
    )
  ).jsonValue();
  const toggle = page.locator("button.preview-toggle");
  if ((await toggle.getAttribute("aria-pressed")) !== "true")
    throw new Error(`${url}: the preview toggle is not pressed at first`);
  await toggle.click({ timeout: 60_000 });
  const interactiveMs = await (
    await page.waitForFunction(
      () => {
        const button = document.querySelector("button.preview-toggle");
        const preview = document.querySelector(".workspace-preview");
        const hidden = !preview || preview.getClientRects().length === 0;
        return button?.getAttribute("aria-pressed") === "false" && hidden ? performance.now() : false;
      },
      undefined,
      { polling: "raf", timeout: 60_000 },
    )
  ).jsonValue();
  // The panels are Suspense boundaries that React hydrates after the shell (ADR 17); this is when the last
  // element in <main> has been hydrated, polled from the click's answer on (so at least interactiveMs).
  const allHydratedMs = await (
    await page.waitForFunction(
      () => {
        const hydrated = (element) => Object.keys(element).some((key) => key.startsWith("__reactFiber"));
        return Array.from(document.querySelectorAll("#main *")).every(hydrated) ? performance.now() : false;
      },
      undefined,
      { polling: "raf", timeout: 60_000 },
    )
  ).jsonValue();
  return { hydratedMs, interactiveMs, allHydratedMs };
}

async function oneRun(browser, url, cookie, cpuSlowdown, probe) {
  const context = await browser.newContext({ ...PHONE, locale: "en-US" });
  try {
    await context.addCookies(cookiesFor(cookie, new URL(url).origin));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: SLOW_4G.latency,
      // DevTools takes bytes per second; its kbps figures are in units of 1,024 bits.
      downloadThroughput: (SLOW_4G.downloadKbps * 1024) / 8,
      uploadThroughput: (SLOW_4G.uploadKbps * 1024) / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });

    const response = await page.goto(url, { waitUntil: "commit", timeout: 60_000 });
    if (response?.status() !== 200) throw new Error(`GET ${url} answered ${response?.status()}`);
    const { hydratedMs, interactiveMs, allHydratedMs } = await PROBES[probe](page, url);
    const navigation = await page.evaluate(() => {
      const [entry] = performance.getEntriesByType("navigation");
      return {
        responseEnd: entry?.responseEnd ?? null,
        domContentLoaded: entry?.domContentLoadedEventEnd ?? null,
        load: entry?.loadEventEnd ?? null,
      };
    });
    return {
      interactiveMs: Math.round(interactiveMs),
      hydratedMs: Math.round(hydratedMs),
      allHydratedMs: Math.round(allHydratedMs),
      htmlMs: navigation.responseEnd === null ? null : Math.round(navigation.responseEnd),
      domContentLoadedMs: navigation.domContentLoaded === null ? null : Math.round(navigation.domContentLoaded),
    };
  } finally {
    await context.close();
  }
}

/**
 * `runs` cold runs of each `{ key, app, url, cookie, probe }`; each result is the run with the median
 * interactive time, with every run's figure kept. `probe` is "workspace", "tell" or "shell" (any page: its shell
 * hydrated), the target's `key` by default.
 */
export async function measureInteractive(targets, { runs = 3, log = console.log, cpuSlowdown = CPU_SLOWDOWN } = {}) {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, timeout: 30_000 });
  try {
    const results = [];
    for (const target of targets) {
      const all = [];
      for (let i = 0; i < runs; i++)
        all.push(await oneRun(browser, target.url, target.cookie, cpuSlowdown, target.probe ?? target.key));
      const sorted = [...all].sort((a, b) => a.interactiveMs - b.interactiveMs);
      const median = sorted[Math.floor((sorted.length - 1) / 2)];
      const result = {
        key: target.key,
        app: target.app,
        url: new URL(target.url).pathname,
        cpuSlowdown,
        ...median,
        runs: all.map((r) => r.interactiveMs),
      };
      log(
        `  interactive ${target.app.padEnd(8)} ${result.url.padEnd(10)} ${result.interactiveMs} ms ` +
          `(hydrated ${result.hydratedMs} ms, all ${result.allHydratedMs} ms, HTML ${result.htmlMs} ms; ` +
          `runs ${result.runs.join(", ")} ms)`,
      );
      results.push(result);
    }
    return results;
  } finally {
    await browser.close();
  }
}

/**
 * This machine's CPU slowdown that emulates a mid-tier phone: its Lighthouse benchmarkIndex (Lighthouse's
 * own page function, run unthrottled in Chromium) over MID_TIER_PHONE_INDEX, at least 1. On a machine that
 * Lighthouse rates at about 700 the fixed 4× emulates a phone about 2.5 times slower than its target.
 */
export async function calibratedSlowdown() {
  const [{ chromium }, { pageFunctions }] = await Promise.all([
    import("playwright-core"),
    import("lighthouse/core/lib/page-functions.js"),
  ]);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, timeout: 30_000 });
  try {
    const page = await browser.newPage();
    const indexes = [];
    for (let i = 0; i < 3; i++) indexes.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
    const benchmarkIndex = Math.round(indexes.sort((a, b) => a - b)[1]);
    return { benchmarkIndex, cpuSlowdown: Math.max(1, Math.round((benchmarkIndex / MID_TIER_PHONE_INDEX) * 10) / 10) };
  } finally {
    await browser.close();
  }
}
