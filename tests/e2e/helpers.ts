import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { createClient, loginAs } from "../support/http";
import { ADMIN_PASSWORD, type RunningServer } from "../support/server";

/** Shared bits of the browser tests; this file has no tests of its own. */

export type TestUser = { id: number; username: string; email: string; password: string; displayName: string };

let counter = 0;

/** Creates an ordinary user through the admin API, the way the admin page does. */
export async function createUser(
  server: RunningServer,
  overrides: Partial<Omit<TestUser, "id">> = {},
): Promise<TestUser> {
  counter += 1;
  const username = overrides.username ?? `user${Date.now().toString(36)}${counter}`;
  const input = {
    username,
    email: overrides.email ?? `${username}@example.com`,
    password: overrides.password ?? "secret-password",
    displayName: overrides.displayName ?? "",
  };
  const admin = createClient(server.url);
  await loginAs(admin, "admin", ADMIN_PASSWORD);
  const response = await admin.json("POST", "/api/admin/create-user", input);
  if (response.status !== 201) throw new Error(`create-user failed: ${response.status} ${await response.text()}`);
  const { id } = (await response.json()) as { id: number };
  return { id, ...input };
}

/**
 * Signs a browser context in through POST /api/auth/login (its request client shares the context's
 * cookies), then opens `path`. For tests whose subject is not the login form, which other tests cover.
 */
export async function signIn(
  page: Page,
  server: RunningServer,
  username: string,
  password: string,
  path = "/",
): Promise<void> {
  const response = await page
    .context()
    .request.post(`${server.url}/api/auth/login`, { data: { username, password, rememberMe: false } });
  if (response.status() !== 200)
    throw new Error(`sign-in as ${username} failed: ${response.status()} ${await response.text()}`);
  await page.goto(`${server.url}${path}`);
  await waitForHydration(page);
}

/**
 * Resolves once React has hydrated the whole page (React keeps its fiber on hydrated DOM nodes), so a
 * click is handled by the app's JavaScript and not by the browser's default form post. Every element in
 * <main> is checked, not only <main>: the workspace's panels are Suspense boundaries that hydrate after
 * the page's shell (ADR 17).
 */
export async function waitForHydration(page: Page): Promise<void> {
  try {
    await page.waitForFunction(unhydrated, "done");
  } catch (error) {
    // Say what was left unhydrated, and whether the page's scripts ran at all.
    const state = await page.evaluate(unhydrated, "report").catch((reason: unknown) => String(reason));
    throw new Error(`The page did not hydrate: ${JSON.stringify(state)}`, { cause: error });
  }
}

/**
 * Runs in the page: the elements of <main> React has not hydrated. "done" answers whether there are none; "report"
 * says which, and whether the page's scripts ran at all.
 */
function unhydrated(mode: string) {
  const hasFiber = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactFiber"));
  // Markup that React sets as HTML (the library's book filters, ADR 39) has no fiber of its own: it is hydrated when
  // the element that holds it is. Each element is asked once a call: a <select> has an own property per option, and
  // asking it again for each of 400 options (a list of time zones) took a second a frame, which starved the page.
  const known = new Map<Element, boolean>();
  const fromHtml = (element: Element): boolean => {
    const parent = element.parentElement;
    if (!parent) return false;
    const seen = known.get(parent);
    if (seen !== undefined) return seen;
    const props = Object.entries(parent).find(([key]) => key.startsWith("__reactProps"))?.[1] as
      | { dangerouslySetInnerHTML?: unknown }
      | undefined;
    const answer = props?.dangerouslySetInnerHTML !== undefined || fromHtml(parent);
    known.set(parent, answer);
    return answer;
  };
  const main = document.querySelector("#main");
  const left = main
    ? [main, ...Array.from(main.querySelectorAll("*"))].filter((e) => !hasFiber(e) && !fromHtml(e))
    : [];
  if (mode === "done") return !!main && left.length === 0;
  return {
    url: location.href,
    readyState: document.readyState,
    router: "__reactRouterRouter" in window,
    unhydrated: left.length,
    first: left[0]?.outerHTML.slice(0, 300) ?? null,
  };
}

/**
 * The header's <details> dropdown with this accessible name, opened. A name may carry the summary's
 * visible text after a colon (the language menu is "Language: EN", WCAG 2.5.3); "Language" finds it.
 */
export async function openMenu(page: Page, label: string): Promise<Locator> {
  const details = page.locator("details.menu", {
    has: page.locator(`summary[aria-label="${label}"], summary[aria-label^="${label}: "]`),
  });
  await details.locator("summary").click();
  await details.locator(".menu-panel").waitFor({ state: "visible" });
  return details;
}

/** The one notification region and the toast in it. */
export function toastRegion(page: Page): Locator {
  return page.locator("section.toast-region");
}
export function toast(page: Page): Locator {
  return page.locator("section.toast-region .toast");
}

/**
 * Waits until the toast's title reads exactly `title` (safe in concurrent tests, unlike expect.poll).
 * "Attached", not "visible": the toast hides itself after 5 s, and a slow machine may look later.
 */
export async function waitForToast(page: Page, title: string): Promise<void> {
  const escaped = title.replace(/[.*+?^$()|[\]\\{}]/g, "\\$&");
  const exact = new RegExp(`^${escaped}$`);
  await page.locator("section.toast-region .toast .toast-title", { hasText: exact }).waitFor({ state: "attached" });
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/**
 * A keyboard drag with dnd-kit, from the focused handle: each key, then its live announcement, then two
 * frames. dnd-kit measures the list in an effect after announcing a step, and an arrow pressed before that
 * moves nothing: on a busy machine it had not been committed yet.
 */
export async function keyboardDrag(
  page: Page,
  steps: readonly (readonly [key: string, said: string])[],
): Promise<void> {
  const live = page.locator("[id^=DndLiveRegion]").first();
  for (const [key, said] of steps) {
    await page.keyboard.press(key);
    await expect.poll(() => live.textContent()).toContain(said);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  }
}

/**
 * What a form field says to assistive technology: its aria-invalid, and the text of the error message its
 * aria-describedby names (a hint it also names is left out).
 */
export async function fieldShown(page: Page, id: string): Promise<{ invalid: string | null; message: string | null }> {
  return page.evaluate((fieldId) => {
    const field = document.getElementById(fieldId)!;
    const describedBy = (field.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
    const message = describedBy
      .map((ref) => (ref.endsWith("-error") ? (document.getElementById(ref)?.textContent ?? "") : ""))
      .join(" ")
      .trim();
    return { invalid: field.getAttribute("aria-invalid"), message: message || null };
  }, id);
}
