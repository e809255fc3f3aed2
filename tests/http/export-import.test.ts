import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, loginAs, serverWithLanAndMinh, type Client } from "../support/http";
import { rawFetch } from "../support/raw-http";
import { ADMIN_PASSWORD, type RunningServer } from "../support/server";
import { IMPORT_BOUNDS } from "~/lib/keepsake-format";
import { makeZip, unzip, zipOf, type RawEntry } from "../support/zip";

let server: RunningServer;
let lan: Client;
let minh: Client;

beforeAll(async () => {
  ({ server, lan, minh } = await serverWithLanAndMinh());
});
afterAll(() => server?.stop());

/** A webm file as MediaRecorder starts one (EBML header), followed by varied bytes. */
const webm = (size = 6000) => {
  const bytes = new Uint8Array(size).map((_, i) => (i * 31) % 251);
  bytes.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]);
  return bytes;
};
const png = async (width: number, height: number) =>
  new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: { r: 180, g: 90, b: 30 } } })
      .png()
      .toBuffer(),
  );

async function upload(
  client: Client,
  storyId: number,
  bytes: Uint8Array<ArrayBuffer>,
  name: string,
  fields: Record<string, string>,
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append("file", new File([bytes], name));
  const response = await client.request(`/api/stories/${storyId}/media`, { method: "POST", body: form });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number; url: string };
}

async function importZip(client: Client, bytes: Uint8Array, headers: Record<string, string> = {}) {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], "book.zip", { type: "application/zip" }));
  const response = await client.request("/api/import", { method: "POST", body: form, headers });
  return {
    status: response.status,
    body: (await response.json()) as { bookIds?: number[]; message?: string; title?: string },
  };
}

async function download(client: Client, url: string) {
  const response = await client.get(url);
  expect(response.status).toBe(200);
  return { response, files: await unzip(new Uint8Array(await response.arrayBuffer())) };
}

/**
 * A book with everything an export must carry: a Vietnamese title that needs escaping, an uploaded cover,
 * topics in order (one archived, one with a saved draft narrative), questions, a story answering one, a
 * draft, a refined story, a photo and a recording.
 */
async function richBook(client: Client, title = 'Bà nội <kể> & "chuyện" xưa') {
  const cover = `data:image/png;base64,${Buffer.from(await png(120, 180)).toString("base64")}`;
  const book = await (
    await client.json("POST", "/api/books", {
      title,
      description: "Những câu chuyện\n\nvề quê nhà",
      tone: "nostalgic",
      language: "vi",
      coverImage: cover,
    })
  ).json();
  const home = await (
    await client.json("POST", `/api/books/${book.id}/topics`, { title: "Quê nhà", description: "Làng và sông" })
  ).json();
  const war = await (
    await client.json("POST", `/api/books/${book.id}/topics`, { title: "Những năm chiến tranh", description: "" })
  ).json();
  const old = await (
    await client.json("POST", `/api/books/${book.id}/topics`, { title: "Chủ đề cũ", description: "" })
  ).json();
  await client.json("PUT", `/api/topics/${old.id}`, { archived: true });
  await client.json("PUT", `/api/topics/${home.id}`, { preview: "Bà sinh ra ở một làng ven sông…" });
  const question = await (
    await client.json("POST", `/api/topics/${home.id}/questions`, { question: "Bà lớn lên ở đâu?" })
  ).json();
  await client.json("POST", `/api/topics/${war.id}/questions`, { question: "Điều gì bà nhớ nhất?" });
  const answered = await (
    await client.json("POST", `/api/topics/${home.id}/stories`, {
      title: "Làng ven sông",
      content: "Ngày xưa <script>alert(1)</script> *rất* đẹp.\nDòng hai.\n\n# Đoạn hai",
      questionId: question.id,
      status: "published",
    })
  ).json();
  const draft = await (
    await client.json("POST", `/api/topics/${home.id}/stories`, {
      title: "Chưa xong",
      content: "Bản nháp…",
      status: "draft",
    })
  ).json();
  await client.json("POST", `/api/topics/${war.id}/stories`, {
    title: "Tản cư",
    content: "ngày  ấy ,chúng tôi đi",
    status: "published",
    refineContent: true,
  });
  const photo = await upload(client, answered.id, await png(800, 600), "IMG_1 bến sông.png", {
    type: "image",
    description: 'Bến sông "quê"',
  });
  const recording = webm();
  const voice = await upload(client, answered.id, recording, "giong-ba.webm", { type: "audio" });
  return {
    book: book as { id: number; title: string },
    home,
    war,
    old,
    question,
    answered,
    draft,
    photo,
    voice,
    recording,
  };
}

