import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations, openPage, serverAndBrowser } from "../support/browser";
import { pngBytes, webmBytes } from "../support/media-files";
import { createUser, waitForHydration, waitForToast } from "./helpers";

const env = serverAndBrowser();

type Row = { id: number; url: string; description: string; type: string };

const png = async (red: number) => Buffer.from(await pngBytes(64, 48, { r: red, g: 90, b: 60 }));
const webm = () => Buffer.from(webmBytes());

/** A signed-in page with a book, a topic and a story; media are added through the real API. */
async function withStory(javaScriptEnabled: boolean, locale = "en-US") {
  const user = await createUser(env.server);
  const watched = await openPage(env.browser, { javaScriptEnabled, locale, viewport: { width: 1280, height: 900 } });
  const request = watched.context.request;
  const origin = { Origin: env.server.url };
  const login = await request.post(`${env.server.url}/api/auth/login`, {
    data: { username: user.username, password: user.password, rememberMe: false },
  });
  expect(login.status()).toBe(200);
  const post = async (url: string, data: unknown) =>
    (await (await request.post(`${env.server.url}${url}`, { data, headers: origin })).json()) as { id: number };
  const book = await post("/api/books", { title: "Album", language: "en" });
  const topic = await post(`/api/books/${book.id}/topics`, { title: "Summers" });
  const story = await post(`/api/topics/${topic.id}/stories`, {
    title: "By the river",
    content: "We swam every day.",
    status: "published",
  });
  const addMedia = async (type: "image" | "audio", buffer: Buffer, name: string, description?: string) => {
    const response = await request.post(`${env.server.url}/api/stories/${story.id}/media`, {
      headers: origin,
      multipart: {
        type,
        ...(description ? { description } : {}),
        file: { name, mimeType: type === "image" ? "image/png" : "audio/webm", buffer },
      },
    });
    expect(response.status()).toBe(201);
    return (await response.json()) as Row;
  };
  const open = async (url: string) => {
    await watched.page.goto(`${env.server.url}${url}`);
    if (javaScriptEnabled) await waitForHydration(watched.page);
  };
  const storyMedia = async () =>
    ((await (await request.get(`${env.server.url}/api/stories/${story.id}`)).json()) as { media: Row[] }).media;
  return { ...watched, book, topic, story, addMedia, open, storyMedia };
}

const mediaTab = (page: Page) => page.getByRole("radio", { name: "Media files", exact: true });

async function fixture(name: string, bytes: Buffer): Promise<string> {
  const dir = path.join(env.server.dataDir, "fixtures");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, name), bytes);
  return path.join(dir, name);
}

