import { pngBytes, wavBytes } from "../support/media-files";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../support/server";
import { createClient, serverWithLanAndMinh, type Client } from "../support/http";

let server: RunningServer;
let lan: Client;
let minh: Client;

beforeAll(async () => {
  ({ server, lan, minh } = await serverWithLanAndMinh());
});
afterAll(() => server?.stop());

type Share = { id: number; token: string; url: string; createdAt: string; expiresAt: string | null };

const json = async (response: Response) => ({ status: response.status, body: await response.json() });
const png = () => pngBytes();
/** A real recording of 65 s (4 kHz, to stay small): its length is read from its bytes. */
const VOICE = wavBytes(65_000, 4000);

async function upload(
  storyId: number,
  type: "image" | "audio",
  bytes: Uint8Array<ArrayBuffer>,
  name: string,
  description = "",
) {
  const form = new FormData();
  form.append("type", type);
  if (description) form.append("description", description);
  form.append("file", new File([bytes], name));
  const response = await lan.request(`/api/stories/${storyId}/media`, { method: "POST", body: form });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number };
}

/** Lan's Vietnamese book: a published story with a photo and a recording, a draft with a photo, an archived topic. */
async function familyBook() {
  const book = (
    await json(
      await lan.json("POST", "/api/books", { title: "Chuyện nhà mình", description: "Ký ức của bà", language: "vi" }),
    )
  ).body;
  const river = (await json(await lan.json("POST", `/api/books/${book.id}/topics`, { title: "Dòng sông" }))).body;
  const hidden = (await json(await lan.json("POST", `/api/books/${book.id}/topics`, { title: "Chủ đề cất đi" }))).body;
  const story = (
    await json(
      await lan.json("POST", `/api/topics/${river.id}/stories`, {
        title: "Bơi qua sông",
        content: "Mùa hè năm ấy.\n\nChúng tôi bơi qua sông.",
        status: "published",
      }),
    )
  ).body;
  const draft = (
    await json(
      await lan.json("POST", `/api/topics/${river.id}/stories`, {
        title: "Bản nháp bí mật",
        content: "Chưa xong",
        status: "draft",
      }),
    )
  ).body;
  const archived = (
    await json(
      await lan.json("POST", `/api/topics/${hidden.id}/stories`, {
        title: "Trong chủ đề đã lưu trữ",
        content: "x",
        status: "published",
      }),
    )
  ).body;
  await lan.json("PUT", `/api/topics/${hidden.id}`, { archived: true });
  const photo = await upload(story.id, "image", await png(), "song.png", "Bến sông");
  const voice = await upload(story.id, "audio", VOICE, "giong-ba.wav");
  const draftPhoto = await upload(draft.id, "image", await png(), "nhap.png", "Ảnh nháp");
  const archivedPhoto = await upload(archived.id, "image", await png(), "cat.png", "Ảnh cất");
  return { book, story, draft, photo, voice, draftPhoto, archivedPhoto };
}

describe("share links", () => {
  it("are made, listed without their tokens, stored hashed, and revoked by the owner only", async () => {
    const { book } = await familyBook();
    const made = await json(await lan.json("POST", `/api/books/${book.id}/shares`, {}));
    expect(made.status).toBe(201);
    const share = made.body as Share;
    expect(share.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(share.token, "base64url")).toHaveLength(32);
    expect(share.url).toBe(`${server.url}/s/${share.token}`);
    expect(share.expiresAt).toBeNull();

    const later = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const expiring = (await json(await lan.json("POST", `/api/books/${book.id}/shares`, { expiresAt: later })))
      .body as Share;
    expect(new Date(expiring.expiresAt!).toISOString()).toBe(later);
    expect((await lan.json("POST", `/api/books/${book.id}/shares`, { expiresAt: "2001-01-01T00:00:00Z" })).status).toBe(
      400,
    );
    expect((await lan.json("POST", `/api/books/${book.id}/shares`, { expiresAt: "next week" })).status).toBe(400);
    // An empty body is not JSON: `{}` is the way to ask for a link that does not expire.
    expect((await lan.request(`/api/books/${book.id}/shares`, { method: "POST" })).status).toBe(400);
    expect((await lan.json("POST", `/api/books/${book.id}/shares`, {})).status).toBe(201);

    const listed = await json(await lan.get(`/api/books/${book.id}/shares`));
    expect(listed.body).toHaveLength(3);
    expect(JSON.stringify(listed.body)).not.toContain(share.token);

    // Only a SHA-256 of the token is in the database.
    const stored = await server.database.query<{ token_hash: string }>("select token_hash from shares");
    expect(JSON.stringify(stored)).not.toContain(share.token);
    expect(stored.every((row) => /^[a-f0-9]{64}$/.test(row.token_hash))).toBe(true);

    // Another user can neither make, list nor revoke links of lan's book.
    expect((await minh.json("POST", `/api/books/${book.id}/shares`, {})).status).toBe(404);
    expect((await minh.get(`/api/books/${book.id}/shares`)).status).toBe(404);
    expect((await minh.request(`/api/shares/${share.token}`, { method: "DELETE" })).status).toBe(404);
    const anonymous = createClient(server.url);
    expect((await anonymous.get(`/api/books/${book.id}/shares`)).status).toBe(401);
    expect((await anonymous.request(`/api/shares/${share.token}`, { method: "DELETE" })).status).toBe(401);
    expect((await anonymous.get(`/s/${share.token}`)).status).toBe(200);

    expect((await lan.request(`/api/shares/${share.token}`, { method: "DELETE" })).status).toBe(200);
    expect((await anonymous.get(`/s/${share.token}`)).status).toBe(404);
    expect((await lan.request(`/api/shares/${share.token}`, { method: "DELETE" })).status).toBe(404);
    expect((await json(await lan.get(`/api/books/${book.id}/shares`))).body).toHaveLength(2);
  });
});

