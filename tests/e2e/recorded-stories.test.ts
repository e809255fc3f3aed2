import fs from "node:fs/promises";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, openPage, serverAndBrowser } from "../support/browser";
import { fakeAiEnv, reply, startFakeOpenAi, type FakeOpenAi } from "../support/fake-openai";
import { pngBytes, wavBytes } from "../support/media-files";
import { startServer, type RunningServer } from "../support/server";
import vi from "~/i18n/vi";
import { createUser, toast, waitForHydration, waitForToast } from "./helpers";

// Issue 20, "the story she tells must not disappear": a story that is only recorded is part of the book
// everywhere, lengths show before a player loads, the recorder says what the offline AI does with a
// recording, Dictate uses the browser's own recognition, and the downloaded text has no raw image markers.
// On a 390 px phone, in Vietnamese, with and without JavaScript where it applies.
const env = serverAndBrowser();
const PHONE = { width: 390, height: 844 };

type Seeded = { bookId: number; recordedId: number };

/**
 * A signed-in owner (Vietnamese) with a Vietnamese book: "Giọng bà", completed with only a 65-second recording,
 * and "Vườn nhà", completed with text and a captioned photo. `beforeAudio` runs just before the recording is
 * uploaded (a test with an AI server scripts its transcription there).
 */
async function ownerWithRecordedStory(server: RunningServer, javaScriptEnabled: boolean, beforeAudio = () => {}) {
  const user = await createUser(server);
  const watched = await openPage(env.browser, { javaScriptEnabled, viewport: PHONE, locale: "vi-VN" });
  const request = watched.context.request;
  const headers = { Origin: server.url };
  const login = await request.post(`${server.url}/api/auth/login`, {
    data: { username: user.username, password: user.password, rememberMe: false },
  });
  expect(login.status()).toBe(200);
  const post = async (url: string, data: unknown) => {
    const response = await request.post(`${server.url}${url}`, { data, headers });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as { id: number };
  };
  const upload = async (storyId: number, type: "image" | "audio", name: string, buffer: Buffer, description = "") => {
    const mimeType = type === "image" ? "image/png" : "audio/wav";
    const response = await request.post(`${server.url}/api/stories/${storyId}/media`, {
      headers,
      multipart: { type, description, file: { name, mimeType, buffer } },
    });
    expect(response.status(), await response.text()).toBe(201);
  };
  const book = await post("/api/books", { title: "Chuyện của bà", language: "vi" });
  const topic = await post(`/api/books/${book.id}/topics`, { title: "Tiếng hát" });
  // A story needs text or media: it is written first, and its text taken away once its recording is kept.
  const recorded = await post(`/api/topics/${topic.id}/stories`, {
    title: "Giọng bà",
    content: "…",
    status: "published",
  });
  beforeAudio();
  await upload(recorded.id, "audio", "giong-ba.wav", Buffer.from(wavBytes(65_000, 4000)));
  const emptied = await request.put(`${server.url}/api/stories/${recorded.id}`, {
    data: { title: "Giọng bà", content: "", status: "published" },
    headers,
  });
  expect(emptied.status(), await emptied.text()).toBe(200);
  const garden = await post(`/api/topics/${topic.id}/stories`, {
    title: "Vườn nhà",
    content: "Bà trồng rau sau nhà.",
    status: "published",
  });
  await upload(garden.id, "image", "vuon.png", Buffer.from(await pngBytes()), "Vườn rau của bà");
  const open = async (path: string) => {
    await watched.page.goto(`${server.url}${path}`);
    if (javaScriptEnabled) await waitForHydration(watched.page);
  };
  const seeded: Seeded = { bookId: book.id, recordedId: recorded.id };
  return { ...watched, ...seeded, open };
}

const panel = (page: Page) => page.locator(".preview-panel");

/** The text of a file the browser downloaded from a link. */
async function downloadedText(page: Page, link: ReturnType<Page["getByRole"]>) {
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  return fs.readFile((await download.path())!, "utf8");
}

