import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations, FAKE_MICROPHONE_ARGS, openPage, serverAndBrowser } from "../support/browser";
import { webmBytes } from "../support/media-files";
import en from "~/i18n/en";
import vi from "~/i18n/vi";
import { createUser, signIn } from "./helpers";

// The storyteller's door (issue 18, ADR 0028) as the grandmother meets it: a Vietnamese book on a 390 px phone, the
// page's own script recording from Chromium's fake microphone, the plain form without JavaScript, and the outbox
// that keeps a recording on the phone while the network is gone.
const env = serverAndBrowser({ browserArgs: FAKE_MICROPHONE_ARGS });

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "vi-VN" };
const QUESTIONS = ["Bà sinh ra ở đâu?", "Hồi nhỏ bà thích chơi gì?"];
const t = vi.tell;
const thanks = (count: number) => `Bà đã kể ${count} câu chuyện. Cảm ơn bà!`;

type Story = { id: number; status: string; hasAudio: boolean; questionId: number | null };
type FullStory = Story & { source: string; tellerName: string | null; media: { type: string; size: number }[] };

/** A signed-in owner's Vietnamese book with one topic of two questions, and a storyteller link made for Bà Lan. */
async function bookWithLink() {
  const user = await createUser(env.server);
  const owner = await env.browser.newContext();
  const headers = { Origin: env.server.url };
  const login = await owner.request.post(`${env.server.url}/api/auth/login`, {
    data: { username: user.username, password: user.password, rememberMe: false },
  });
  expect(login.status()).toBe(200);
  const post = async <T = { id: number }>(path: string, data: unknown) => {
    const response = await owner.request.post(`${env.server.url}${path}`, { data, headers });
    expect(response.status(), `POST ${path}`).toBe(201);
    return (await response.json()) as T;
  };
  const get = async <T>(path: string) => (await (await owner.request.get(`${env.server.url}${path}`)).json()) as T;
  const book = await post("/api/books", { title: "Chuyện của bà", language: "vi" });
  const topic = await post(`/api/books/${book.id}/topics`, { title: "Tuổi thơ" });
  for (const question of QUESTIONS) await post(`/api/topics/${topic.id}/questions`, { question });
  const link = await post<{ id: number; token: string; url: string }>(`/api/books/${book.id}/storyteller-links`, {
    name: "Bà Lan",
    address: "ba",
  });
  return {
    path: `/tell/${link.token}`,
    url: `${env.server.url}/tell/${link.token}`,
    stories: () => get<Story[]>(`/api/books/${book.id}/stories`),
    story: (id: number) => get<FullStory>(`/api/stories/${id}`),
    revoke: async () =>
      expect(
        (await owner.request.delete(`${env.server.url}/api/storyteller-links/${link.id}`, { headers })).status(),
      ).toBeLessThan(300),
    close: () => owner.close(),
  };
}

const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });
const question = (page: Page) => page.getByRole("heading", { level: 1 });

/** Records `seconds` whole seconds from the fake microphone, seen on the page's timer, then stops. */
async function record(page: Page, seconds: number) {
  await button(page, t.record).click();
  // Focus follows the step: Record becomes Stop under her thumb (once the microphone has answered).
  await button(page, t.stop).waitFor();
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(t.stop);
  await page
    .locator("[data-tell=time]")
    .filter({ hasText: `00:0${seconds}` })
    .waitFor();
  await button(page, t.stop).click();
  await button(page, t.send).waitFor();
}

/** The one story that her answer made: a draft of the first question, told by Bà Lan, with its recording kept. */
async function expectOneToldStory(door: Awaited<ReturnType<typeof bookWithLink>>, { audio = true, text = "" } = {}) {
  const stories = await door.stories();
  expect(stories).toHaveLength(1);
  const story = await door.story(stories[0]!.id);
  expect(story).toMatchObject({ status: "draft", source: "storyteller", tellerName: "Bà Lan", hasAudio: audio });
  expect(story.media.filter((m) => m.type === "audio")).toHaveLength(audio ? 1 : 0);
  if (text) expect(story).toMatchObject({ content: expect.stringContaining(text) });
  return story;
}

/** After an answer: the thanks with her count has focus, and the next question is asked. */
async function expectThanksThenNext(page: Page, count: number) {
  const confirmation = page.locator("#tell-thanks");
  await confirmation.filter({ hasText: thanks(count) }).waitFor();
  await page.waitForFunction(() => document.activeElement?.id === "tell-thanks");
  expect(await question(page).textContent()).toBe(QUESTIONS[1]);
}