for (const javaScriptEnabled of [true, false]) {
  describe(`the media files tab ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    it("uploads a photo, edits its description and deletes it after confirming", async () => {
      const { page, book, story, open, storyMedia, assertNoErrors } = await withStory(javaScriptEnabled);
      await open(`/books/${book.id}?storyId=${story.id}`);
      await mediaTab(page).check();
      await page.getByText("This story has no images or recordings yet.").waitFor();

      await page
        .getByLabel("Photo", { exact: true })
        .setInputFiles(await fixture("grandma_at_the_market.png", await png(180)));
      await page.getByRole("button", { name: "Upload photo" }).click();
      await waitForToast(page, "File added");
      const [photo] = await storyMedia();
      expect(photo).toMatchObject({ type: "image", description: "grandma at the market" });
      const thumbnail = page.locator(".media-item img");
      await expect
        .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(320);
      expect(await thumbnail.getAttribute("alt")).toBe("grandma at the market");

      const description = page.getByLabel("Description", { exact: true });
      await description.fill("Grandma selling mangoes, 1975");
      await page.getByRole("button", { name: "Save description of grandma at the market" }).click();
      await waitForToast(page, "Description saved");
      expect((await storyMedia())[0]!.description).toBe("Grandma selling mangoes, 1975");
      await expect
        .poll(() => page.getByLabel("Description", { exact: true }).inputValue())
        .toBe("Grandma selling mangoes, 1975");
      // axe runs its script in the page, so it checks the same markup with JavaScript on.
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      await page.getByRole("link", { name: "Delete Grandma selling mangoes, 1975" }).click();
      const dialog = page.getByRole("dialog", { name: "Delete this file?" });
      await dialog.getByText("“Grandma selling mangoes, 1975” will be permanently removed").waitFor();
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      await dialog.getByRole("button", { name: "Delete" }).click();
      await waitForToast(page, "File deleted");
      expect(await storyMedia()).toEqual([]);
      await page.getByText("This story has no images or recordings yet.").waitFor();
      assertNoErrors();
    });
  });
}

describe("the media files tab", () => {
  it("refuses a file that is not an image at once, in Vietnamese too", async () => {
    const { page, book, story, open, storyMedia, assertNoErrors } = await withStory(true, "vi-VN");
    await open(`/books/${book.id}?storyId=${story.id}`);
    await page.getByRole("radio", { name: "Tệp đa phương tiện", exact: true }).check();
    await page
      .getByLabel("Ảnh", { exact: true })
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a photo") });
    await waitForToast(page, "Không có hình ảnh");
    expect(
      await page.getByLabel("Ảnh", { exact: true }).evaluate((input: HTMLInputElement) => input.files?.length),
    ).toBe(0);
    expect(await storyMedia()).toEqual([]);
    assertNoErrors();
  });

  it("lists recordings with a player that loads nothing until played", async () => {
    const { page, book, story, addMedia, open, assertNoErrors } = await withStory(true);
    const recording = await addMedia("audio", webm(), "recording.webm");
    await open(`/books/${book.id}?storyId=${story.id}&tab=media`);
    const player = page.locator(`audio[src="${recording.url}"]`);
    await player.waitFor();
    expect(await player.getAttribute("preload")).toBe("none");
    expect(await player.getAttribute("controls")).not.toBeNull();
    await expectNoAxeViolations(page);
    assertNoErrors();
  });
});

describe("media on the topic page", () => {
  it("shows four thumbnails then +N and counts, and opens a photo or a recording in the media dialog", async () => {
    const { page, book, topic, addMedia, open, assertNoErrors } = await withStory(true);
    const photos: Row[] = [];
    for (let i = 0; i < 5; i++)
      photos.push(await addMedia("image", await png(40 * i), `photo-${i}.png`, `Photo number ${i}`));
    await addMedia("audio", webm(), "voice.webm");
    await open(`/books/${book.id}/topics/${topic.id}`);
    const card = page.locator(".story-card");
    await expect.poll(() => card.locator(".media-thumb").count()).toBe(4);
    await card.getByText("+2").waitFor();
    await card.getByText("Images: 5").waitFor();
    await card.getByText("Audio: 1").waitFor();

    await card.getByRole("link", { name: "Open Photo: Photo number 0" }).click();
    const dialog = page.getByRole("dialog", { name: "Photo" });
    await dialog.waitFor();
    const full = dialog.locator("img");
    expect(await full.getAttribute("src")).toBe(photos[0]!.url);
    await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    await dialog.getByText("Photo number 0").waitFor();
    await dialog.getByText(/^Added \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/).waitFor();
    await expectNoAxeViolations(page);
    assertNoErrors();
  });

  it(
    "falls back to the placeholder for a photo whose file is gone, " + "and says so when a recording cannot play",
    async () => {
      const { page, book, topic, addMedia, open, assertNoErrors } = await withStory(true);
      const photo = await addMedia("image", await png(10), "lost.png", "Lost photo");
      const voice = await addMedia("audio", webm(), "voice.webm");
      // The files disappear from disk behind the app's back.
      fs.rmSync(path.join(env.server.dataDir, "media", "files"), { recursive: true, force: true });
      await open(`/books/${book.id}/topics/${topic.id}?media=${photo.id}`);
      const image = page.getByRole("dialog").locator("img");
      await expect.poll(() => image.getAttribute("src")).toBe("/api/media/render/placeholder");
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);

      await open(`/books/${book.id}/topics/${topic.id}?media=${voice.id}`);
      await page
        .getByRole("dialog")
        .locator("audio")
        .evaluate((audio: HTMLAudioElement) => audio.play().catch(() => undefined));
      await waitForToast(page, "Audio loading error");
      await page.getByRole("dialog").getByText("This recording cannot be played right now.").waitFor();
      assertNoErrors([
        { path: `/api/media/render/id:${photo.id}`, status: 404 },
        { path: `/api/media/render/${encodeURIComponent("Lost photo")}`, status: 404 },
        { path: `/api/media/render/id:${voice.id}`, status: 404 },
      ]);
    },
  );
});

describe("images in the topic editor", () => {
  it("only say the feature is in development, without JavaScript too", async () => {
    const { page, book, topic, open, assertNoErrors } = await withStory(false);
    await open(`/books/${book.id}?openEditor=topic&topicId=${topic.id}`);
    await page.getByRole("radio", { name: "Preview", exact: true }).check();
    await page.locator("summary", { hasText: "Add images" }).click();
    await page.getByText("Adding images to a topic's draft is in development.").waitFor();
    assertNoErrors();
  });
});
