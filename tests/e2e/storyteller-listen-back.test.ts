import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import vi from "~/i18n/vi";
import { expectNoAxeViolations, FAKE_MICROPHONE_ARGS, openPage, serverAndBrowser } from "../support/browser";
import { createUser } from "./helpers";
import { SLOW_PHONE } from "./slow-phone";

// Issue 35: after a recording on her page she can listen back before sending, with its length in view, from a button
// of 56 px beside Send; the recording plays from the phone itself, so with the network gone too. A 390 px phone in
// Vietnamese with the CPU slowed four times, the page's own script recording from Chromium's fake microphone. Without
// JavaScript the page has no recorder of its own (the phone's recorder fills the file field), so nothing to play here.
const env = serverAndBrowser({ browserArgs: FAKE_MICROPHONE_ARGS });

const t = vi.tell;

/** A Vietnamese book of one question, and Bà Lan's link to it. */
async function doorForBaLan() {
  const user = await createUser(env.server);
  const owner = await env.browser.newContext();
  const headers = { Origin: env.server.url };
  const login = await owner.request.post(`${env.server.url}/api/auth/login`, {
    data: { username: user.username, password: user.password },
  });
  expect(login.status()).toBe(200);
  const post = async <T = { id: number }>(path: string, data: unknown) => {
    const response = await owner.request.post(`${env.server.url}${path}`, { data, headers });
    expect(response.status(), `POST ${path}`).toBe(201);
    return (await response.json()) as T;
  };
  const book = await post("/api/books", { title: "Chuyện của bà", language: "vi" });
  const topic = await post(`/api/books/${book.id}/topics`, { title: "Tuổi thơ" });
  await post(`/api/topics/${topic.id}/questions`, { question: "Bà sinh ra ở đâu?" });
  const link = await post<{ url: string }>(`/api/books/${book.id}/storyteller-links`, { name: "Bà Lan" });
  await owner.close();
  return link.url;
}

const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });

/** Where her recording plays, read in the page: its source, and whether it is playing now. */
const player = (page: Page) =>
  page.locator("[data-tell=player]").evaluate((audio: HTMLAudioElement) => ({
    src: audio.src,
    playing: !audio.paused && audio.currentTime > 0,
    ended: audio.ended,
  }));

describe("listening back before sending, on a slow phone", () => {
  it("plays her recording with its length beside Send, 56 px and more, with the network gone", async () => {
    const url = await doorForBaLan();
    const { page, context, assertNoErrors } = await openPage(env.browser, SLOW_PHONE);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(url);
    await button(page, t.record).click();
    await button(page, t.stop).waitFor();
    await page.locator("[data-tell=time]").filter({ hasText: "00:02" }).waitFor();
    await button(page, t.stop).click();

    const listen = button(page, t.listenBack);
    const send = button(page, t.send);
    await listen.waitFor();
    // Beside Send, on the same row, both large enough for her thumb.
    const [listenBox, sendBox] = [(await listen.boundingBox())!, (await send.boundingBox())!];
    expect(listenBox.y).toBe(sendBox.y);
    expect(listenBox.x + listenBox.width).toBeLessThanOrEqual(sendBox.x);
    expect(Math.min(listenBox.height, sendBox.height)).toBeGreaterThanOrEqual(56);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Its length, m:ss on the button, and in words as its description: at least the two seconds the timer showed.
    const length = (await listen.getAttribute("data-length")) ?? "";
    expect(length).toMatch(/^0:0[2-9]$/);
    expect(await listen.evaluate((element) => getComputedStyle(element, "::after").content)).toContain(`"${length}"`);
    expect(await listen.getAttribute("aria-describedby")).toBe("tell-length");
    const seconds = Number(length.slice(2));
    expect(await page.locator("#tell-length").textContent()).toBe(`Độ dài: ${seconds} giây`);
    await expectNoAxeViolations(page);

    // Offline: the recording is on the phone, so it plays without asking the network for anything.
    await context.setOffline(true);
    const asked: string[] = [];
    // The browser's own fetches (its favicon) aside: what the page asks for to play, and any call it makes.
    page.on("request", (request) => {
      if (["media", "fetch", "xhr"].includes(request.resourceType())) asked.push(request.url());
    });
    await listen.click();
    const stop = button(page, t.stopListening);
    await stop.waitFor();
    await expect.poll(async () => (await player(page)).playing).toBe(true);
    expect((await player(page)).src).toMatch(/^blob:/);
    // Played to its end, the button offers it again.
    await listen.waitFor();
    expect((await player(page)).ended).toBe(true);
    // Pressed again while it plays, it stops.
    await listen.click();
    await stop.click();
    await listen.waitFor();
    expect((await player(page)).playing).toBe(false);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((address) => !address.startsWith("blob:"))).toEqual([]);

    // Record again leaves the length with the recording it belonged to.
    await context.setOffline(false);
    await button(page, t.recordAgain).click();
    await button(page, t.record).waitFor();
    expect(await listen.isHidden()).toBe(true);
    assertNoErrors();
  });
});