/** Playwright's view of the page's own console, for a page opened after the watched one. */
function consoleErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** Chromium logs each request that the offline network refuses; those the test provoked, and only those, pass. */
const offlineOnly = (errors: string[]) => errors.filter((error) => !/net::ERR_INTERNET_DISCONNECTED/.test(error));

async function noHorizontalScroll(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

/** Every visible button and button-like link of the page is at least 56 px high (issue 18). */
async function shortestTarget(page: Page) {
  return page.evaluate(() =>
    Math.min(
      ...Array.from(document.querySelectorAll<HTMLElement>("#main button, #main a.tell-button"))
        .filter((element) => element.getClientRects().length > 0)
        .map((element) => element.getBoundingClientRect().height),
    ),
  );
}

describe("the storyteller's door with JavaScript", () => {
  it("records, stops, sends, thanks her with focus, and asks the next question; one draft with audio", async () => {
    const door = await bookWithLink();
    const { page, assertNoErrors } = await openPage(env.browser, PHONE);
    await page.goto(door.url);
    expect(await question(page).textContent()).toBe(QUESTIONS[0]);
    // The script swaps the plain file field and the writing for the recorder.
    await button(page, t.record).waitFor();
    expect(await page.locator("#tell-audio").isHidden()).toBe(true);
    expect(await page.locator("#tell-content").isHidden()).toBe(true);
    expect(await button(page, t.sendForm).isHidden()).toBe(true);
    await expectNoAxeViolations(page);

    await record(page, 2);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(t.listenBack);
    expect(await button(page, t.recordAgain).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    const posted = page.waitForRequest((request) => request.method() === "POST");
    await button(page, t.send).click();
    const request = await posted;
    expect(await request.headerValue("accept")).toBe("application/json");

    // Her recording is kept without its words (no AI server): the thanks tell her so, in her words (issue 35).
    await page.waitForURL((url) => url.search === "?sent=1&voice=1");
    await expectThanksThenNext(page, 1);
    expect(await page.locator("#tell-thanks").textContent()).toBe(
      `${thanks(1)} ${t.voiceSaved.replace("{{you}}", "bà")}`,
    );
    await expectOneToldStory(door);
    // Nothing stays in the outbox: a reload sends nothing again.
    await page.reload();
    await button(page, t.record).waitFor();
    expect(await door.stories()).toHaveLength(1);
    assertNoErrors();
    await door.close();
  });

  it("switches to writing and back, and posts her writing as the plain form", async () => {
    const door = await bookWithLink();
    const { page, assertNoErrors } = await openPage(env.browser, PHONE);
    await page.goto(door.url);
    await button(page, t.typeInstead).click();
    await page.locator("#tell-content").fill("Bà sinh ra ở Huế.");
    expect(await button(page, t.record).isHidden()).toBe(true);
    await expectNoAxeViolations(page);
    await button(page, t.speakInstead).click();
    await button(page, t.record).waitFor();
    expect(await page.locator("#tell-content").isHidden()).toBe(true);
    await button(page, t.typeInstead).click();
    await Promise.all([page.waitForURL((url) => url.search === "?sent=1"), button(page, t.sendForm).click()]);
    await expectThanksThenNext(page, 1);
    await expectOneToldStory(door, { audio: false, text: "Bà sinh ra ở Huế." });
    // The last answer: the thanks has the focus on the closing words too, where the script still runs.
    await button(page, t.typeInstead).click();
    await page.locator("#tell-content").fill("Bà thích thả diều.");
    await Promise.all([page.waitForURL((url) => url.search === "?sent=1"), button(page, t.sendForm).click()]);
    await page.getByRole("heading", { name: t.finishedTitle.replace("{{You}}", "Bà") }).waitFor();
    await page.waitForFunction(() => document.activeElement?.id === "tell-thanks");
    expect(await page.locator("#tell-thanks").textContent()).toBe(thanks(2));
    await expectNoAxeViolations(page);
    assertNoErrors();
    await door.close();
  });

  it("falls back to writing and the file field when the microphone is refused", async () => {
    const door = await bookWithLink();
    const { page, context, assertNoErrors } = await openPage(env.browser, PHONE);
    // The fake UI grants every request; a page whose getUserMedia is refused is what a "Block" leaves.
    await context.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException("refused", "NotAllowedError"));
    });
    await page.goto(door.url);
    await button(page, t.record).click();
    await page
      .getByRole("status")
      .filter({ hasText: t.micRefused.replace("{{You}}", "Bà") })
      .waitFor();
    expect(await page.locator("#tell-content").isVisible()).toBe(true);
    expect(await page.locator("#tell-audio").isVisible()).toBe(true);
    expect(await button(page, t.record).isHidden()).toBe(true);
    await expectNoAxeViolations(page);
    assertNoErrors();
    await door.close();
  });

  it("says so when the link ended before Send, gives her recording back, and keeps nothing to retry", async () => {
    const door = await bookWithLink();
    const { page, context, assertNoErrors } = await openPage(env.browser, PHONE);
    await page.goto(door.url);
    await record(page, 1);
    await door.revoke();
    await button(page, t.send).click();
    await page.getByRole("status").filter({ hasText: t.endedText }).waitFor();
    // Her recording is hers to listen to again; sending it again cannot help, so the outbox is empty.
    await button(page, t.listenBack).waitFor();
    expect(await keptInOutbox(context, door.url)).toBe(0);
    assertNoErrors([{ path: door.path, status: 410 }]);
    await door.close();
  });

  it("keeps the recording while offline and sends it once when the network returns", async () => {
    const door = await bookWithLink();
    const { page, context, errors } = await openPage(env.browser, PHONE);
    await page.goto(door.url);
    await record(page, 1);
    await context.setOffline(true);
    await button(page, t.send).click();
    await page.getByRole("status").filter({ hasText: t.waiting }).waitFor();
    expect(await door.stories()).toHaveLength(0);
    await context.setOffline(false);
    // The `online` event sends it without a reload.
    await page.waitForURL((url) => url.search === "?sent=1&voice=1");
    await expectThanksThenNext(page, 1);
    await expectOneToldStory(door);
    expect(offlineOnly(errors)).toEqual([]);
    await door.close();
  });

  it("sends a recording kept offline when she opens the page again, exactly once", async () => {
    const door = await bookWithLink();
    const first = await openPage(env.browser, PHONE);
    await first.page.goto(door.url);
    await record(first.page, 1);
    await first.context.setOffline(true);
    await button(first.page, t.send).click();
    await first.page.getByRole("status").filter({ hasText: t.waiting }).waitFor();
    // She closes the page while offline; the recording is in the phone's outbox only.
    await first.page.close();
    expect(await door.stories()).toHaveLength(0);
    await first.context.setOffline(false);
    expect(await keptInOutbox(first.context, door.url)).toBe(1);

    const again = await first.context.newPage();
    const errors = consoleErrors(again);
    // Another question's page: the outbox is sent whichever question the page shows.
    await again.goto(`${door.url}?question=x`);
    await again.waitForURL((url) => url.search === "?sent=1&voice=1");
    await expectThanksThenNext(again, 1);
    const story = await expectOneToldStory(door);
    expect(story.media[0]!.size).toBeGreaterThan(100);
    expect(await keptInOutbox(first.context, door.url)).toBe(0);
    expect(offlineOnly([...first.errors, ...errors])).toEqual([]);
    await door.close();
  });

  it("offers Hear the question only once the phone has a voice in the book language, and reads it in it", async () => {
    const door = await bookWithLink();
    const { page, context, assertNoErrors } = await openPage(env.browser, PHONE);
    // Chromium here has no voices at all; the page is given the phone's voices as a phone gives them: none at first,
    // then a list announced by `voiceschanged`. What it speaks is recorded instead of sounded.
    await context.addInitScript(() => {
      const voices: { lang: string; name: string }[] = [];
      const events = new EventTarget();
      const spoken: { text: string; lang: string; voice: string }[] = [];
      class Utterance {
        lang = "";
        voice: { name: string } | null = null;
        constructor(public text: string) {}
      }
      const synthesis = {
        getVoices: () => [...voices],
        addEventListener: events.addEventListener.bind(events),
        cancel: () => {},
        speak: (u: Utterance) => spoken.push({ text: u.text, lang: u.lang, voice: u.voice?.name ?? "" }),
      };
      Object.defineProperty(window, "speechSynthesis", { value: synthesis });
      Object.defineProperty(window, "SpeechSynthesisUtterance", { value: Utterance });
      Object.assign(window, {
        spoken,
        giveVoices: (list: { lang: string; name: string }[]) => {
          voices.push(...list);
          events.dispatchEvent(new Event("voiceschanged"));
          return !(document.querySelector("[data-tell=hear]") as HTMLElement).hidden;
        },
      });
    });
    await page.goto(door.url);
    await button(page, t.record).waitFor();
    const hear = button(page, t.hear);
    expect(await hear.isHidden()).toBe(true);
    // An English voice is no voice for a Vietnamese book; a Vietnamese one, whatever its region, is.
    expect(await giveVoices(page, [{ lang: "en-US", name: "Sam" }])).toBe(false);
    expect(await giveVoices(page, [{ lang: "vi_VN", name: "Linh" }])).toBe(true);
    await hear.click();
    expect(await page.evaluate(() => (window as unknown as { spoken: unknown[] }).spoken)).toEqual([
      { text: QUESTIONS[0], lang: "vi_VN", voice: "Linh" },
    ]);
    await expectNoAxeViolations(page);
    assertNoErrors();
    await door.close();
  });

  it("fits 320 px without sideways scrolling, with buttons of 56 px and more", async () => {
    const door = await bookWithLink();
    const { page, assertNoErrors } = await openPage(env.browser, { ...PHONE, viewport: { width: 320, height: 640 } });
    await page.goto(door.url);
    await button(page, t.record).waitFor();
    expect(await noHorizontalScroll(page)).toBe(true);
    expect(await shortestTarget(page)).toBeGreaterThanOrEqual(56);
    await record(page, 1);
    expect(await noHorizontalScroll(page)).toBe(true);
    expect(await shortestTarget(page)).toBeGreaterThanOrEqual(56);
    assertNoErrors();
    await door.close();
  });
});

