import sharp from "sharp";
import type { Browser } from "playwright-core";
import { createClient, loginAs, type Client } from "../support/http";
import { ADMIN_PASSWORD, type RunningServer } from "../support/server";
import { createUser, type TestUser } from "./helpers";

/** Shared bits of the tests that visit every screen (axe, sizes, reflow); this file has no tests of its own. */

export type ScreenData = {
  /** An ordinary user, for the admin's user dialogs. */
  member: TestUser;
  /** An English book with topics (one archived), a question, a published story and a draft, a photo and a recording. */
  book: number;
  topic: number;
  emptyTopic: number;
  story: number;
  draft: number;
  photo: number;
  recording: number;
  /** Share tokens of the English book and of a Vietnamese one (a shared book reads in its own language). */
  token: string;
  viToken: string;
};

/**
 * A real, playable webm/opus second of a tone, recorded by Chromium's MediaRecorder: axe's
 * no-autoplay-audio rule loads an autoplaying recording to measure it, and waits 10 s on one it cannot play.
 */
async function recordTone(browser: Browser): Promise<Buffer> {
  const page = await browser.newPage();
  try {
    const base64 = await page.evaluate(async () => {
      const audio = new AudioContext();
      const tone = audio.createOscillator();
      const output = audio.createMediaStreamDestination();
      tone.connect(output);
      tone.start();
      const recorder = new MediaRecorder(output.stream, { mimeType: "audio/webm;codecs=opus" });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      recorder.stop();
      await stopped;
      const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
      return btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(""));
    });
    return Buffer.from(base64, "base64");
  } finally {
    await page.close();
  }
}

async function upload(client: Client, storyId: number, file: { type: "image"; png: Buffer } | { type: "audio"; webm: Buffer }): Promise<number> {
  const form = new FormData();
  form.append("type", file.type);
  if (file.type === "image") {
    form.append("description", "Grandma at the market");
    form.append("file", new File([new Uint8Array(file.png)], "market.png", { type: "image/png" }));
  } else {
    form.append("file", new File([new Uint8Array(file.webm)], "voice.webm", { type: "audio/webm" }));
  }
  const response = await client.request(`/api/stories/${storyId}/media`, { method: "POST", body: form });
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

/**
 * Everything the screens show, made through the API as the admin (who writes books too, so one
 * signed-in page sees every screen, the dashboard included).
 */
export async function createScreenData(server: RunningServer, browser: Browser): Promise<ScreenData> {
  const [member, webm, png] = await Promise.all([
    createUser(server, { displayName: "Bà Năm" }),
    recordTone(browser),
    sharp({ create: { width: 64, height: 48, channels: 3, background: "#b35a3c" } }).png().toBuffer(),
  ]);
  const admin = createClient(server.url);
  await loginAs(admin, "admin", ADMIN_PASSWORD);
  const call = async (method: string, url: string, body?: unknown) => {
    const response = await admin.json(method, url, body);
    if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: number; token: string };
  };
  const book = (await call("POST", "/api/books", { title: "Grandma's kitchen", description: "Recipes and the people who cooked them", language: "en", tone: "Warm" })).id;
  const topic = (await call("POST", `/api/books/${book}/topics`, { title: "Childhood", description: "The village years" })).id;
  const emptyTopic = (await call("POST", `/api/books/${book}/topics`, { title: "Work", description: "" })).id;
  const archived = (await call("POST", `/api/books/${book}/topics`, { title: "Old notes", description: "" })).id;
  await call("PUT", `/api/topics/${archived}`, { archived: true });
  await call("POST", `/api/topics/${topic}/questions`, { question: "Who cooked on feast days?" });
  const story = (await call("POST", `/api/topics/${topic}/stories`, { title: "The river market", content: "Every morning we walked to the market by the river. Grandma knew every seller by name.", status: "published" })).id;
  const draft = (await call("POST", `/api/topics/${topic}/stories`, { title: "Rice cakes", content: "We made rice cakes before Tết.", status: "draft" })).id;
  const photo = await upload(admin, story, { type: "image", png });
  const recording = await upload(admin, story, { type: "audio", webm });
  await call("PUT", `/api/topics/${topic}`, { preview: "We grew up by the river.\n\n[IMAGE 1: Grandma at the market]\n\nEvery morning we walked to the market." });
  // The whole book's preview, cached, so its tab shows text.
  await call("GET", `/api/books/${book}/preview`);
  const token = (await call("POST", `/api/books/${book}/shares`, {})).token;
  const viBook = (await call("POST", "/api/books", { title: "Quê nội", description: "Làng ven sông", language: "vi" })).id;
  const viTopic = (await call("POST", `/api/books/${viBook}/topics`, { title: "Tuổi thơ", description: "Những năm đầu" })).id;
  const viStory = (await call("POST", `/api/topics/${viTopic}/stories`, { title: "Con sông", content: "Mỗi sáng, bà chèo xuồng qua sông để đi học.", status: "published" })).id;
  await upload(admin, viStory, { type: "image", png });
  await upload(admin, viStory, { type: "audio", webm });
  const viToken = (await call("POST", `/api/books/${viBook}/shares`, {})).token;
  return { member, book, topic, emptyTopic, story, draft, photo, recording, token, viToken };
}

/** Signs a browser context in as the admin, who owns the screen data. */
export async function signInAsAdmin(request: { post: (url: string, options: { data: unknown }) => Promise<{ status: () => number }> }, server: RunningServer) {
  const response = await request.post(`${server.url}/api/auth/login`, { data: { username: "admin", password: ADMIN_PASSWORD, rememberMe: false } });
  if (response.status() !== 200) throw new Error(`admin sign-in failed: ${response.status()}`);
}
