import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "~/i18n/en";
import vi from "~/i18n/vi";
import {
  downloadPdf,
  expectBookLayout,
  flat,
  isBlank,
  keyOf,
  messageAt,
  PAGE_SIZES,
  type PageSize,
  pdfOf,
} from "../support/book-pdf";
import { createClient, loginAs, serverWithLanAndMinh, type Client } from "../support/http";
import { pngBytes, webmBytes } from "../support/media-files";
import { openPdf, pdfFonts, popplerErrors, qrCodes } from "../support/pdf";
import { ADMIN_PASSWORD, type RunningServer } from "../support/server";

// The keepsake book (issue 19): GET /api/books/{id}/book.pdf read back with pdfjs, poppler and zbar. Two books are
// seeded once through the API and shared by the tests that only read them: Lan's English book with photos and no
// share link, and her Vietnamese book with a link that never expires and recordings, one told through a storyteller's
// door. Tests that change a book make their own.

let server: RunningServer;
let lan: Client;
let minh: Client;
let admin: Client;

type Id = { id: number };

async function created<T = Id>(client: Client, url: string, data: unknown): Promise<T> {
  const response = await client.json("POST", url, data);
  const text = await response.text();
  expect(response.status, `POST ${url}: ${text.slice(0, 300)}`).toBe(201);
  return JSON.parse(text) as T;
}

async function upload(storyId: number, type: "image" | "audio", bytes: Uint8Array<ArrayBuffer>, description = "") {
  const form = new FormData();
  form.append("type", type);
  if (description) form.append("description", description);
  form.append("file", new File([bytes], type === "image" ? "photo.png" : "voice.webm"));
  const response = await lan.request(`/api/stories/${storyId}/media`, { method: "POST", body: form });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Id;
}

const story = (topicId: number, title: string, content: string, status: "published" | "draft" = "published") =>
  created(lan, `/api/topics/${topicId}/stories`, { title, content, status });