for (const javaScriptEnabled of [true, false]) {
  describe(`a story told only aloud, ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    it("is in the topic preview and the downloaded book, with its length, and photos read as lines", async () => {
      const { page, bookId, open, assertNoErrors } = await ownerWithRecordedStory(env.server, javaScriptEnabled);
      await open(`/books/${bookId}`);
      await panel(page).getByRole("button", { name: "Tạo bản thảo", exact: true }).click();
      await panel(page).getByRole("heading", { name: "Giọng bà" }).waitFor();
      await panel(page).getByText("[Bản ghi âm: 1:05]", { exact: true }).waitFor();

      await open(`/books/${bookId}?ptab=book`);
      await panel(page).getByRole("button", { name: "Tạo bản thảo cả cuốn sách", exact: true }).click();
      const text = await downloadedText(page, panel(page).getByRole("link", { name: "Tải về dạng văn bản" }));
      expect(text).toContain("### Giọng bà\n\n[Bản ghi âm: 1:05]");
      expect(text).toContain("[Ảnh: Vườn rau của bà]");
      expect(text).not.toContain("[IMAGE");
      assertNoErrors();
    });

    it("shows its recording's length in the media files tab before the player loads anything", async () => {
      const { page, bookId, recordedId, open, assertNoErrors } = await ownerWithRecordedStory(
        env.server,
        javaScriptEnabled,
      );
      const audio: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes("/api/media/render/")) audio.push(request.url());
      });
      await open(`/books/${bookId}?storyId=${recordedId}&tab=media`);
      const item = page.locator(".media-item").filter({ has: page.locator("audio") });
      await item.locator(".recording-length time", { hasText: /^1:05$/ }).waitFor();
      expect(await item.locator(".recording-length .visually-hidden").textContent()).toBe("Độ dài: 1 phút, 5 giây");
      expect(audio).toEqual([]);
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      assertNoErrors();
    });

    it("is promised nothing the offline AI cannot do: the recorder says its words will not become text", async () => {
      const { page, bookId, recordedId, open, assertNoErrors } = await ownerWithRecordedStory(
        env.server,
        javaScriptEnabled,
      );
      await open(`/books/${bookId}?storyId=${recordedId}`);
      await page.getByRole("radio", { name: "Ghi âm", exact: true }).check();
      const honest = javaScriptEnabled
        ? page.locator(".recorder").getByText(/không được tự chuyển thành chữ ở đây/)
        : page.locator("#audio-hint").getByText(/không được tự chuyển thành chữ ở đây/);
      await honest.waitFor();
      expect(await page.locator(".recording-field").textContent()).not.toMatch(/lời kể được thêm vào văn bản/);
      assertNoErrors();
    });
  });
}

/** A Vietnamese story form's text field and its Dictate button ("Đọc để viết"). */
const dictate = (page: Page) => page.getByRole("button", { name: "Đọc để viết", exact: true });

/**
 * A stand-in for the browser's speech recognition (the outside world): it records what it was asked for and,
 * once started, says one sentence as a final result, then ends; or, given `error`, fails with it, as Chromium without
 * Google's keys fails with "network".
 */
async function fakeRecognition(context: BrowserContext, error: string | null = null) {
  await context.addInitScript((error) => {
    const asked: { lang: string }[] = [];
    (window as unknown as { recognitionAsked: typeof asked }).recognitionAsked = asked;
    class FakeRecognition {
      lang = "";
      continuous = false;
      interimResults = false;
      onresult: ((event: unknown) => void) | null = null;
      onerror: ((event: unknown) => void) | null = null;
      onend: (() => void) | null = null;
      static available() {
        return Promise.resolve("available");
      }
      start() {
        asked.push({ lang: this.lang });
        queueMicrotask(() => {
          if (error) this.onerror?.({ error });
          else {
            const result = Object.assign([{ transcript: "ngày xưa bà hát ru" }], { isFinal: true });
            this.onresult?.({ resultIndex: 0, results: [result] });
          }
          this.onend?.();
        });
      }
      stop() {
        this.onend?.();
      }
    }
    Object.assign(window, { SpeechRecognition: FakeRecognition, webkitSpeechRecognition: FakeRecognition });
  }, error);
}

describe("Dictate", () => {
  it("fills the story's text with what the browser recognised, in the book's language", async () => {
    const owner = await ownerWithRecordedStory(env.server, true);
    await fakeRecognition(owner.context);
    await owner.open(`/books/${owner.bookId}?storyId=${owner.recordedId}`);
    await owner.page.locator("#content").fill("Bà kể:");
    await dictate(owner.page).click();
    await expect.poll(() => owner.page.locator("#content").inputValue()).toBe("Bà kể: ngày xưa bà hát ru");
    expect(
      await owner.page.evaluate(() => (window as unknown as { recognitionAsked: unknown }).recognitionAsked),
    ).toEqual([{ lang: "vi-VN" }]);
    // The recording is not touched: the story still has it, and nothing was attached to the form.
    expect(await owner.page.evaluate(() => (document.getElementById("audio") as HTMLInputElement).files?.length)).toBe(
      0,
    );
    await expectNoAxeViolations(owner.page);
    owner.assertNoErrors();
  });

  it("says so, and is not offered again, when the browser cannot reach its recognition service", async () => {
    const owner = await ownerWithRecordedStory(env.server, true);
    await fakeRecognition(owner.context, "network");
    await owner.open(`/books/${owner.bookId}?storyId=${owner.recordedId}`);
    await owner.page.locator("#content").fill("Bà kể:");
    await dictate(owner.page).click();
    await waitForToast(owner.page, "Đã dừng đọc để viết");
    expect(await toast(owner.page).locator(".toast-message").textContent()).toBe(vi.dictation.unavailable);
    await dictate(owner.page).waitFor({ state: "detached" });
    expect(await owner.page.locator("#content").inputValue()).toBe("Bà kể:");
    // Nor after a reload: the writing help beside it shows, the button does not.
    await owner.open(`/books/${owner.bookId}?storyId=${owner.recordedId}`);
    await owner.page.getByRole("button", { name: "Hỏi tôi thêm một câu", exact: true }).waitFor();
    expect(await dictate(owner.page).count()).toBe(0);
    owner.assertNoErrors();
  });

  it("is not offered where the browser has no speech recognition, nor without JavaScript", async () => {
    const owner = await ownerWithRecordedStory(env.server, true);
    await owner.context.addInitScript(() => {
      delete (window as { SpeechRecognition?: unknown }).SpeechRecognition;
      delete (window as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition;
    });
    await owner.open(`/books/${owner.bookId}?storyId=${owner.recordedId}`);
    await owner.page.locator("#content").waitFor();
    // The writing help beside it is there: the page has hydrated and looked for recognition.
    await owner.page.getByRole("button", { name: "Hỏi tôi thêm một câu", exact: true }).waitFor();
    expect(await dictate(owner.page).count()).toBe(0);
    owner.assertNoErrors();

    const plain = await ownerWithRecordedStory(env.server, false);
    await plain.open(`/books/${plain.bookId}?storyId=${plain.recordedId}`);
    await plain.page.locator("#content").waitFor();
    expect(await dictate(plain.page).count()).toBe(0);
    plain.assertNoErrors();
  });
});

describe("the shared page of a story told only aloud, with an AI server", () => {
  const ai = {} as { fake: FakeOpenAi; server: RunningServer };
  beforeAll(async () => {
    ai.fake = await startFakeOpenAi();
    ai.server = await startServer(fakeAiEnv(ai.fake));
  });
  afterAll(async () => {
    await ai.server?.stop();
    await ai.fake?.close();
  });

  it("reads on a phone without JavaScript: its title, its length, and the words of its recording", async () => {
    const owner = await ownerWithRecordedStory(ai.server, false, () =>
      ai.fake.enqueue(reply.content("Ngày xưa bà hát ru các con mỗi tối.")),
    );
    const created = await owner.context.request.post(`${ai.server.url}/api/books/${owner.bookId}/shares`, {
      data: {},
      headers: { Origin: ai.server.url },
    });
    const { url } = (await created.json()) as { url: string };
    const reader = await openPage(env.browser, { javaScriptEnabled: false, viewport: PHONE, locale: "vi-VN" });
    await reader.page.goto(`${url}#story-${owner.recordedId}`);
    const story = reader.page.locator(`#story-${owner.recordedId}`);
    await story.getByRole("heading", { name: "Giọng bà" }).waitFor();
    await story.locator("time", { hasText: /^1:05$/ }).waitFor();
    await story.getByText("Ngày xưa bà hát ru các con mỗi tối.", { exact: true }).waitFor();
    reader.assertNoErrors();
    owner.assertNoErrors();
  });
});
