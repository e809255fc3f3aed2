import type { Page, Request, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectNoAxeViolations,
  FAKE_MICROPHONE_ARGS,
  loginThroughForm,
  openPage,
  serverAndBrowser,
} from "../support/browser";
import { fakeAiEnv, reply, startFakeOpenAi, type FakeOpenAi } from "../support/fake-openai";
import { startServer, type RunningServer } from "../support/server";
import { RECORDING_MAX_MS } from "~/components/recorder/recording";
import { createUser, toast, waitForHydration, waitForToast } from "./helpers";

// The story form's Recording tab (docs/product.md §2, §4; issue 5) with Chromium's fake microphone, which
// MediaRecorder turns into real webm/opus; without JavaScript, the plain file input.
const env = serverAndBrowser({ browserArgs: FAKE_MICROPHONE_ARGS });

type Json = Record<string, unknown> & { id: number };

/** A new user with a book and a topic, on the new-story form of that topic (the manual tab opens first). */
async function openNewStory({
  javaScriptEnabled = true,
  server = env.server,
  language = "en",
  fakeClock = false,
} = {}) {
  const user = await createUser(server);
  const watched = await openPage(env.browser, { javaScriptEnabled, viewport: { width: 1280, height: 900 } });
  const { page } = watched;
  if (fakeClock) await page.clock.install();
  await loginThroughForm(page, server.url, user.username, user.password);
  const post = async (path: string, data: unknown) =>
    (await (await page.request.post(`${server.url}${path}`, { data, headers: { Origin: server.url } })).json()) as Json;
  const get = async <T>(path: string) => (await (await page.request.get(`${server.url}${path}`)).json()) as T;
  const book = await post("/api/books", { title: "Voices", language });
  const topic = await post(`/api/books/${book.id}/topics`, { title: "Childhood" });
  await page.goto(`${server.url}/books/${book.id}?openEditor=story&topicId=${topic.id}`);
  if (javaScriptEnabled) await waitForHydration(page);
  return { ...watched, bookId: book.id, topicId: topic.id, get };
}

const recordingTab = (page: Page) => page.getByRole("radio", { name: "Recording", exact: true });
const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });
const status = (page: Page) => page.locator(".recorder-status");
const timerShows = (page: Page, text: string) =>
  page.getByRole("timer", { name: "Recording time" }).filter({ hasText: text }).waitFor();

/** The file the story form would post in its `audio` field, if any. */
function attachedFile(page: Page) {
  return page.evaluate(() => {
    const file = (document.getElementById("audio") as HTMLInputElement).files?.[0];
    return file ? { name: file.name, type: file.type, size: file.size } : null;
  });
}

/** Opens the Recording tab and waits for the in-page recorder to replace the file input. */
async function openRecorder(page: Page) {
  await recordingTab(page).check();
  await button(page, "Start recording").waitFor();
  expect(await page.locator("#audio").isHidden()).toBe(true);
}

async function record(page: Page, seconds: number) {
  await button(page, "Start recording").click();
  for (let s = 1; s <= seconds; s += 1) await timerShows(page, `00:0${s}`);
}

const isStoryPost = (bookId: number) => (request: Request) =>
  request.method() === "POST" && new URL(request.url()).pathname.startsWith(`/books/${bookId}`);

