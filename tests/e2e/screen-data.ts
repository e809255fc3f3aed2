import sharp from "sharp";
import type { Browser, Page } from "playwright-core";
import { createClient, loginAs, type Client } from "../support/http";
import { ADMIN_PASSWORD, type RunningServer } from "../support/server";
import { createUser, waitForHydration, type TestUser } from "./helpers";

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
  /** A storyteller link of the Vietnamese book, whose topic asks one question (the door, issue 18). */
  tellToken: string;
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

async function upload(
  client: Client,
  storyId: number,
  file: { type: "image"; png: Buffer } | { type: "audio"; webm: Buffer },
): Promise<number> {
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
    sharp({ create: { width: 64, height: 48, channels: 3, background: "#b35a3c" } })
      .png()
      .toBuffer(),
  ]);
  const admin = createClient(server.url);
  await loginAs(admin, "admin", ADMIN_PASSWORD);
  const call = async (method: string, url: string, body?: unknown) => {
    const response = await admin.json(method, url, body);
    if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: number; token: string };
  };
  const book = (
    await call("POST", "/api/books", {
      title: "Grandma's kitchen",
      description: "Recipes and the people who cooked them",
      language: "en",
      tone: "Warm",
    })
  ).id;
  const topic = (
    await call("POST", `/api/books/${book}/topics`, { title: "Childhood", description: "The village years" })
  ).id;
  const emptyTopic = (await call("POST", `/api/books/${book}/topics`, { title: "Work", description: "" })).id;
  const archived = (await call("POST", `/api/books/${book}/topics`, { title: "Old notes", description: "" })).id;
  await call("PUT", `/api/topics/${archived}`, { archived: true });
  await call("POST", `/api/topics/${topic}/questions`, { question: "Who cooked on feast days?" });
  const story = (
    await call("POST", `/api/topics/${topic}/stories`, {
      title: "The river market",
      content: "Every morning we walked to the market by the river. Grandma knew every seller by name.",
      status: "published",
    })
  ).id;
  const draft = (
    await call("POST", `/api/topics/${topic}/stories`, {
      title: "Rice cakes",
      content: "We made rice cakes before Tết.",
      status: "draft",
    })
  ).id;
  const photo = await upload(admin, story, { type: "image", png });
  const recording = await upload(admin, story, { type: "audio", webm });
  await call("PUT", `/api/topics/${topic}`, {
    preview: "We grew up by the river.\n\n[IMAGE 1: Grandma at the market]\n\nEvery morning we walked to the market.",
  });
  // The whole book's preview, cached, so its tab shows text.
  await call("GET", `/api/books/${book}/preview`);
  const token = (await call("POST", `/api/books/${book}/shares`, {})).token;
  // A storyteller's link, so that the invite dialog lists one with its Revoke button.
  await call("POST", `/api/books/${book}/storyteller-links`, { name: "Grandma Lan" });
  const viBook = (await call("POST", "/api/books", { title: "Quê nội", description: "Làng ven sông", language: "vi" }))
    .id;
  const viTopic = (
    await call("POST", `/api/books/${viBook}/topics`, { title: "Tuổi thơ", description: "Những năm đầu" })
  ).id;
  const viStory = (
    await call("POST", `/api/topics/${viTopic}/stories`, {
      title: "Con sông",
      content: "Mỗi sáng, bà chèo xuồng qua sông để đi học.",
      status: "published",
    })
  ).id;
  await upload(admin, viStory, { type: "image", png });
  await upload(admin, viStory, { type: "audio", webm });
  const viToken = (await call("POST", `/api/books/${viBook}/shares`, {})).token;
  await call("POST", `/api/topics/${viTopic}/questions`, { question: "Hồi nhỏ bà thích chơi gì?" });
  const tellToken = (await call("POST", `/api/books/${viBook}/storyteller-links`, { name: "Bà Năm", address: "ba" }))
    .token;
  return { member, book, topic, emptyTopic, story, draft, photo, recording, token, viToken, tellToken };
}

/** Signs a browser context in as the admin, who owns the screen data. */
export async function signInAsAdmin(
  request: { post: (url: string, options: { data: unknown }) => Promise<{ status: () => number }> },
  server: RunningServer,
) {
  const response = await request.post(`${server.url}/api/auth/login`, {
    data: { username: "admin", password: ADMIN_PASSWORD, rememberMe: false },
  });
  if (response.status() !== 200) throw new Error(`admin sign-in failed: ${response.status()}`);
}

/**
 * A screen for the size and reflow checks: its address, what shows once it is ready, and the main
 * controls (CSS selectors, the same in both languages) that must be there, visible and within reach.
 */
export type Screen = { path: string; ready: string; controls: string[]; scripts?: boolean };

/** Opens a screen and waits until it is ready (hydrated, when it has scripts); returns the status. */
export async function openScreen(page: Page, origin: string, screen: Screen): Promise<number | undefined> {
  const response = await page.goto(`${origin}${screen.path}`);
  if (response?.status() !== 200) return response?.status();
  if (screen.scripts !== false) await waitForHydration(page);
  await page.locator(screen.ready).first().waitFor({ state: "attached" });
  return 200;
}