/** Every key in a JSON value, however deep. */
function keysOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => keysOf(item, out));
  else if (value && typeof value === "object")
    for (const [key, child] of Object.entries(value)) {
      out.add(key);
      keysOf(child, out);
    }
  return out;
}

/** book.json without what an import cannot keep the same: the export's time and the book's last change. */
function normalised(json: Buffer) {
  const doc = JSON.parse(json.toString("utf8"));
  delete doc.exportedAt;
  delete doc.book.updatedAt;
  return doc;
}

// ---------------------------------------------------------------- what an import leaves behind

async function rowCounts() {
  const counts: Record<string, number> = {};
  for (const table of ["books", "topics", "questions", "stories", "media", "activities"]) {
    const [row] = await server.database.query<{ n: number | string }>(`select count(*) as n from ${table}`);
    // A number in SQLite, a string (bigint) in PostgreSQL.
    counts[table] = Number(row!.n);
  }
  return counts;
}
const fileCount = (dir: string) => {
  const full = path.join(server.dataDir, "media", dir);
  return fs.existsSync(full) ? fs.readdirSync(full).length : 0;
};
const footprint = async () => ({
  rows: await rowCounts(),
  files: (await server.storedFiles("files")).length,
  covers: (await server.storedFiles("covers")).length,
  tmp: fileCount("tmp"),
});