/** A part of a multipart body: its name, its file name (files only) and its content. */
const FORM_PART =
  /Content-Disposition: form-data; name="([^"]+)"(?:; filename="([^"]*)")?\r\n(?:[^\r\n]+\r\n)*\r\n([\s\S]*?)\r\n--/g;

/** A multipart body's text fields and files, enough to read what the story form posted. */
function multipart(body: Buffer) {
  const text = body.toString("latin1");
  const parts = [...text.matchAll(FORM_PART)];
  return {
    field: (name: string) => parts.find((p) => p[1] === name && p[2] === undefined)?.[3],
    file: (name: string) =>
      parts.filter((p) => p[1] === name && p[2] !== undefined).map((p) => ({ filename: p[2]!, size: p[3]!.length }))[0],
    names: parts.map((p) => p[1]),
  };
}

/** Real webm/opus bytes from the fake microphone, for the file input of the no-JavaScript form. */
async function recordWebm(ms: number): Promise<Buffer> {
  const page = await env.browser.newPage();
  try {
    await page.goto(`${env.server.url}/login`);
    const base64 = await page.evaluate(async (duration) => {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const recorder = new MediaRecorder(stream, { mimeType: "audio/webm;codecs=opus" });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start();
      await new Promise((resolve) => setTimeout(resolve, duration));
      recorder.stop();
      await stopped;
      for (const track of stream.getTracks()) track.stop();
      const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
      let binary = "";
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    }, ms);
    return Buffer.from(base64, "base64");
  } finally {
    await page.close();
  }
}

describe("the voice recorder in the story form", () => {
  it("records with a running timer, plays it back, adds it to the form, and records again", async () => {
    const { page, assertNoErrors } = await openNewStory();
    // The Text tab is open first; the Recording tab swaps the text for the recorder, by CSS alone.
    expect(await page.getByRole("radio", { name: "Text", exact: true }).isChecked()).toBe(true);
    await openRecorder(page);
    expect(await page.locator("#content").isVisible()).toBe(false);
    expect(await status(page).textContent()).toBe("Ready to record.");
    await expectNoAxeViolations(page);

    await record(page, 2);
    expect(await status(page).textContent()).toBe("Recording…");
    // Focus follows the action: Start becomes Stop, so the keyboard user is already on it.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Stop recording");
    await expectNoAxeViolations(page);
    await page.keyboard.press("Enter");

    const playback = page.locator(".recorder audio[controls]");
    await playback.waitFor();
    expect(await playback.getAttribute("src")).toMatch(/^blob:/);
    expect(await status(page).textContent()).toBe(
      "Recording stopped. Listen to it, then add it to the story or record again.",
    );
    expect(await attachedFile(page)).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Add recording");
    await expectNoAxeViolations(page);

    await page.keyboard.press("Enter");
    await status(page).filter({ hasText: "The recording will be saved with the story when you save it." }).waitFor();
    const file = await attachedFile(page);
    expect(file).toMatchObject({ type: "audio/webm", name: expect.stringMatching(/^recording-\d{8}-\d{4}\.webm$/) });
    expect(file!.size).toBeGreaterThan(0);
    await expectNoAxeViolations(page);

    // Record again discards it: no playback, nothing in the form, back to the start.
    await button(page, "Record again").click();
    await button(page, "Start recording").waitFor();
    expect(await playback.count()).toBe(0);
    expect(await attachedFile(page)).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Start recording");
    assertNoErrors();
  });

  it("saving while recording stops it, waits 500 ms, and posts the recording with the story", async () => {
    const { page, assertNoErrors, bookId, topicId, get } = await openNewStory();
    await page.fill("#title", "The river");
    await page.fill("#content", "We lived by the river.");
    await openRecorder(page);
    await record(page, 1);

    // The post is held until the recorder has said that it is processing the recording.
    let held: Route | null = null;
    const posted = new Promise<{ body: Buffer; at: number }>((resolve) => {
      void page.route(`**/books/${bookId}*`, (route) => {
        if (route.request().method() !== "POST") return route.fallback();
        held = route;
        resolve({ body: route.request().postDataBuffer() ?? Buffer.alloc(0), at: Date.now() });
      });
    });
    const clickedAt = Date.now();
    await button(page, "Complete").click();
    const { body, at } = await posted;
    expect(at - clickedAt).toBeGreaterThanOrEqual(450);
    const form = multipart(body);
    expect(form.file("audio")).toMatchObject({ filename: expect.stringMatching(/^recording-\d{8}-\d{4}\.webm$/) });
    expect(form.file("audio")!.size).toBeGreaterThan(0);
    expect(body.toString("latin1")).toContain('filename="recording-');
    // The same button's status travels with the second submission; the tab radios never do.
    expect([form.field("intent"), form.field("status"), form.field("title"), form.field("content")]).toEqual([
      "story:save",
      "published",
      "The river",
      "We lived by the river.",
    ]);
    expect(form.names).not.toContain("story-content-tab");
    // This server has the offline AI, which keeps a recording as it is: the recorder does not promise text.
    await status(page)
      .filter({ hasText: /^Saving the recording…$/ })
      .waitFor();
    expect(await button(page, "Complete").isDisabled()).toBe(true);
    await page.unroute(`**/books/${bookId}*`, async () => {});
    await held!.continue();

    // Saved: the editor reopens on the story, completed.
    await page.getByRole("heading", { name: "Edit story" }).waitFor();
    const [story] = await get<{ id: number; status: string; title: string }[]>(`/api/topics/${topicId}/stories`);
    expect(story).toMatchObject({ title: "The river", status: "published" });
    assertNoErrors();
  });

  it("posts a recording that was stopped but not added, rather than losing it", async () => {
    const { page, assertNoErrors, topicId, get } = await openNewStory();
    await page.fill("#title", "Grandpa's song");
    await openRecorder(page);
    await record(page, 1);
    await button(page, "Stop recording").click();
    await button(page, "Add recording").waitFor();
    expect(await attachedFile(page)).toBeNull();
    await button(page, "Save draft").click();
    await page.getByRole("heading", { name: "Edit story" }).waitFor();
    const [story] = await get<{ id: number; hasAudio: boolean }[]>(`/api/topics/${topicId}/stories`);
    const saved = await get<{ media: { type: string; filename: string; size: number }[] }>(`/api/stories/${story!.id}`);
    expect(saved.media).toEqual([
      expect.objectContaining({ type: "audio", filename: expect.stringMatching(/^recording-\d{8}-\d{4}\.webm$/) }),
    ]);
    expect(saved.media[0]!.size).toBeGreaterThan(0);
    assertNoErrors();
  });

  it("stops on its own at the 10-minute limit", async () => {
    const { page, assertNoErrors } = await openNewStory({ fakeClock: true });
    await openRecorder(page);
    await record(page, 1);
    // Ten minutes pass on the page's clock (timers and performance.now), not the test's.
    await page.clock.runFor(RECORDING_MAX_MS);
    await status(page).filter({ hasText: "The recording stopped at the 10-minute limit." }).waitFor();
    await page.locator(".recorder audio[controls]").waitFor();
    expect(await button(page, "Add recording").isVisible()).toBe(true);
    assertNoErrors();
  });

  it("calls the save off with the spec's notice when no recording is ready after stopping", async () => {
    const { page, assertNoErrors, bookId } = await openNewStory();
    await page.fill("#title", "Silence");
    await openRecorder(page);
    await record(page, 1);
    // A recorder that never delivers its recording: after the 500 ms wait there is nothing to attach.
    await page.evaluate(() => {
      MediaRecorder.prototype.stop = function stop() {};
    });
    const posts: string[] = [];
    page.on("request", (request) => {
      if (isStoryPost(bookId)(request)) posts.push(request.url());
    });
    await button(page, "Save draft").click();
    await waitForToast(page, "Please stop recording before saving the story.");
    await page.waitForTimeout(300);
    expect(posts).toEqual([]);
    expect(await attachedFile(page)).toBeNull();
    assertNoErrors();
  });

  it("says so when the microphone cannot be used", async () => {
    const { page, assertNoErrors } = await openNewStory();
    await openRecorder(page);
    await page.evaluate(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
    });
    await button(page, "Start recording").click();
    await waitForToast(page, "Unable to access microphone. Please check access permissions.");
    expect(await status(page).textContent()).toBe("Ready to record.");
    assertNoErrors();
  });

  it("keeps the plain file input where the browser cannot record", async () => {
    const { page, assertNoErrors } = await openNewStory();
    // A browser without MediaRecorder (older Safari, say), from the first script on.
    await page.addInitScript(() => Reflect.deleteProperty(window, "MediaRecorder"));
    await page.reload();
    await waitForHydration(page);
    await recordingTab(page).check();
    await page.locator("#audio").waitFor({ state: "visible" });
    expect(await page.locator(".recorder").count()).toBe(0);
    expect(await page.getByLabel("Record your voice or choose an audio file").getAttribute("accept")).toBe("audio/*");
    await expectNoAxeViolations(page);
    assertNoErrors();
  });
});