/** Completes a story the way the story editor does: the whole form, with the status the family chose. */
async function complete(storyId: number, title: string, content: string, hasAudio = false) {
  const response = await lan.json("PUT", `/api/stories/${storyId}`, { title, content, status: "published", hasAudio });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** An answer sent through a storyteller link with a recording: a draft waiting for the family's review. */
async function toldThroughTheDoor(bookId: number, topicId: number, address: string, question: string) {
  const asked = await created(lan, `/api/topics/${topicId}/questions`, { question });
  const link = await created<{ token: string }>(lan, `/api/books/${bookId}/storyteller-links`, {
    name: "Ông Tư",
    address,
    topicIds: [topicId],
  });
  const form = new FormData();
  form.append("questionId", String(asked.id));
  form.append("idempotencyKey", crypto.randomUUID());
  form.append("audio", new File([webmBytes(3000)], "answer.webm", { type: "audio/webm" }));
  const response = await createClient(server.url).request(`/tell/${link.token}`, {
    method: "POST",
    body: form,
    headers: { Accept: "application/json" },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const { storyId } = (await response.json()) as { storyId: number };
  const media = (await (await lan.get(`/api/stories/${storyId}`)).json()) as { media: Id[] };
  return { storyId, voiceId: media.media[0]!.id };
}

const PHOTO = { width: 800, height: 600 };

/** Lan's English book: photos, drafts, an archived topic, a topic with only a draft, topics reordered. */
async function englishBook() {
  const cover = `data:image/png;base64,${Buffer.from(await pngBytes(300, 450, "#8b4513")).toString("base64")}`;
  const book = await created(lan, "/api/books", {
    title: "The River Years",
    description: "What Grandmother told us",
    language: "en",
    coverImage: cover,
  });
  const topic = (title: string) => created(lan, `/api/books/${book.id}/topics`, { title });
  const school = await topic("School Days");
  const childhood = await topic("Childhood by the River");
  const hidden = await topic("Archived Memories");
  const unfinished = await topic("Unfinished Thoughts");
  const war = await topic("Years of War");
  // Book order is the topics' order, not their creation.
  const order = [childhood.id, school.id, hidden.id, unfinished.id, war.id];
  const reordered = await lan.json("POST", `/api/books/${book.id}/reorder-topics`, { topicIds: order });
  expect(reordered.status).toBe(200);

  const swimming = await story(childhood.id, "Swimming across", "We swam across the river every summer.");
  const ferry = await story(childhood.id, "The ferry", "The ferryman sang while he rowed us over.");
  await story(childhood.id, "Secret draft", "This draft must never be printed.", "draft");
  const teacher = await story(school.id, "My first teacher", "Miss Hoa taught us to write with ink.");
  const archived = await story(hidden.id, "Archived story", "This archived text must never be printed.");
  await story(unfinished.id, "Only a draft", "Nor this unfinished draft.", "draft");
  const letters = await story(war.id, "Letters home", "Father wrote a letter every month.");
  await lan.json("PUT", `/api/topics/${hidden.id}`, { archived: true });
  const waiting = await toldThroughTheDoor(book.id, war.id, "ba", "What do you remember of the market?");

  const photos = [
    await upload(swimming.id, "image", await pngBytes(PHOTO.width, PHOTO.height, "#2e8b57"), "The river bank"),
    await upload(letters.id, "image", await pngBytes(PHOTO.width, PHOTO.height, "#4682b4"), "A letter"),
  ];
  await upload(archived.id, "image", await pngBytes(640, 480, "#aa0000"), "Never printed");
  await upload(ferry.id, "audio", webmBytes(3000));
  return {
    book,
    title: "The River Years",
    chapters: ["Childhood by the River", "School Days", "Years of War"],
    printed: [swimming, ferry, teacher, letters],
    stories: {
      "Childhood by the River": ["Swimming across", "The ferry"],
      "School Days": ["My first teacher"],
      "Years of War": ["Letters home"],
    } as Record<string, string[]>,
    never: [
      "Secret draft",
      "This draft must never be printed.",
      "Archived Memories",
      "Archived story",
      "This archived text must never be printed.",
      "Unfinished Thoughts",
      "Only a draft",
      "What do you remember of the market?",
    ],
    photos,
    waiting,
  };
}

/**
 * Lan's Vietnamese book: the sentence issue 19 names, a photo, a family recording, an answer her grandfather recorded
 * through his door and Lan completed, another still waiting for review, and a share link that never expires.
 */
async function vietnameseBook() {
  const book = await created(lan, "/api/books", {
    title: "Chuyện nhà mình",
    description: "Ký ức của ông bà",
    language: "vi",
    coverImage: "/covers/2.webp",
  });
  const childhood = await created(lan, `/api/books/${book.id}/topics`, { title: "Tuổi thơ ở Huế" });
  const war = await created(lan, `/api/books/${book.id}/topics`, { title: "Những năm chiến tranh" });
  const born = await story(childhood.id, "Năm sinh", "Bà sinh năm 1948 ở Huế.");
  await upload(born.id, "image", await pngBytes(PHOTO.width, PHOTO.height, "#daa520"), "Sông Hương");
  const market = await story(childhood.id, "Chợ Đông Ba", "Mỗi sáng mẹ dắt bà đi chợ Đông Ba, đường còn ướt sương.");
  const marketVoice = await upload(market.id, "audio", webmBytes(3000));
  const told = await toldThroughTheDoor(book.id, war.id, "ong", "Ông nhớ gì về những năm chiến tranh?");
  await complete(told.storyId, "Ông đi bộ đội", "Năm ấy ông theo đoàn quân ra Bắc.", true);
  const waiting = await toldThroughTheDoor(book.id, war.id, "ong", "Ông có nhớ ngày đình chiến không?");
  // A link that expires carries no voice codes; the one that never expires does.
  await created(lan, `/api/books/${book.id}/shares`, {
    expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });
  const share = await created<{ token: string }>(lan, `/api/books/${book.id}/shares`, {});
  return {
    book,
    title: "Chuyện nhà mình",
    chapters: ["Tuổi thơ ở Huế", "Những năm chiến tranh"],
    share,
    voices: [
      { storyId: market.id, voiceId: marketVoice.id, line: "Quét để nghe câu chuyện này" },
      { storyId: told.storyId, voiceId: told.voiceId, line: "Quét để nghe giọng ông kể" },
    ],
    waiting,
  };
}

let english: Awaited<ReturnType<typeof englishBook>>;
let vietnamese: Awaited<ReturnType<typeof vietnameseBook>>;

beforeAll(async () => {
  ({ server, lan, minh } = await serverWithLanAndMinh());
  admin = createClient(server.url);
  await loginAs(admin, "admin", ADMIN_PASSWORD);
  english = await englishBook();
  vietnamese = await vietnameseBook();
});
afterAll(() => server?.stop());

describe("the keepsake book", () => {
  it("is an attachment with an ETag: the cover, the title page, contents, a chapter per completed topic", async () => {
    const { response, bytes, pdf } = await pdfOf(lan, english.book.id);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment;.*filename\*?=[^;]*\.pdf"?(;|$)/i);
    expect(response.headers.get("etag")).toBeTruthy();
    expect(await popplerErrors(bytes)).toEqual([]);
    const layout = await expectBookLayout(pdf, {
      title: english.title,
      chapters: english.chapters,
      language: "en",
      size: "6x9",
    });
    expect(flat(layout.pages[0]!.text)).toContain("What Grandmother told us");
    // Each chapter holds its completed stories, titles and text, in book order.
    for (const [i, chapter] of english.chapters.entries()) {
      const text = layout.chapterText(i);
      const titles = english.stories[chapter]!;
      const at = titles.map((title) => text.indexOf(title));
      expect(
        at.every((n) => n >= 0),
        `${chapter}: ${titles.join(", ")} in ${text.slice(0, 300)}`,
      ).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
    }
    expect(layout.chapterText(0)).toContain("We swam across the river every summer.");
    expect(layout.chapterText(2)).toContain("Father wrote a letter every month.");
    // Drafts, archived topics and answers waiting for review are nowhere, not even in the contents or bookmarks.
    for (const hidden of english.never) expect(layout.text).not.toContain(hidden);
    // No share link: no voice codes, though a story has a recording; the story still says it has one (issue 35).
    expect(layout.text).not.toContain("Scan to hear");
    expect(layout.chapterText(0)).toContain("The ferry Recording The ferryman sang while he rowed us over.");
    await pdf.close();
  });

  it("is printed in every size, in both languages, with the contents matching the chapters' pages", {
    timeout: 90_000,
  }, async () => {
    const books = [
      { book: english, language: "en" as const },
      { book: vietnamese, language: "vi" as const },
    ];
    for (const { book, language } of books) {
      for (const size of Object.keys(PAGE_SIZES) as PageSize[]) {
        const query = size === "6x9" && language === "vi" ? "" : `?size=${size}`;
        const { pdf } = await pdfOf(lan, book.book.id, query);
        await expectBookLayout(pdf, { title: book.title, chapters: book.chapters, language, size });
        await pdf.close();
      }
    }
  });

  it("sets Vietnamese verbatim in embedded Noto Serif", async () => {
    const { bytes, pdf } = await pdfOf(lan, vietnamese.book.id);
    const pages = await pdf.pages();
    const text = flat(pages.map((page) => page.text).join("\n"));
    expect(text).toContain("Bà sinh năm 1948 ở Huế.");
    expect(text).toContain("Mỗi sáng mẹ dắt bà đi chợ Đông Ba, đường còn ướt sương.");
    expect(text).toContain("Năm ấy ông theo đoàn quân ra Bắc.");
    // Precomposed letters, as they were typed: a reader's search for "Huế" finds them.
    expect(text.normalize("NFC")).toBe(text);
    const fonts = await pdfFonts(bytes);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts)
      expect(font, JSON.stringify(fonts)).toMatchObject({ name: expect.stringMatching(/NotoSerif/), embedded: true });
    await pdf.close();
  });

  it("prints each completed story's photos from the stored files, and the uploaded cover", async () => {
    const { pdf } = await pdfOf(lan, english.book.id);
    const cover = await pdf.images(1);
    expect(cover.length).toBeGreaterThanOrEqual(1);
    const [first] = await pdf.outline();
    const body = [];
    for (let n = first!.page!; n <= pdf.pageCount; n++) body.push(...(await pdf.images(n)));
    // The two printed photos at the size they were kept (not their 320 px thumbnails); the archived one is not there.
    expect(body).toEqual([PHOTO, PHOTO]);
    await pdf.close();
  });

  it("prints a voice code per recorded story, opening it on the share link, which plays without sign-in", async () => {
    const { bytes, pdf } = await pdfOf(lan, vietnamese.book.id);
    const pages = await pdf.pages();
    const { token } = vietnamese.share;
    const found: { url: string; page: number }[] = [];
    for (const page of pages.slice(5)) {
      if (isBlank(page)) continue;
      for (const url of await qrCodes(bytes, page.number)) found.push({ url, page: page.number });
    }
    const expected = vietnamese.voices.map((voice) => `${server.url}/s/${token}#story-${voice.storyId}`);
    expect(found.map((code) => code.url).sort()).toEqual([...expected].sort());
    for (const [i, voice] of vietnamese.voices.entries()) {
      const { page } = found.find((code) => code.url === expected[i])!;
      expect(flat(pages[page - 1]!.text), `page ${page}`).toContain(voice.line);
    }
    const text = flat(pages.map((page) => page.text).join("\n"));
    expect(text.split("Quét để nghe").length - 1).toBe(vietnamese.voices.length);
    // Each says there is a recording, in the book's language (its length, when its file tells it: issue 35).
    expect(text.split("Bản ghi âm").length - 1).toBe(vietnamese.voices.length);
    // The answer still waiting for review is neither printed nor coded.
    expect(text).not.toContain("Ông có nhớ ngày đình chiến không?");
    expect(found.map((code) => code.url)).not.toContain(`${server.url}/s/${token}#story-${vietnamese.waiting.storyId}`);

    const stranger = createClient(server.url);
    for (const [i, voice] of vietnamese.voices.entries()) {
      const url = new URL(expected[i]!);
      const page = await stranger.get(url.pathname);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(`id="story-${voice.storyId}"`);
      const src = `/s/${token}/media/${voice.voiceId}`;
      expect(html).toMatch(new RegExp(`<audio[^>]*src="${src}"|<audio[\\s\\S]*?<source[^>]*src="${src}"`));
      const audio = await stranger.get(src);
      expect(audio.status).toBe(200);
      expect(audio.headers.get("content-type")).toMatch(/^audio\//);
      expect((await audio.arrayBuffer()).byteLength).toBe(3000);
    }
    await pdf.close();
  });

  it("prints voice codes in English only once the book has a link that never expires", async () => {
    const book = await created(lan, "/api/books", { title: "Grandpa's Voice", language: "en" });
    const topic = await created(lan, `/api/books/${book.id}/topics`, { title: "The Harbour" });
    const boats = await story(topic.id, "Fishing boats", "At dawn the boats came home.");
    await upload(boats.id, "audio", webmBytes(3000));
    const told = await toldThroughTheDoor(book.id, topic.id, "ong", "What was the harbour like?");
    await complete(told.storyId, "The harbour", "It smelled of salt and diesel.", true);

    const codes = async () => {
      const { bytes, pdf } = await pdfOf(lan, book.id);
      const pages = await pdf.pages();
      const urls: string[] = [];
      for (const page of pages.slice(5)) if (!isBlank(page)) urls.push(...(await qrCodes(bytes, page.number)));
      const text = flat(pages.map((page) => page.text).join("\n"));
      await pdf.close();
      return { urls: urls.sort(), lines: text.split("Scan to hear this story told").length - 1 };
    };
    expect(await codes()).toEqual({ urls: [], lines: 0 });
    await created(lan, `/api/books/${book.id}/shares`, { expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(await codes()).toEqual({ urls: [], lines: 0 });
    const { token } = await created<{ token: string }>(lan, `/api/books/${book.id}/shares`, {});
    const urls = [boats.id, told.storyId].map((id) => `${server.url}/s/${token}#story-${id}`).sort();
    expect(await codes()).toEqual({ urls, lines: 2 });
  });
});

describe("who may print", () => {
  it("the owner and the admin; a stranger gets 404, a visitor 401, both as JSON", async () => {
    const visitor = await downloadPdf(createClient(server.url), english.book.id);
    expect(visitor.response.status).toBe(401);
    expect(visitor.json()).toHaveProperty("message");
    const stranger = await downloadPdf(minh, english.book.id);
    expect(stranger.response.status).toBe(404);
    expect(stranger.json()).toHaveProperty("message");
    expect(new TextDecoder().decode(stranger.bytes)).not.toContain("River");
    expect((await downloadPdf(lan, 987_654)).response.status).toBe(404);
    const { pdf } = await pdfOf(admin, english.book.id);
    expect((await pdf.outline()).map((item) => item.title)).toEqual(english.chapters);
    await pdf.close();
  });

  it("refuses an unknown size with a translated 400", async () => {
    for (const size of ["b5", "A5x", "6x9;a5", "4x6"]) {
      const refused = await downloadPdf(lan, english.book.id, `?size=${encodeURIComponent(size)}`);
      expect(refused.response.status, `size "${size}"`).toBe(400);
      expect(refused.response.headers.get("content-type")).toMatch(/^application\/json/);
    }
    const inEnglish = (await downloadPdf(lan, english.book.id, "?size=b5")).json().message;
    const key = keyOf(en, inEnglish);
    expect(key, `"${inEnglish}" is an English message`).not.toBeNull();
    const inVietnamese = await downloadPdf(lan, english.book.id, "?size=b5", { "Accept-Language": "vi" });
    expect(inVietnamese.json().message).toBe(messageAt(vi, key!));
  });
});

describe("the cache", () => {
  it("answers 304 to the same ETag, serves the same file again, and a new one after an edit", async () => {
    const book = await created(lan, "/api/books", { title: "Cached Memories", language: "en" });
    const topic = await created(lan, `/api/books/${book.id}/topics`, { title: "Kitchen" });
    const soup = await story(topic.id, "Sunday soup", "Mother cooked pho every Sunday.");
    const first = await downloadPdf(lan, book.id);
    expect(first.response.status).toBe(200);
    const etag = first.response.headers.get("etag")!;
    expect(etag).toBeTruthy();

    const unchanged = await downloadPdf(lan, book.id, "", { "If-None-Match": etag });
    expect(unchanged.response.status).toBe(304);
    expect(unchanged.bytes.byteLength).toBe(0);
    const again = await downloadPdf(lan, book.id);
    expect(again.response.status).toBe(200);
    expect(again.response.headers.get("etag")).toBe(etag);
    expect(Buffer.from(again.bytes).equals(Buffer.from(first.bytes))).toBe(true);
    // Another size is another file.
    const letter = await downloadPdf(lan, book.id, "?size=letter");
    expect(letter.response.headers.get("etag")).not.toBe(etag);

    const edit = await lan.json("PUT", `/api/stories/${soup.id}`, {
      title: "Sunday soup",
      content: "Mother cooked bun bo every Sunday.",
      status: "published",
    });
    expect(edit.status).toBe(200);
    const edited = await downloadPdf(lan, book.id, "", { "If-None-Match": etag });
    expect(edited.response.status).toBe(200);
    expect(edited.response.headers.get("etag")).not.toBe(etag);
    const pdf = await openPdf(edited.bytes);
    const text = flat((await pdf.pages()).map((page) => page.text).join("\n"));
    expect(text).toContain("Mother cooked bun bo every Sunday.");
    expect(text).not.toContain("pho");
    await pdf.close();
  });
});
