import type { Page } from "playwright-core";
import { beforeAll, describe, it } from "vitest";
import { axeViolations, openPage, preloadAxe, serverAndBrowser } from "../support/browser";
import { createScreenData, openScreen, screens, signInAsAdmin, type ScreenData } from "./screen-data";

// WCAG 1.4.10 Reflow and 1.4.4 Resize Text: at 320 CSS px wide, and at 200 % zoom (a 1280 px window
// zoomed to 200 % lays out in 640 CSS px, drawn with two device pixels each), no screen scrolls
// sideways, no control is cut off at an edge (a data table may scroll inside its own region), and each
// screen's main controls are there, visible once scrolled to and within the width. At 320 px axe also
// checks each screen, since the narrow layout (stacked workspace cards, the slide-out menu) is its own.
const env = serverAndBrowser();
let data: ScreenData;

beforeAll(async () => {
  data = await createScreenData(env.server, env.browser);
});

/**
 * Sideways scrolling of the page, and every visible control that sticks out of the width without a
 * scrolling box around it; then the same with each closed <details> (menus, flyouts, the explorer)
 * opened in turn, since a menu anchored to a control near an edge may open past it.
 */
function reflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const out: string[] = [];
    const inScrollingBox = (el: Element) => {
      for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
        const overflow = getComputedStyle(e).overflowX;
        if ((overflow === "auto" || overflow === "scroll") && e.scrollWidth > e.clientWidth) return true;
      }
      return false;
    };
    const label = (el: Element) =>
      `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} ` +
      `"${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 30)}"`;
    const check = (scope: ParentNode, when: string) => {
      const root = document.documentElement;
      if (root.scrollWidth > innerWidth)
        out.push(`${when}the page is ${root.scrollWidth} px wide in a ${innerWidth} px window`);
      for (const el of scope.querySelectorAll(
        "a[href], button, input:not([type=hidden]), select, textarea, summary, audio[controls], " +
          "[tabindex]:not([tabindex='-1'])",
      )) {
        // Not rendered: display none, hidden, or inside a closed <details>.
        if (!el.checkVisibility({ visibilityProperty: true }) || el.closest(".skip-link, .visually-hidden")) continue;
        const box = el.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) continue;
        if ((box.left < -1 || box.right > innerWidth + 1) && !inScrollingBox(el))
          out.push(`${when}${label(el)} spans ${Math.round(box.left)}..${Math.round(box.right)}`);
      }
    };
    check(document, "");
    for (const details of document.querySelectorAll("details")) {
      const summary = details.querySelector(":scope > summary");
      if (details.open || !summary?.checkVisibility({ visibilityProperty: true })) continue;
      details.open = true;
      // Measured where it comes to rest: the slide-out menu slides in.
      const settling = document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
      await Promise.all(settling.map((animation) => animation.finished.catch(() => null)));
      check(details, `with ${label(summary)} open: `);
      details.open = false;
    }
    return out;
  });
}

/**
 * Each main control: present, visible once scrolled to (its scrolling boxes too), and within the width.
 * One evaluate per screen, so a re-render between steps cannot detach what is being measured.
 */
function controlProblems(page: Page, selectors: string[]): Promise<string[]> {
  return page.evaluate((selectors) => {
    const out: string[] = [];
    for (const selector of selectors) {
      const el = document.querySelector(selector);
      if (!el) {
        out.push(`no ${selector}`);
        continue;
      }
      el.scrollIntoView({ block: "center", inline: "nearest" });
      const box = el.getBoundingClientRect();
      if (
        !el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) ||
        box.width === 0 ||
        box.height === 0
      )
        out.push(`${selector} is not visible`);
      else if (box.left < -1 || box.right > innerWidth + 1)
        out.push(`${selector} spans ${Math.round(box.left)}..${Math.round(box.right)} of ${innerWidth}`);
      else if (box.bottom < 0 || box.top > innerHeight)
        out.push(`${selector} cannot be scrolled into view (at ${Math.round(box.top)} of ${innerHeight})`);
    }
    return out;
  }, selectors);
}

describe.concurrent("every screen reflows", () => {
  for (const view of [
    {
      name: "at 320 CSS px wide, where axe finds nothing either",
      options: { viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true },
      axe: true,
    },
    {
      name: "at 200 % zoom of a 1280 x 900 window",
      options: { viewport: { width: 640, height: 450 }, deviceScaleFactor: 2 },
      axe: false,
    },
  ]) {
    it(view.name, { timeout: 180_000 }, async ({ expect }) => {
      const { page, context, assertNoErrors } = await openPage(env.browser, view.options);
      if (view.axe) await preloadAxe(context);
      await signInAsAdmin(page.request, env.server);
      const problems: string[] = [];
      for (const screen of screens(data)) {
        expect(await openScreen(page, env.server.url, screen), screen.path).toBe(200);
        for (const problem of await reflowProblems(page)) problems.push(`${screen.path}: ${problem}`);
        for (const problem of await controlProblems(page, screen.controls)) problems.push(`${screen.path}: ${problem}`);
        if (view.axe)
          for (const violation of await axeViolations(page)) problems.push(`${screen.path}: axe ${violation}`);
      }
      expect(problems).toEqual([]);
      assertNoErrors();
    });
  }
});