/** Every screen with its data, signed in as the admin: pages, workspace states and dialogs. */
export function screens(d: ScreenData): Screen[] {
  const book = `/books/${d.book}`;
  const topicPage = `${book}/topics/${d.topic}`;
  const dialog = (path: string, controls: string[] = []): Screen => ({
    path,
    ready: "dialog.dialog[open]",
    controls: ["dialog.dialog .dialog-header a", ...controls],
  });
  return [
    { path: "/", ready: "main h1", controls: ['main a[href="/?dialog=create-book"]', 'main a[href="/books"]'] },
    dialog("/?dialog=create-book", [
      "dialog.dialog #title",
      "dialog.dialog label.cover-tab",
      "dialog.dialog button[type=submit]",
    ]),
    {
      path: "/books",
      ready: ".book-grid",
      controls: [
        'main a[href*="dialog=create-book"]',
        "main input[type=search]",
        ".book-card .card-link",
        ".book-card summary",
      ],
    },
    {
      path: book,
      ready: ".topic-list .drag-handle",
      controls: [
        ".book-header-edit",
        '.book-header-download a[href*="dialog=pdf"]',
        ".book-header-download a[download]",
        '.workspace-toc a[href$="openEditor=topic"]',
        // Below 768 px the handles and arrows show in Reorder mode only (the next screen); wide screens always.
        ".workspace-toc .reorder-toggle",
        ".workspace-editor h2",
        ".preview-tab",
      ],
    },
    {
      path: `${book}?reorder=1`,
      ready: ".topic-list .drag-handle",
      controls: [
        ".workspace-toc .reorder-toggle",
        ".workspace-toc .drag-handle",
        ".workspace-toc .move-buttons button",
      ],
    },
    {
      path: `${book}?storyId=${d.story}`,
      ready: ".topic-list .drag-handle",
      controls: [
        ".workspace-editor #title",
        ".workspace-editor textarea",
        ".workspace-editor button[value=published]",
        ".workspace-editor button[value=draft]",
      ],
    },
    {
      path: `${book}?storyId=${d.story}&tab=media`,
      ready: ".media-item",
      controls: [
        ".media-item input[name=description]",
        ".media-item a.button-danger",
        '.workspace-editor input[type=file][accept^="image"]',
      ],
    },
    {
      path: `${book}?openEditor=topic&topicId=${d.topic}`,
      ready: ".topic-tab",
      controls: [".topic-tab", ".workspace-editor #title", ".workspace-editor .form-actions button[type=submit]"],
    },
    {
      path: `${book}?ptab=book`,
      ready: ".preview-actions button",
      controls: [".preview-actions button[type=submit]", ".preview-actions a[download]", ".preview-text p"],
    },
    dialog(`${book}?dialog=edit-book`, ["dialog.dialog button[type=submit]"]),
    dialog(`${book}?dialog=share`, [
      "dialog.dialog .share-create button[type=submit]",
      "dialog.dialog .share-item button",
    ]),
    dialog(`${book}?dialog=pdf`, [
      "dialog.dialog input[name=size]",
      'dialog.dialog a[href$="dialog=share"]',
      "dialog.dialog .pdf-download button[type=submit]",
      // The print shop's package and the e-book (issue 38).
      "dialog.dialog .print-shop input[name=paper]",
      "dialog.dialog .print-shop button[type=submit]",
      "dialog.dialog .ebook button[type=submit]",
    ]),
    dialog(`${book}?dialog=storyteller`, [
      "dialog.dialog #storyteller-name",
      "dialog.dialog input[name=topicIds]",
      "dialog.dialog form.stack button[type=submit]",
      // The link's own button (its weekly question's are in a disclosure, closed at first).
      "dialog.dialog .storyteller-item button.button-danger",
    ]),
    {
      path: `${book}/suggest-topics`,
      ready: "dialog.dialog .suggest-item .drag-handle",
      controls: [
        "dialog.dialog .suggest-item input[type=checkbox]",
        "dialog.dialog .suggest-item .drag-handle",
        "dialog.dialog button[value=save]",
      ],
    },
    {
      path: topicPage,
      ready: "main h1",
      controls: [
        `main a[href="${book}"]`,
        `main a[href="${book}?openEditor=story&topicId=${d.topic}"]`,
        ".question-link",
        ".media-thumb",
      ],
    },
    dialog(`${topicPage}?media=${d.photo}`),
    dialog(`${topicPage}?deleteStory=${d.story}`, ["dialog.dialog button[type=submit]"]),
    {
      path: "/profile",
      ready: "#profile-form",
      controls: ["#profile-form input", "#profile-form button[type=submit]", 'a[href="/api/export"]', "#import-file"],
    },
    { path: "/admin", ready: ".stat-grid", controls: ["nav.admin-tabs a", ".overview-item a"] },
    {
      path: "/admin?tab=books",
      ready: "table",
      controls: [
        "nav.admin-tabs a",
        ".admin-search input[type=search]",
        ".table-scroll",
        ".sort-link",
        "td .cell-link",
      ],
    },
    ...["topics", "stories"].map((tab) => ({
      path: `/admin?tab=${tab}`,
      ready: "table",
      controls: ["nav.admin-tabs a", ".admin-search input[type=search]", ".table-scroll"],
    })),
    {
      path: "/admin?tab=users",
      ready: "table",
      controls: [
        "nav.admin-tabs a",
        'main a[href*="dialog=add-user"]',
        ".admin-search input[type=search]",
        ".table-scroll",
      ],
    },
    {
      path: `/admin?tab=content&open=${d.topic}&story=${d.story}`,
      ready: ".tree",
      controls: [".tree-node > summary", `#story-${d.story} a`],
    },
    {
      path: `/s/${d.token}`,
      ready: ".reader",
      controls: [".reader-contents a", ".reader-voice audio", ".reader-photo a", ".reader-chapter-link"],
      scripts: false,
    },
    // The storyteller's door: no React, its own script shows the recorder and "Type instead".
    {
      path: `/tell/${d.tellToken}`,
      ready: "[data-tell=toggle]:not([hidden])",
      controls: ["[data-tell=record]", "[data-tell=toggle]", ".tell-more a"],
      scripts: false,
    },
  ];
}