describe("the Recording tab without JavaScript", () => {
  it("offers a file input that opens the phone's recorder, and posts the chosen file with the story", async () => {
    const { page, assertNoErrors, bookId, topicId, get } = await openNewStory({ javaScriptEnabled: false });
    expect(await page.locator("#audio").isVisible()).toBe(false);
    await page.getByText("Recording", { exact: true }).click();
    const input = page.getByLabel("Record your voice or choose an audio file");
    await input.waitFor({ state: "visible" });
    expect(await input.getAttribute("accept")).toBe("audio/*");
    expect(await input.getAttribute("capture")).not.toBeNull();
    expect(await input.getAttribute("name")).toBe("audio");
    expect(await page.getByText("On a phone this opens its own recorder.", { exact: false }).isVisible()).toBe(true);

    await input.setInputFiles({ name: "voice.webm", mimeType: "audio/webm", buffer: await recordWebm(800) });
    await page.fill("#title", "Told on the phone");
    await page.getByText("Text", { exact: true }).click();
    await page.fill("#content", "Typed too.");
    // Chromium does not show a test the body of a page's own file upload; the form it came from says
    // what it carried: the file input is the story form's, the tab radios belong to no form.
    expect(await input.evaluate((el: HTMLInputElement) => [el.form?.enctype, el.files?.[0]?.name])).toEqual([
      "multipart/form-data",
      "voice.webm",
    ]);
    expect(await recordingTab(page).evaluate((el: HTMLInputElement) => el.form)).toBeNull();
    const [request] = await Promise.all([page.waitForRequest(isStoryPost(bookId)), button(page, "Save draft").click()]);
    expect(request.headers()["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    await page.getByRole("heading", { name: "Edit story" }).waitFor();
    const [story] = await get<{ title: string; status: string }[]>(`/api/topics/${topicId}/stories`);
    expect(story).toMatchObject({ title: "Told on the phone", status: "draft" });
    assertNoErrors();
  });
});

// These need the server side of issue 5: the story form's `audio` file stored as the story's media,
// transcribed in the book's language, the transcript appended to the story's text.
describe("a recording saved with the story", () => {
  const ai = {} as { fake: FakeOpenAi; server: RunningServer };
  beforeAll(async () => {
    ai.fake = await startFakeOpenAi();
    ai.server = await startServer(fakeAiEnv(ai.fake));
  });
  afterAll(async () => {
    await ai.server?.stop();
    await ai.fake?.close();
  });

  /** The story's media, read through the story API. */
  async function storyMedia(get: <T>(path: string) => Promise<T>, topicId: number) {
    const [story] = await get<{ id: number; content: string; hasAudio: boolean }[]>(`/api/topics/${topicId}/stories`);
    const full = await get<{
      content: string;
      hasAudio: boolean;
      media?: { type: string; url: string; filename: string | null; transcription: string | null }[];
    }>(`/api/stories/${story!.id}`);
    return { story: story!, full };
  }

  it("keeps a 2-second recording with the story, served as webm; its words can be written out later", async () => {
    const { page, assertNoErrors, topicId, get } = await openNewStory();
    // A recording alone is content enough (docs/product.md §5: content or media).
    await page.fill("#title", "Grandmother's song");
    await openRecorder(page);
    await record(page, 2);
    await button(page, "Stop recording").click();
    await button(page, "Add recording").click();
    await button(page, "Save draft").click();
    await page.getByRole("heading", { name: "Edit story" }).waitFor();
    await expect
      .poll(async () => (await toast(page).textContent()) ?? "")
      .toContain("The voice recording is saved. The family can write it out later.");

    const { full } = await storyMedia(get, topicId);
    expect(full.hasAudio).toBe(true);
    expect(full.media).toEqual([
      expect.objectContaining({ type: "audio", filename: expect.stringMatching(/^recording-\d{8}-\d{4}\.webm$/) }),
    ]);
    const served = await page.request.get(new URL(full.media![0]!.url, env.server.url).toString());
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toMatch(/^audio\/webm/);
    assertNoErrors();
  });

  // The Media files tab's player is the media list's (the lead's side of issue 5).
  it("plays the saved recording in the story's Media files tab", async () => {
    const { page, assertNoErrors } = await openNewStory();
    await page.fill("#title", "Grandfather's laugh");
    await openRecorder(page);
    await record(page, 2);
    await button(page, "Save draft").click();
    await page.getByRole("heading", { name: "Edit story" }).waitFor();
    await page.getByText("Media files", { exact: true }).click();
    const player = page.locator(".media-item audio[controls]");
    await player.waitFor({ state: "visible" });
    const served = await page.request.get(new URL((await player.getAttribute("src"))!, env.server.url).toString());
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toMatch(/^audio\/webm/);
    await expectNoAxeViolations(page);
    assertNoErrors();
  });

  it("appends the transcript to the story's text, after a blank line, in the book's language", async () => {
    const { page, assertNoErrors, topicId, get } = await openNewStory({ server: ai.server, language: "vi" });
    ai.fake.reset();
    ai.fake.enqueue(reply.content("Mẹ tôi hát ru mỗi tối."));
    await page.fill("#title", "Lời ru");
    await page.fill("#content", "Những buổi tối ở quê.");
    await openRecorder(page);
    await record(page, 2);
    await button(page, "Stop recording").click();
    await button(page, "Add recording").click();
    await button(page, "Complete").click();
    await page.getByRole("heading", { name: "Edit story" }).waitFor();

    // The editor shows the story as the server wrote it: the transcript after a blank line.
    await expect.poll(() => page.inputValue("#content")).toBe("Những buổi tối ở quê.\n\nMẹ tôi hát ru mỗi tối.");
    const request = await ai.fake.waitForRequest(1);
    expect(request.path).toBe("/v1/audio/transcriptions");
    expect(request.body.form).toMatchObject({
      language: "vi",
      file: expect.stringMatching(/^file:recording-\d{8}-\d{4}\.webm:\d+$/),
    });
    const { full } = await storyMedia(get, topicId);
    expect(full.media).toEqual([expect.objectContaining({ type: "audio", transcription: "Mẹ tôi hát ru mỗi tối." })]);
    // The form came back fresh: nothing is attached any more, so saving again posts no second copy.
    await recordingTab(page).check();
    await button(page, "Start recording").waitFor();
    expect(await attachedFile(page)).toBeNull();
    assertNoErrors();
  });

  it("stores the file chosen without JavaScript as the story's audio", async () => {
    const { page, assertNoErrors, topicId, get } = await openNewStory({ javaScriptEnabled: false });
    await page.getByText("Recording", { exact: true }).click();
    await page
      .locator("#audio")
      .setInputFiles({ name: "phone.webm", mimeType: "audio/webm", buffer: await recordWebm(800) });
    await page.fill("#title", "From the phone's recorder");
    await button(page, "Save draft").click();
    await page.getByRole("heading", { name: "Edit story" }).waitFor();
    const { full } = await storyMedia(get, topicId);
    expect(full.hasAudio).toBe(true);
    expect(full.media).toEqual([expect.objectContaining({ type: "audio", filename: "phone.webm" })]);
    assertNoErrors();
  });

  it("keeps the audio when transcription fails, and says so", async () => {
    const { page, assertNoErrors, topicId, get } = await openNewStory({ server: ai.server });
    // A client error, which is not retried: the provider fails at once.
    ai.fake.reset();
    ai.fake.enqueue(reply.status(400));
    await page.fill("#title", "Static");
    await page.fill("#content", "Kept as typed.");
    await openRecorder(page);
    await record(page, 1);
    await button(page, "Save draft").click();
    await page.getByRole("heading", { name: "Edit story" }).waitFor();
    await expect
      .poll(async () => (await toast(page).textContent()) ?? "")
      .toContain("Cannot transcribe audio, please try again.");
    expect(await page.inputValue("#content")).toBe("Kept as typed.");
    const { full } = await storyMedia(get, topicId);
    expect(full.media).toEqual([expect.objectContaining({ type: "audio" })]);
    assertNoErrors();
  });
});