/** Gives the page more voices (see the Hear test's init script); says whether Hear the question shows then. */
function giveVoices(page: Page, voices: { lang: string; name: string }[]): Promise<boolean> {
  return page.evaluate(
    (list) => (window as unknown as { giveVoices: (l: typeof list) => boolean }).giveVoices(list),
    voices,
  );
}

/** How many answers wait in the page's outbox, read in a page of the same origin and context. */
async function keptInOutbox(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  try {
    await page.route(url, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<p>outbox</p>" }));
    await page.goto(url);
    return await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const opening = indexedDB.open("heirloom-tell", 1);
          opening.onupgradeneeded = () => opening.result.createObjectStore("outbox", { keyPath: "idempotencyKey" });
          opening.onerror = () => reject(opening.error);
          opening.onsuccess = () => {
            const counting = opening.result.transaction("outbox").objectStore("outbox").count();
            counting.onsuccess = () => {
              opening.result.close();
              resolve(counting.result);
            };
          };
        }),
    );
  } finally {
    await page.close();
  }
}

describe("the storyteller's door without JavaScript", () => {
  it("posts a recording from the file field with her writing as a plain form, then thanks her", async () => {
    const door = await bookWithLink();
    const { page, assertNoErrors } = await openPage(env.browser, { ...PHONE, javaScriptEnabled: false });
    await page.goto(door.url);
    expect(await page.locator("#tell-audio").isVisible()).toBe(true);
    expect(await button(page, t.record).isHidden()).toBe(true);
    expect(await button(page, t.hear).isHidden()).toBe(true);
    expect(await shortestTarget(page)).toBeGreaterThanOrEqual(56);
    await page.locator("#tell-audio").setInputFiles({
      name: "ghi-am.webm",
      mimeType: "audio/webm",
      buffer: Buffer.from(webmBytes(3000)),
    });
    await page.locator("#tell-content").fill("Bà sinh ra ở Huế.");
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      button(page, t.sendForm).click(),
    ]);
    expect(response.status()).toBe(303);
    await page.waitForURL((url) => url.search === "?sent=1&voice=1");
    await page
      .locator("#tell-thanks")
      .filter({ hasText: thanks(1) })
      .waitFor();
    expect(await question(page).textContent()).toBe(QUESTIONS[1]);
    await expectOneToldStory(door, { text: "Bà sinh ra ở Huế." });
    assertNoErrors();
    await door.close();
  });

  it("posts a written answer alone, and fits 320 px", async () => {
    const door = await bookWithLink();
    const { page, assertNoErrors } = await openPage(env.browser, {
      ...PHONE,
      viewport: { width: 320, height: 640 },
      javaScriptEnabled: false,
    });
    await page.goto(door.url);
    expect(await noHorizontalScroll(page)).toBe(true);
    await page.locator("#tell-content").fill("Hồi nhỏ bà thả diều.");
    await Promise.all([page.waitForURL((url) => url.search === "?sent=1"), button(page, t.sendForm).click()]);
    await page
      .locator("#tell-thanks")
      .filter({ hasText: thanks(1) })
      .waitFor();
    await expectOneToldStory(door, { audio: false, text: "Hồi nhỏ bà thả diều." });
    expect(await noHorizontalScroll(page)).toBe(true);
    assertNoErrors();
    await door.close();
  });

  it("has no axe violations on the question and the thanks as plain HTML", async () => {
    const door = await bookWithLink();
    // axe runs in the page, so this page has JavaScript, but its one script answers empty: the HTML as it is
    // without JavaScript, every field and link of the plain form shown.
    const { page, assertNoErrors } = await openPage(env.browser, PHONE);
    await page.route("**/assets/storyteller-door-*.js", (route) =>
      route.fulfill({ status: 200, contentType: "text/javascript", body: "" }),
    );
    await page.goto(door.url);
    expect(await page.locator("#tell-audio").isVisible()).toBe(true);
    expect(await page.locator("#tell-content").isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await page.locator("#tell-content").fill("Hồi nhỏ bà thả diều.");
    await Promise.all([page.waitForURL((url) => url.search === "?sent=1"), button(page, t.sendForm).click()]);
    await page
      .locator("#tell-thanks")
      .filter({ hasText: thanks(1) })
      .waitFor();
    await expectNoAxeViolations(page);
    assertNoErrors();
    await door.close();
  });
});