describe("exporting a book", () => {
  it(
    "gives its owner a zip with book.json, book.md, " + "book.html and the full-size media, named after the book",
    async () => {
      const made = await richBook(lan);
      const { response, files } = await download(lan, `/api/books/${made.book.id}/export`);
      expect(response.headers.get("content-type")).toBe("application/zip");
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      // Characters no file system takes (<, >, ") are left out; the plain name is for old clients.
      expect(response.headers.get("content-disposition")).toBe(
        `attachment; filename="Ba noi ke & chuyen xua - Heirloom.zip"; ` +
          `filename*=UTF-8''${encodeURIComponent("Bà nội kể & chuyện xưa - Heirloom.zip")}`,
      );
      const names = [...files.keys()].sort();
      expect(names).toEqual([
        "book.html",
        "book.json",
        "book.md",
        "media/001-ben-song-que.webp",
        "media/002-giong-ba.webm",
        "media/cover.webp",
      ]);

      const doc = JSON.parse(files.get("book.json")!.toString("utf8"));
      expect(doc).toMatchObject({
        format: "heirloom-book",
        version: 1,
        book: {
          title: made.book.title,
          tone: "nostalgic",
          language: "vi",
          description: "Những câu chuyện\n\nvề quê nhà",
          cover: { file: "media/cover.webp" },
        },
      });
      expect(new Date(doc.exportedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
      // Nothing that means something only on this server: no ids, storage keys or users.
      const keys = keysOf(doc);
      for (const key of [
        "id",
        "userId",
        "bookId",
        "topicId",
        "storyId",
        "questionId",
        "storageKey",
        "url",
        "size",
        "position",
      ])
        expect(keys.has(key), key).toBe(false);
      expect(JSON.stringify(doc)).not.toMatch(/[a-f0-9]{32}/);

      expect(doc.topics.map((t: { title: string; archived: boolean }) => [t.title, t.archived])).toEqual([
        ["Quê nhà", false],
        ["Những năm chiến tranh", false],
        ["Chủ đề cũ", true],
      ]);
      const [home, war] = doc.topics;
      expect(home.preview).toBe("Bà sinh ra ở một làng ven sông…");
      expect(home.questions).toEqual([{ key: "q1", question: "Bà lớn lên ở đâu?", createdAt: expect.any(String) }]);
      expect(war.questions.map((q: { key: string }) => q.key)).toEqual(["q2"]);
      expect(
        home.stories.map((s: { title: string; status: string; question: string | null }) => [
          s.title,
          s.status,
          s.question,
        ]),
      ).toEqual([
        ["Làng ven sông", "published", "q1"],
        ["Chưa xong", "draft", null],
      ]);
      expect(war.stories[0].refinedContent).toBeTruthy();
      expect(home.stories[0].media).toEqual([
        {
          file: "media/001-ben-song-que.webp",
          type: "image",
          mimeType: "image/webp",
          description: 'Bến sông "quê"',
          transcription: null,
          filename: "IMG_1 bến sông.png",
          createdAt: expect.any(String),
        },
        {
          file: "media/002-giong-ba.webm",
          type: "audio",
          mimeType: "audio/webm",
          description: "",
          transcription: null,
          filename: "giong-ba.webm",
          createdAt: expect.any(String),
        },
      ]);

      // The files are the stored ones: the recording as recorded, the photo at its full (web) size.
      expect(new Uint8Array(files.get("media/002-giong-ba.webm")!)).toEqual(made.recording);
      const full = new Uint8Array(await (await lan.get(made.photo.url)).arrayBuffer());
      expect(new Uint8Array(files.get("media/001-ben-song-que.webp")!)).toEqual(full);
      expect((await sharp(files.get("media/001-ben-song-que.webp")!).metadata()).width).toBe(800);
      expect((await sharp(files.get("media/cover.webp")!).metadata()).height).toBe(900);

      const html = files.get("book.html")!.toString("utf8");
      expect(html).toMatch(/^<!doctype html>\n<html lang="vi">/);
      expect(html).toContain("<h1>Bà nội &lt;kể&gt; &amp; &quot;chuyện&quot; xưa</h1>");
      expect(html).toContain("Ngày xưa &lt;script&gt;alert(1)&lt;/script&gt; *rất* đẹp.<br>\nDòng hai.");
      expect(html).not.toContain("<script");
      expect(html).toContain('<img src="media/001-ben-song-que.webp" alt="Bến sông &quot;quê&quot;" loading="lazy">');
      expect(html).toContain('<audio controls preload="none" src="media/002-giong-ba.webm">');
      expect(html).toContain('<h3>Chưa xong <span class="label">Bản nháp</span></h3>');
      expect(html).toContain('Chủ đề cũ <span class="label">Chủ đề đã lưu trữ</span>');
      expect(html).toContain("<em>Câu hỏi:</em> Bà lớn lên ở đâu?");
      expect(html).toContain("@media print");
      // Book order: the topics as they are in the workspace.
      expect(html.indexOf("Quê nhà</h2>")).toBeLessThan(html.indexOf("Những năm chiến tranh</h2>"));

      const markdown = files.get("book.md")!.toString("utf8");
      expect(markdown.startsWith('# Bà nội \\<kể\\> \\& "chuyện" xưa\n')).toBe(true);
      expect(markdown).toContain('![Bến sông "quê"](<media/001-ben-song-que.webp>)');
      expect(markdown).toContain("[Bản ghi âm](<media/002-giong-ba.webm>)");
      expect(markdown).toContain("### Chưa xong *(Bản nháp)*");
      expect(markdown).toContain("Ngày xưa \\<script\\>alert(1)\\</script\\> \\*rất\\* đẹp.\\\nDòng hai.");
      expect(markdown).toContain("\n\\# Đoạn hai");
    },
  );

  it("is for the owner only: another user gets 404, a visitor 401", async () => {
    const { book } = await richBook(lan, "Riêng của Lan");
    const refused = await minh.get(`/api/books/${book.id}/export`);
    expect(refused.status).toBe(404);
    expect((await refused.json()).message).toBeTruthy();
    expect((await minh.get("/api/books/999999/export")).status).toBe(404);
    expect((await createClient(server.url).get(`/api/books/${book.id}/export`)).status).toBe(401);
    expect((await createClient(server.url).get("/api/export")).status).toBe(401);
    const minhsAll = await download(minh, "/api/export");
    expect([...minhsAll.files.values()].some((bytes) => bytes.toString("utf8").includes("Riêng của Lan"))).toBe(false);
  });
});

describe("importing an export", () => {
  it("round-trips: export → import → export gives the same book.json and the same bytes for every file", async () => {
    const made = await richBook(lan, "Vòng tròn");
    const first = await download(lan, `/api/books/${made.book.id}/export`);
    const zip = zipOf(first.files);
    const before = await footprint();
    const imported = await importZip(lan, zip);
    expect(imported.status).toBe(201);
    expect(imported.body.bookIds).toHaveLength(1);
    const newId = imported.body.bookIds![0]!;
    expect(newId).not.toBe(made.book.id);
    const after = await footprint();
    expect(after.rows).toEqual({
      ...before.rows,
      books: before.rows.books! + 1,
      topics: before.rows.topics! + 3,
      questions: before.rows.questions! + 2,
      stories: before.rows.stories! + 3,
      media: before.rows.media! + 2,
      activities: before.rows.activities! + 1,
    });
    // A photo and its thumbnail, a recording, a cover; nothing left in the upload folder.
    expect([after.files - before.files, after.covers - before.covers, after.tmp]).toEqual([3, 1, 0]);

    const second = await download(lan, `/api/books/${newId}/export`);
    expect([...second.files.keys()].sort()).toEqual([...first.files.keys()].sort());
    expect(normalised(second.files.get("book.json")!)).toEqual(normalised(first.files.get("book.json")!));
    for (const [name, bytes] of first.files)
      if (name.startsWith("media/")) expect(second.files.get(name)!.equals(bytes), name).toBe(true);

    // The new book works like any other: the answered question is linked, the media are served.
    const book = await (await lan.get(`/api/books/${newId}`)).json();
    expect(book).toMatchObject({ title: "Vòng tròn", language: "vi", tone: "nostalgic" });
    const topics = await (await lan.get(`/api/books/${newId}/topics`)).json();
    const home = topics.find((t: { title: string }) => t.title === "Quê nhà");
    const questions = await (await lan.get(`/api/topics/${home.id}/questions`)).json();
    const homeStories = await (await lan.get(`/api/topics/${home.id}/stories`)).json();
    const answered = homeStories.find((s: { title: string }) => s.title === "Làng ven sông");
    expect(answered).toMatchObject({
      questionId: questions[0].id,
      hasAudio: true,
      hasImages: true,
      status: "published",
    });
    expect(questions[0]).toMatchObject({ question: "Bà lớn lên ở đâu?", answered: true });
    for (const item of answered.media) expect((await lan.get(item.url)).status).toBe(200);
    expect((await lan.get(`${answered.media[0].url}?size=thumb`)).status).toBe(200);
    // Only the importer has it.
    expect((await minh.get(`/api/books/${newId}`)).status).toBe(404);
  });

  it("re-encodes a photo that is not already what Heirloom stores, and keeps it importable", async () => {
    const made = await richBook(lan, "Ảnh gốc");
    const { files } = await download(lan, `/api/books/${made.book.id}/export`);
    // Someone swapped in a large PNG with the same name: it is checked and re-encoded like an upload.
    files.set("media/001-ben-song-que.webp", Buffer.from(await png(2000, 1000)));
    const imported = await importZip(lan, zipOf(files));
    expect(imported.status).toBe(201);
    const again = await download(lan, `/api/books/${imported.body.bookIds![0]}/export`);
    const meta = await sharp(again.files.get("media/001-ben-song-que.webp")!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 1600, 800]);
  });

  it("imports the all-books export: every book, in order, each the same as its original", async () => {
    const admin = createClient(server.url);
    await loginAs(admin, "admin", ADMIN_PASSWORD);
    await admin.json("POST", "/api/admin/create-user", {
      username: "hoa",
      email: "hoa@example.com",
      password: "secret1",
      displayName: "Cô Hoa",
    });
    const hoa = createClient(server.url);
    await loginAs(hoa, "hoa", "secret1");
    const one = await richBook(hoa, "Sách một");
    const two = await (await hoa.json("POST", "/api/books", { title: "Sách hai", language: "en" })).json();

    const { response, files } = await download(hoa, "/api/export");
    expect(response.headers.get("content-disposition")).toContain("filename*=UTF-8''C%C3%B4%20Hoa%20-%20Heirloom.zip");
    const library = JSON.parse(files.get("library.json")!.toString("utf8"));
    expect(library).toMatchObject({
      format: "heirloom-library",
      version: 1,
      books: [
        { folder: "books/01-sach-mot/", title: "Sách một" },
        { folder: "books/02-sach-hai/", title: "Sách hai" },
      ],
    });
    for (const name of [
      "index.html",
      "books/01-sach-mot/book.json",
      "books/01-sach-mot/book.md",
      "books/01-sach-mot/book.html",
      "books/01-sach-mot/media/cover.webp",
      "books/02-sach-hai/book.json",
    ])
      expect(files.has(name), name).toBe(true);
    expect(files.get("index.html")!.toString("utf8")).toContain('<a href="books/01-sach-mot/book.html">Sách một</a>');
    // A book's folder is a one-book export of its own.
    const single = await download(hoa, `/api/books/${one.book.id}/export`);
    expect(normalised(files.get("books/01-sach-mot/book.json")!)).toEqual(normalised(single.files.get("book.json")!));

    const imported = await importZip(hoa, zipOf(files));
    expect(imported.status).toBe(201);
    expect(imported.body.bookIds).toHaveLength(2);
    const [newOne, newTwo] = imported.body.bookIds!;
    expect(normalised((await download(hoa, `/api/books/${newOne}/export`)).files.get("book.json")!)).toEqual(
      normalised(files.get("books/01-sach-mot/book.json")!),
    );
    expect(normalised((await download(hoa, `/api/books/${newTwo}/export`)).files.get("book.json")!)).toEqual(
      normalised(files.get("books/02-sach-hai/book.json")!),
    );
    expect(two.id).not.toBe(newTwo);
    // And the library export now lists four books.
    const again = JSON.parse((await download(hoa, "/api/export")).files.get("library.json")!.toString("utf8"));
    expect(again.books.map((b: { title: string }) => b.title).sort()).toEqual([
      "Sách hai",
      "Sách hai",
      "Sách một",
      "Sách một",
    ]);
  });
});

// The names richBook's photo and recording get in an export.
const PHOTO = "media/001-ben-song-que.webp";
const VOICE = "media/002-giong-ba.webm";

describe("a hostile or broken zip", () => {
  let good: Map<string, Buffer>;
  // biome-ignore lint/suspicious/noExplicitAny: a parsed book.json, changed at any depth to make a broken one
  let goodDoc: Record<string, any>;
  beforeAll(async () => {
    const made = await richBook(minh, "Mẫu");
    good = (await download(minh, `/api/books/${made.book.id}/export`)).files;
    goodDoc = JSON.parse(good.get("book.json")!.toString("utf8"));
  });

  /** The good export with some files replaced (or removed with null). */
  const variant = (changes: Record<string, Uint8Array | string | null>) => {
    const files = new Map<string, Uint8Array | string>(good);
    for (const [name, data] of Object.entries(changes)) {
      if (data === null) files.delete(name);
      else files.set(name, data);
    }
    return zipOf(files);
  };
  // biome-ignore lint/suspicious/noExplicitAny: as above
  const withDoc = (change: (doc: Record<string, any>) => void) => {
    const doc = structuredClone(goodDoc);
    change(doc);
    return variant({ "book.json": JSON.stringify(doc) });
  };
  const goodEntries = (): RawEntry[] => [...good].map(([name, data]) => ({ name, data }));
  const zeros = (size: number) => {
    const raw = new Uint8Array(size);
    return { bytes: zlib.deflateRawSync(raw), size, crc: zlib.crc32(raw) };
  };

  const cases: [string, () => Buffer | Promise<Buffer>, RegExp][] = [
    [
      "not a zip",
      () => Buffer.from("just some text, not a zip at all"),
      /^This file is not a zip file, or it is incomplete\.$/,
    ],
    ["an empty file", () => Buffer.alloc(0), /not a zip file/],
    ["a truncated zip", () => zipOf(good).subarray(0, 3000), /not a zip file/],
    [
      "a zip whose file data is corrupted (CRC)",
      () => {
        const zip = makeZip(goodEntries().map((e) => (e.name.endsWith(".webm") ? { ...e, method: 0 as const } : e)));
        const at = zip.indexOf(good.get(VOICE)!);
        zip[at + 500] = zip[at + 500]! ^ 0xff;
        return zip;
      },
      /^The zip is damaged and cannot be read\.$/,
    ],
    [
      "zip slip with ../",
      () => makeZip([...goodEntries(), { name: "../../evil.sh", data: "rm -rf /" }]),
      /name is not allowed \(\.\.\/\.\.\/evil\.sh\)/,
    ],
    [
      "zip slip through media/../",
      () => makeZip([...goodEntries(), { name: "media/../../../etc/cron.d/x", data: "x" }]),
      /name is not allowed/,
    ],
    [
      "an absolute path",
      () => makeZip([...goodEntries(), { name: "/etc/passwd", data: "root" }]),
      /name is not allowed \(\/etc\/passwd\)/,
    ],
    [
      "a backslash path",
      () => makeZip([...goodEntries(), { name: "media\\..\\..\\evil.exe", data: "MZ" }]),
      /name is not allowed/,
    ],
    [
      "a drive letter",
      () => makeZip([...goodEntries(), { name: "C:/Windows/evil.dll", data: "MZ" }]),
      /name is not allowed/,
    ],
    [
      "a NUL in a name",
      () => makeZip([...goodEntries(), { name: "media/a\u0000.webp", data: "x" }]),
      /name is not allowed/,
    ],
    [
      "a symbolic link",
      () => makeZip([...goodEntries(), { name: "media/link", data: "/etc/passwd", symlink: true }]),
      /password or compressed in a way/,
    ],
    [
      "an encrypted entry",
      () => makeZip(goodEntries().map((e) => (e.name === "book.json" ? { ...e, encrypted: true } : e))),
      /password or compressed in a way/,
    ],
    [
      "two entries with one name",
      () => makeZip([...goodEntries(), { name: "book.json", data: "{}" }]),
      /two files named book\.json/,
    ],
    [
      "a bomb that declares its size: one entry over 32 MB",
      () => makeZip([...goodEntries(), { name: "big.bin", compressed: zeros(40 * 1024 * 1024) }]),
      /unpacks to more than Heirloom accepts/,
    ],
    [
      "a bomb that declares its sizes: over 1 GB in all",
      () => {
        const chunk = zeros(30 * 1024 * 1024);
        return makeZip([
          ...goodEntries(),
          ...Array.from({ length: 36 }, (_, i) => ({ name: `pad/${i}.bin`, compressed: chunk })),
        ]);
      },
      /unpacks to more than Heirloom accepts/,
    ],
    [
      "a bomb that lies about its size",
      () => {
        const real = Buffer.alloc(50 * 1024 * 1024, 0x20);
        const json = Buffer.concat([good.get("book.json")!, real]);
        return makeZip([
          ...goodEntries().filter((e) => e.name !== "book.json"),
          { name: "book.json", compressed: { bytes: zlib.deflateRawSync(json), size: 2000, crc: zlib.crc32(json) } },
        ]);
      },
      /damaged|unpacks to more/,
    ],
    [
      "too many entries",
      () =>
        makeZip([
          ...goodEntries(),
          ...Array.from({ length: 20_001 }, (_, i) => ({ name: `x/${i}`, data: "", method: 0 as const })),
        ]),
      /too many files \(at most 20,000\)/,
    ],
    ["no book.json", () => zipOf({ "notes.txt": "hello" }), /holds no book\.json/],
    ["book.json that is not JSON", () => variant({ "book.json": "{ not json" }), /^book\.json is not valid JSON\.$/],
    [
      "book.json that is not UTF-8",
      () => variant({ "book.json": new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) }),
      /not valid JSON/,
    ],
    [
      "book.json of another kind",
      () => variant({ "book.json": JSON.stringify({ hello: "world" }) }),
      /^book\.json is not a book exported from Heirloom\.$/,
    ],
    ["book.json that is an array", () => variant({ "book.json": "[]" }), /not a book exported from Heirloom/],
    [
      "book.json from a newer version",
      () => withDoc((doc) => (doc.version = 2)),
      /made by a newer version of Heirloom/,
    ],
    [
      "a field of the wrong type",
      () => withDoc((doc) => (doc.book.title = 42)),
      /^book\.json is not valid \(at book\.title\)\.$/,
    ],
    [
      "a story without a title",
      () => withDoc((doc) => (doc.topics[0].stories[0].title = "   ")),
      /at topics\.0\.stories\.0\.title/,
    ],
    [
      "a story's question that is not in the book",
      () => withDoc((doc) => (doc.topics[0].stories[0].question = "q99")),
      /at topics\.0\.stories\.0\.question/,
    ],
    ["a bad date", () => withDoc((doc) => (doc.topics[0].createdAt = "yesterday")), /at topics\.0\.createdAt/],
    [
      "an oversized story",
      () => withDoc((doc) => (doc.topics[0].stories[0].content = "x".repeat(200_001))),
      /at topics\.0\.stories\.0\.content/,
    ],
    ["an oversized tone", () => withDoc((doc) => (doc.book.tone = "t".repeat(129))), /at book\.tone/],
    [
      "a media path outside media/",
      () => withDoc((doc) => (doc.topics[0].stories[0].media[0].file = "../book.json")),
      /at topics\.0\.stories\.0\.media\.0\.file/,
    ],
    [
      "one file used by two media",
      () => withDoc((doc) => (doc.topics[0].stories[0].media[1].file = doc.topics[0].stories[0].media[0].file)),
      /not valid/,
    ],
    [
      "a preset cover that is not one",
      () => withDoc((doc) => (doc.book.cover = { preset: "/etc/passwd" })),
      /at book\.cover/,
    ],
    [
      "a missing media file",
      () => variant({ [VOICE]: null }),
      /^The zip has no media\/002-.*\.webm, which the book needs\.$/,
    ],
    [
      "a photo that is an HTML page",
      () => variant({ [PHOTO]: "<!doctype html><script>alert(1)</script>" }),
      /^media\/001-.*\.webp is not a photo or a recording that Heirloom accepts\.$/,
    ],
    [
      "a photo that is an SVG",
      () => variant({ [PHOTO]: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>' }),
      /is not a photo or a recording/,
    ],
    [
      "a recording that is a photo (stored after a good photo: that one is removed again)",
      async () => variant({ [VOICE]: await png(10, 10) }),
      /^media\/002-.*\.webm is not a photo or a recording/,
    ],
    [
      "a cover that is not an image",
      () => variant({ "media/cover.webp": "GIF89a but not really" }),
      /media\/cover\.webp is not a photo/,
    ],
    [
      "a photo over 10 MB",
      () => variant({ [PHOTO]: new Uint8Array(10 * 1024 * 1024 + 1) }),
      /is too large: photos can be up to 10 MB/,
    ],
    [
      "a library whose book folder is missing",
      () =>
        zipOf({
          "library.json": JSON.stringify({
            format: "heirloom-library",
            version: 1,
            exportedAt: new Date().toISOString(),
            books: [{ folder: "books/01-x/", title: "X" }],
          }),
        }),
      /^The zip has no books\/01-x\/book\.json/,
    ],
    [
      "a library with an unsafe folder",
      () =>
        zipOf({
          "library.json": JSON.stringify({
            format: "heirloom-library",
            version: 1,
            exportedAt: new Date().toISOString(),
            books: [{ folder: "../", title: "X" }],
          }),
        }),
      /library\.json is not valid/,
    ],
    [
      "an empty library",
      () =>
        zipOf({
          "library.json": JSON.stringify({
            format: "heirloom-library",
            version: 1,
            exportedAt: new Date().toISOString(),
            books: [],
          }),
        }),
      /no book to import/,
    ],
  ];

  it.each(cases)("is refused with a clear 400 and nothing written: %s", async (_name, build, message) => {
    const zip = await build();
    const before = await footprint();
    const { status, body } = await importZip(lan, zip);
    expect(status, JSON.stringify(body)).toBe(400);
    expect(body.title).toBe("Import failed");
    expect(body.message).toMatch(message);
    expect(await footprint()).toEqual({ ...before, tmp: 0 });
    expect((await lan.get("/healthz")).status).toBe(200);
  });

  // One import is bounded (ADR 0023) so that the largest one is cheap; past a bound, the message says it.
  const many = <T>(n: number, item: (i: number) => T) => Array.from({ length: n }, (_, i) => item(i));
  const at = "2026-11-01T08:30:00.000Z";
  const plainTopic = (extra: Record<string, unknown> = {}) => ({
    title: "T",
    description: "",
    preview: null,
    archived: false,
    createdAt: at,
    updatedAt: at,
    questions: [],
    stories: [],
    ...extra,
  });
  const plainStory = (extra: Record<string, unknown> = {}) => ({
    title: "S",
    content: "",
    refinedContent: null,
    status: "draft",
    question: null,
    createdAt: at,
    updatedAt: at,
    media: [],
    ...extra,
  });
  const { books, topics, questions, stories, media, jsonBytes } = IMPORT_BOUNDS;
  const bounds: [string, () => Buffer, string, string][] = [
    [
      "books",
      () =>
        zipOf({
          "library.json": JSON.stringify({
            format: "heirloom-library",
            version: 1,
            exportedAt: at,
            books: many(books + 1, (i) => ({ folder: `books/${i}-b/`, title: "B" })),
          }),
        }),
      `The zip holds more books than one import takes: at most ${books}. ` +
        "Download the books one by one and import each.",
      `Tệp zip có nhiều sách hơn mức một lần nhập cho phép: tối đa ${books} cuốn. ` +
        "Hãy tải từng cuốn về rồi nhập từng cuốn một.",
    ],
    [
      "topics",
      () => withDoc((doc) => doc.topics.push(...many(topics + 1 - doc.topics.length, () => plainTopic()))),
      `The zip holds more topics than one import takes: at most ${topics}.`,
      `Tệp zip có nhiều chủ đề hơn mức một lần nhập cho phép: tối đa ${topics} chủ đề.`,
    ],
    [
      "interview questions",
      () =>
        withDoc((doc) =>
          doc.topics.push(
            plainTopic({ questions: many(questions, (i) => ({ key: `q${i + 100}`, question: "Q?", createdAt: at })) }),
          ),
        ),
      `The zip holds more interview questions than one import takes: at most ${questions}.`,
      `Tệp zip có nhiều câu hỏi phỏng vấn hơn mức một lần nhập cho phép: tối đa ${questions} câu hỏi.`,
    ],
    [
      "stories",
      () => withDoc((doc) => doc.topics.push(plainTopic({ stories: many(stories, () => plainStory()) }))),
      `The zip holds more stories than one import takes: at most ${stories}.`,
      `Tệp zip có nhiều câu chuyện hơn mức một lần nhập cho phép: tối đa ${stories} câu chuyện.`,
    ],
    [
      "photos and recordings",
      () =>
        withDoc((doc) =>
          doc.topics.push(
            plainTopic({
              stories: many(media / 100, (s) =>
                plainStory({
                  media: many(100, (m) => ({ ...doc.topics[0].stories[0].media[1], file: `media/x-${s}-${m}.webm` })),
                }),
              ),
            }),
          ),
        ),
      `The zip holds more photos and recordings than one import takes: at most ${media}.`,
      `Tệp zip có nhiều ảnh và bản ghi âm hơn mức một lần nhập cho phép: tối đa ${media} tệp.`,
    ],
    [
      "text",
      () =>
        withDoc((doc) =>
          doc.topics.push(
            plainTopic({
              stories: many(Math.ceil(jsonBytes / 190_000), () => plainStory({ content: "x".repeat(190_000) })),
            }),
          ),
        ),
      `The zip holds more text than one import takes: at most ${jsonBytes / 1024 / 1024} MB of book.json in all.`,
      `Tệp zip có nhiều chữ hơn mức một lần nhập cho phép: tổng cộng tối đa ${jsonBytes / 1024 / 1024} MB trong ` +
        "các tệp book.json.",
    ],
  ];

  it.each(bounds)(
    "refuses more %s than one import takes, saying how many it takes, in the user's language",
    async (_name, build, english, vietnamese) => {
      const zip = build();
      const before = await footprint();
      const refused = await importZip(lan, zip);
      expect([refused.status, refused.body.title, refused.body.message]).toEqual([400, "Import failed", english]);
      const vi = await importZip(lan, zip, { "Accept-Language": "vi" });
      expect([vi.status, vi.body.title, vi.body.message]).toEqual([400, "Nhập sách thất bại", vietnamese]);
      expect(await footprint()).toEqual({ ...before, tmp: 0 });
    },
  );

  it("answers in the user's language", async () => {
    const { status, body } = await importZip(lan, Buffer.from("no zip"), { "Accept-Language": "vi" });
    expect([status, body.title, body.message]).toEqual([
      400,
      "Nhập sách thất bại",
      "Tệp này không phải tệp zip, hoặc chưa đầy đủ.",
    ]);
  });

  it("refuses a request without a file, a visitor, and a zip over 200 MB", async () => {
    const form = new FormData();
    form.append("other", "x");
    const empty = await lan.request("/api/import", { method: "POST", body: form });
    expect([empty.status, (await empty.json()).message]).toEqual([400, "Please choose a zip file to import."]);
    expect((await createClient(server.url).request("/api/import", { method: "POST", body: form })).status).toBe(401);
    const before = await footprint();
    // On a connection of its own: the 200 MB body takes a busy machine seconds to make (tests/support/raw-http.ts).
    const ownConnection = createClient(server.url, { Cookie: lan.cookieHeader() }, rawFetch);
    const huge = await importZip(ownConnection, new Uint8Array(200 * 1024 * 1024 + 1));
    expect([huge.status, huge.body.message]).toEqual([413, "The zip is too large: it can be up to 200 MB."]);
    expect(await footprint()).toEqual({ ...before, tmp: 0 });
    expect((await lan.get("/healthz")).status).toBe(200);
  });
});
