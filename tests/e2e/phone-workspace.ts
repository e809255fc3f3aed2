import type { Browser, Locator, Page } from "playwright-core";
import { expect, onTestFinished } from "vitest";
import { openPage } from "../support/browser";
import type { RunningServer } from "../support/server";
import { createUser, waitForHydration } from "./helpers";

/** Shared bits of the workspace's phone tests (390 px, Vietnamese); this file has no tests of its own. */

export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "vi-VN" };
export const LONG_TEXT = Array.from({ length: 40 }, (_, i) => `Đoạn ${i + 1}: bà kể về khu vườn sau nhà.`).join("\n\n");

/**
 * A signed-in phone, with or without JavaScript, and a request client that shares its cookies. `slowCpu`: the CPU
 * slowed down 4× through CDP, as an older phone. `wide`: a 1280 × 800 screen instead of the phone's.
 */
export async function phone(
  env: { readonly server: RunningServer; readonly browser: Browser },
  javaScriptEnabled: boolean,
  { slowCpu = false, wide = false }: { slowCpu?: boolean; wide?: boolean } = {},
) {
  const user = await createUser(env.server);
  const screen = wide ? { viewport: { width: 1280, height: 800 }, locale: "vi-VN" } : PHONE;
  const watched = await openPage(env.browser, { ...screen, javaScriptEnabled });
  // A page left open keeps its share of two busy cores (its CPU slowed down, it takes four times as long to idle).
  onTestFinished(() => watched.context.close());
  const login = await watched.page
    .context()
    .request.post(`${env.server.url}/api/auth/login`, { data: { username: user.username, password: user.password } });
  expect(login.status()).toBe(200);
  if (slowCpu) {
    const cdp = await watched.page.context().newCDPSession(watched.page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    // Loading and hydrating the workspace at a quarter of the speed, on a machine other tests share.
    watched.page.setDefaultTimeout(90_000);
  }
  const headers = { Origin: env.server.url };
  const post = async (path: string, data: unknown) => {
    const response = await watched.page.request.post(`${env.server.url}${path}`, { data, headers });
    expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
    return (await response.json()) as { id: number };
  };
  const put = (path: string, data: unknown) => watched.page.request.put(`${env.server.url}${path}`, { data, headers });
  const open = async (path: string) => {
    await watched.page.goto(`${env.server.url}${path}`);
    if (javaScriptEnabled) await waitForHydration(watched.page);
  };
  return { ...watched, post, put, open };
}

type Phone = Awaited<ReturnType<typeof phone>>;

/** A book of three topics, in Vietnamese; the second has a question, a long story and a draft narrative. */
export async function seed(post: Phone["post"], put: Phone["put"]) {
  const book = await post("/api/books", { title: "Chuyện của bà", language: "vi" });
  const topics = [];
  for (const title of ["Tuổi thơ", "Khu vườn", "Ngày cưới"])
    topics.push(await post(`/api/books/${book.id}/topics`, { title }));
  const [childhood, garden, wedding] = topics as [{ id: number }, { id: number }, { id: number }];
  const question = await post(`/api/topics/${garden.id}/questions`, { question: "Bà trồng gì trong vườn?" });
  const story = await post(`/api/topics/${garden.id}/stories`, {
    title: "Cây khế",
    content: LONG_TEXT,
    status: "published",
  });
  await post(`/api/topics/${wedding.id}/stories`, {
    title: "Áo dài đỏ",
    content: "Bà mặc áo dài đỏ.",
    status: "draft",
  });
  expect((await put(`/api/topics/${garden.id}`, { preview: "Khu vườn của bà có cây khế." })).status()).toBe(200);
  return { book, childhood, garden, wedding, question, story };
}

/** The element's box against the part of the viewport below the sticky header. */
export function box(locator: Locator) {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const header = document.querySelector(".site-header")?.getBoundingClientRect().bottom ?? 0;
    return { top: rect.top, bottom: rect.bottom, header, viewport: window.innerHeight };
  });
}

/** The focus is on `field`, which shows below the header, and the editor's card starts on screen. */
export async function expectEditorOpenOn(page: Page, field: Locator) {
  await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
  const shown = await box(field);
  expect(shown.top, "the field is below the header").toBeGreaterThanOrEqual(shown.header);
  expect(shown.bottom, "the field is above the bottom of the screen").toBeLessThanOrEqual(shown.viewport);
  const card = await box(page.locator(".workspace-editor"));
  expect(card.top, "the editor's card starts on screen").toBeLessThan(card.viewport);
  expect(card.bottom, "the editor's card is not above the screen").toBeGreaterThan(card.header);
}

/** `button` lies inside the card's visible box and is what a tap at its centre reaches. */
export async function expectReachable(button: Locator, card: Locator) {
  const inside = await button.evaluate(
    (element, cardElement) => {
      const rect = element.getBoundingClientRect();
      const frame = (cardElement as Element).getBoundingClientRect();
      const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      return {
        within: rect.top >= frame.top - 0.5 && rect.bottom <= frame.bottom + 0.5,
        reached: !!hit && (hit === element || element.contains(hit)),
      };
    },
    await card.elementHandle(),
  );
  expect(inside).toEqual({ within: true, reached: true });
}