describe("the shared reading page", () => {
  it(
    "shows only the published stories, in the book's language, " +
      "to anyone with the link, and nothing to search engines",
    async () => {
      const { book, photo, voice, draftPhoto } = await familyBook();
      const { token } = (await json(await lan.json("POST", `/api/books/${book.id}/shares`, {}))).body as Share;
      const visitor = createClient(server.url, { "Accept-Language": "en" });
      const response = await visitor.get(`/s/${token}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
      const html = await response.text();
      expect(html).toContain('<html lang="vi"');
      expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
      expect(html).toContain("Chuyện nhà mình");
      expect(html).toContain("Mục lục");
      expect(html).toContain("Bơi qua sông");
      expect(html).toContain('<p class="reader-text">Chúng tôi bơi qua sông.</p>');
      // The photo at its own size (a 40 × 30 file), its place kept while it loads; the voice with its length.
      expect(html).toMatch(
        new RegExp(`<img src="/s/${token}/media/${photo.id}" alt="Bến sông" width="40" height="30"`),
      );
      expect(html).toContain(`<audio controls="" preload="none" src="/s/${token}/media/${voice.id}">`);
      expect(html).toContain('<time dateTime="PT1M5S" aria-hidden="true">1:05</time>');
      expect(html).toContain("Độ dài: 1 phút, 5 giây");
      // No drafts, nothing of an archived topic, no script at all.
      for (const hidden of [
        "Bản nháp bí mật",
        "Chưa xong",
        "Ảnh nháp",
        "Chủ đề cất đi",
        "Trong chủ đề đã lưu trữ",
        `/media/${draftPhoto.id}`,
      ])
        expect(html).not.toContain(hidden);
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toContain("modulepreload");
      // Each photo opens its own page of the book, not the bare file.
      expect(html).toContain(`<a href="/s/${token}/photos/${photo.id}" aria-label="Mở ảnh cỡ lớn: Bến sông">`);
    },
  );

  it("shows a photo full size on a page of the book: its caption, the way back, no script, the same CSP", async () => {
    const { book, story, photo, voice, draftPhoto, archivedPhoto } = await familyBook();
    const other = await familyBook();
    const { token } = (await json(await lan.json("POST", `/api/books/${book.id}/shares`, {}))).body as Share;
    const visitor = createClient(server.url, { "Accept-Language": "en" });
    const response = await visitor.get(`/s/${token}/photos/${photo.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
    const html = await response.text();
    expect(html).toContain('<html lang="vi"');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(html).toContain(`<a href="/s/${token}#story-${story.id}">Quay lại câu chuyện: Bơi qua sông</a>`);
    expect(html).toMatch(new RegExp(`<img src="/s/${token}/media/${photo.id}" alt="Bến sông" width="40" height="30"`));
    expect(html).toContain("<h1>Bến sông</h1>");
    expect(html).toContain("Trong câu chuyện “Bơi qua sông”, sách Chuyện nhà mình");
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain("modulepreload");
    // Only a photo the reading page shows: not a recording, a draft's, an archived topic's or another book's.
    for (const ref of [voice.id, draftPhoto.id, archivedPhoto.id, other.photo.id, "cover", "-1", "1e3", "x"]) {
      const refused = await visitor.get(`/s/${token}/photos/${ref}`);
      expect(refused.status, String(ref)).toBe(404);
      expect(await refused.text()).toContain("Đường liên kết này không dùng được");
    }
    expect((await visitor.get(`/s/${"A".repeat(43)}/photos/${photo.id}`)).status).toBe(404);
    expect((await lan.request(`/api/shares/${token}`, { method: "DELETE" })).status).toBe(200);
    expect((await visitor.get(`/s/${token}/photos/${photo.id}`)).status).toBe(404);
  });

  it("sets the book's serif on the shared page only: woff2 subsets by unicode-range, swapped in", async () => {
    const { book } = await familyBook();
    const { token } = (await json(await lan.json("POST", `/api/books/${book.id}/shares`, {}))).body as Share;
    const visitor = createClient(server.url);
    const html = await (await visitor.get(`/s/${token}`)).text();
    // The book's stylesheet is in the page's <head>, not one more request before the first words.
    const css = /<head>.*<style[^>]* data-href="reader"[^>]*>(.+?)<\/style>.*<\/head>/s.exec(html)?.[1] ?? "";
    expect(css).toContain(".reader{");
    const preload = /<link[^>]* rel="preload" href="\/assets\/noto-serif-latin-400-normal-[\w-]+\.woff2"([^>]*)>/;
    expect(preload.exec(html)?.[1]).toContain('as="font" type="font/woff2" crossorigin="anonymous"');
    const faces = css.match(/@font-face\{[^}]+\}/g) ?? [];
    // Latin-ext, vietnamese, latin: the last is tried first, so Vietnamese letters come from the small file.
    expect(faces.map((face) => /noto-serif-([a-z-]+)-400-normal/.exec(face)?.[1])).toEqual([
      "latin-ext",
      "vietnamese",
      "latin",
    ]);
    for (const face of faces) {
      expect(face).toContain("font-display:swap");
      expect(face).toContain("unicode-range:");
      expect(face).not.toContain(".woff)");
    }
    const font = await visitor.get(/url\((\/assets\/noto-serif-latin-400-normal-[\w-]+\.woff2)\)/.exec(css)![1]!);
    expect(font.status).toBe(200);
    expect(font.headers.get("content-type")).toBe("font/woff2");
    // Every other page goes without it.
    const login = await (await visitor.get("/login")).text();
    expect(login).not.toContain("noto-serif");
    expect(login).not.toContain(".reader{");
  });

  it("serves that book's published media through the token, with ranges, and nothing else", async () => {
    const { book, photo, voice, draftPhoto, archivedPhoto } = await familyBook();
    const other = await familyBook();
    const { token } = (await json(await lan.json("POST", `/api/books/${book.id}/shares`, {}))).body as Share;
    const visitor = createClient(server.url);
    const image = await visitor.get(`/s/${token}/media/${photo.id}`);
    expect([image.status, image.headers.get("content-type"), image.headers.get("x-robots-tag")]).toEqual([
      200,
      "image/webp",
      "noindex",
    ]);
    expect((await visitor.get(`/s/${token}/media/${photo.id}?size=thumb`)).status).toBe(200);
    const part = await visitor.get(`/s/${token}/media/${voice.id}`, { headers: { Range: "bytes=0-99" } });
    expect([part.status, part.headers.get("content-range")]).toEqual([206, `bytes 0-99/${VOICE.byteLength}`]);
    for (const ref of [
      draftPhoto.id,
      archivedPhoto.id,
      other.photo.id,
      "..%2F..%2Fheirloom.db",
      "cover",
      "-1",
      "1e3",
    ]) {
      expect((await visitor.get(`/s/${token}/media/${ref}`)).status, String(ref)).toBe(404);
    }
    expect((await visitor.get(`/s/not-a-token/media/${photo.id}`)).status).toBe(404);
  });

  it("answers 404 to a wrong or expired link", async () => {
    const { book } = await familyBook();
    const visitor = createClient(server.url);
    const wrong = await visitor.get(`/s/${"A".repeat(43)}`);
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).toContain("This link does not work");
    expect((await visitor.get("/s/short")).status).toBe(404);

    const soon = new Date(Date.now() + 3000).toISOString();
    const { token } = (await json(await lan.json("POST", `/api/books/${book.id}/shares`, { expiresAt: soon })))
      .body as Share;
    expect((await visitor.get(`/s/${token}`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3100));
    expect((await visitor.get(`/s/${token}`)).status).toBe(404);
  });
});