describe("the signed-in storyteller's own door", () => {
  it("opens from Home's 'Answer the next question', records and sends; the answer is the user's draft", async () => {
    const user = await createUser(env.server);
    const { page, assertNoErrors } = await openPage(env.browser, { ...PHONE, locale: "en-US" });
    await signIn(page, env.server, user.username, user.password, "/");
    // Nothing to answer yet: no door on Home.
    expect(await page.getByRole("link", { name: en.home.answerNext }).count()).toBe(0);
    const headers = { Origin: env.server.url };
    const post = async (path: string, data: unknown) =>
      (await (await page.request.post(`${env.server.url}${path}`, { data, headers })).json()) as { id: number };
    const book = await post("/api/books", { title: "My story", language: "en" });
    const topic = await post(`/api/books/${book.id}/topics`, { title: "Childhood" });
    for (const text of ["Where were you born?", "What did you play?"])
      await post(`/api/topics/${topic.id}/questions`, { question: text });

    await page.goto(`${env.server.url}/`);
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/answer"),
      page.getByRole("link", { name: en.home.answerNext }).click(),
    ]);
    expect(await question(page).textContent()).toBe("Where were you born?");
    await button(page, en.tell.record).click();
    await button(page, en.tell.stop).waitFor();
    await page.locator("[data-tell=time]").filter({ hasText: "00:01" }).waitFor();
    await button(page, en.tell.stop).click();
    await Promise.all([page.waitForURL((url) => url.search === "?sent=1&voice=1"), button(page, en.tell.send).click()]);
    await page.locator("#tell-thanks").filter({ hasText: "You have told 1 story. Thank you!" }).waitFor();
    // Her own door speaks to her as "you" too.
    await page
      .locator("#tell-thanks")
      .filter({ hasText: en.tell.voiceSaved.replace("{{you}}", "you") })
      .waitFor();
    expect(await question(page).textContent()).toBe("What did you play?");

    const stories = (await (await page.request.get(`${env.server.url}/api/topics/${topic.id}/stories`)).json()) as {
      status: string;
      source: string;
      media: { type: string }[];
    }[];
    expect(stories).toHaveLength(1);
    expect(stories[0]).toMatchObject({ status: "draft", source: "family" });
    expect(stories[0]!.media.map((m) => m.type)).toEqual(["audio"]);
    await page.getByRole("link", { name: en.tell.enough }).click();
    await page.getByRole("link", { name: en.tell.home }).waitFor();
    assertNoErrors();
  });
});
