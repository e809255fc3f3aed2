import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PASSWORD, startServer, type RunningServer } from "../support/server";
import { createClient, loginAs, type Client } from "../support/http";

let server: RunningServer;
let lan: Client;
let minh: Client;

async function makeUser(admin: Client, username: string) {
  await admin.json("POST", "/api/admin/create-user", {
    username,
    email: `${username}@example.com`,
    password: "secret1",
  });
  const client = createClient(server.url);
  await loginAs(client, username, "secret1");
  return client;
}

const png = (width = 40, height = 60) =>
  sharp({ create: { width, height, channels: 3, background: "#7a3e12" } })
    .png()
    .toBuffer();

beforeAll(async () => {
  server = await startServer();
  const admin = createClient(server.url);
  await loginAs(admin, "admin", ADMIN_PASSWORD);
  lan = await makeUser(admin, "lan");
  minh = await makeUser(admin, "minh");
});
afterAll(() => server?.stop());

async function createBook(client: Client, body: Record<string, unknown>) {
  const response = await client.json("POST", "/api/books", body);
  return { response, book: response.status === 201 ? await response.json() : null };
}

describe("/api/books", () => {
  it("creates a book, defaulting the language to the UI language, and lists it with a story count", async () => {
    const { response, book } = await createBook(lan, {
      title: "Bà nội",
      description: "Chuyện của bà",
      tone: "nostalgic",
    });
    expect(response.status).toBe(201);
    expect(book).toMatchObject({ id: expect.any(Number), title: "Bà nội", tone: "nostalgic", language: "en" });
    const vi = await lan.json("POST", "/api/books", { title: "Quê" }, { headers: { "Accept-Language": "vi" } });
    expect((await vi.json()).language).toBe("vi");
    const list = await (await lan.get("/api/books")).json();
    expect(list.map((b: { title: string }) => b.title)).toEqual(expect.arrayContaining(["Bà nội", "Quê"]));
    expect(list[0]).toMatchObject({ storyCount: 0, updatedAt: expect.any(String), coverImage: null });
  });

  it("validates with the spec's messages in both languages", async () => {
    const empty = await lan.json("POST", "/api/books", { title: "  " });
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe("Please enter book title");
    const long = await lan.json(
      "POST",
      "/api/books",
      { title: "x", tone: "a".repeat(129) },
      { headers: { "Accept-Language": "vi" } },
    );
    expect((await long.json()).message).toBe("Giọng điệu không được quá 128 ký tự");
    expect((await lan.json("POST", "/api/books", { title: "x", tone: "a".repeat(128) })).status).toBe(201);
  });

  it("answers 404 for another user's book on every route, and changes nothing", async () => {
    const { book } = await createBook(lan, { title: "Private" });
    for (const [method, path, body] of [
      ["GET", `/api/books/${book.id}`],
      ["PUT", `/api/books/${book.id}`, { title: "Mine now" }],
      ["DELETE", `/api/books/${book.id}`],
    ] as const) {
      const response = await minh.json(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.json()).toHaveProperty("message");
    }
    expect((await (await lan.get(`/api/books/${book.id}`)).json()).title).toBe("Private");
    expect((await minh.get("/api/books")).headers.get("x-total-count")).toBe("0");
  });

  it("updates and deletes the owner's book", async () => {
    const { book } = await createBook(lan, { title: "Draft title", language: "vi" });
    const updated = await lan.json("PUT", `/api/books/${book.id}`, {
      title: "Final title",
      description: "d",
      tone: "formal",
      language: "en",
      coverImage: "/covers/3.webp",
    });
    expect(await updated.json()).toMatchObject({ title: "Final title", language: "en", coverImage: "/covers/3.webp" });
    expect((await lan.request(`/api/books/${book.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await lan.get(`/api/books/${book.id}`)).status).toBe(404);
  });

  it("suggests topics through the AI provider, in the book's language", async () => {
    const response = await lan.json("POST", "/api/books/suggest-topics", {
      title: "Ông ngoại",
      description: "chiến tranh và quê hương",
      language: "vi",
    });
    expect(response.status).toBe(200);
    const topics = await response.json();
    expect(topics.length).toBeGreaterThan(2);
    expect(topics[0]).toEqual({ title: expect.any(String), description: expect.any(String) });
    expect(topics.map((t: { title: string }) => t.title)).toEqual(
      expect.arrayContaining(["Chiến tranh và những năm gian khó", "Quê hương"]),
    );
    expect((await lan.json("POST", "/api/books/suggest-topics", { title: "" })).status).toBe(400);
  });

  it("with a topic title, suggests only topics about it: a description for the topic editor", async () => {
    const book = { title: "Ông ngoại", description: "chiến tranh và quê hương", language: "vi" };
    const tet = await (await lan.json("POST", "/api/books/suggest-topics", { ...book, topicTitle: "Tết" })).json();
    expect(tet).toEqual([
      {
        title: "Tết và truyền thống gia đình",
        description: "Tết Nguyên Đán, ngày giỗ và những phong tục gia đình gìn giữ.",
      },
    ]);
    const unknown = await lan.json("POST", "/api/books/suggest-topics", {
      ...book,
      topicTitle: "Chiếc xe đạp màu xanh",
    });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual([]);
  });

  it("gives suggested actions in the documented shape", async () => {
    const body = await (await lan.get("/api/suggested-actions")).json();
    expect(body).toEqual({ suggestedActions: expect.any(Array) });
  });
});

describe("covers", () => {
  it("stores an uploaded cover re-encoded, serves it to its owner only", async () => {
    const dataUrl = `data:image/png;base64,${(await png()).toString("base64")}`;
    const { response, book } = await createBook(lan, { title: "With cover", coverImage: dataUrl });
    expect(response.status).toBe(201);
    expect(book.coverImage).toMatch(/^\/api\/media\/render\/cover:[a-f0-9]{32}$/);
    const image = await lan.get(book.coverImage);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect(image.headers.get("cache-control")).toMatch(/private/);
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 600, height: 900 });
    expect((await minh.get(book.coverImage)).status).toBe(404);
    expect((await createClient(server.url).get(book.coverImage)).status).toBe(401);
  });

  it("refuses a wrong type, bytes that lie about their type, and files over 2MB, storing nothing", async () => {
    const before = (await (await lan.get("/api/books")).json()).length;
    const svgBytes = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const svg = `data:image/svg+xml;base64,${svgBytes.toString("base64")}`;
    const lying = `data:image/png;base64,${Buffer.from("<html><script>alert(1)</script></html>").toString("base64")}`;
    const truncated = `data:image/png;base64,${(await png()).subarray(0, 40).toString("base64")}`;
    for (const coverImage of [svg, lying, truncated, "https://evil.example/cover.png"]) {
      const response = await lan.json("POST", "/api/books", { title: "Bad cover", coverImage });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        message: "Please select a file with format: JPEG, PNG, GIF, or WEBP.",
        title: "Format error",
      });
    }
    const big = Buffer.alloc(2 * 1024 * 1024 + 10, 0);
    (await png()).copy(big);
    const tooLarge = await lan.json(
      "POST",
      "/api/books",
      { title: "Huge", coverImage: `data:image/png;base64,${big.toString("base64")}` },
      { headers: { "Accept-Language": "vi" } },
    );
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({
      message: "Kích thước tệp không được vượt quá 2MB.",
      title: "File quá lớn",
    });
    expect((await (await lan.get("/api/books")).json()).length).toBe(before);
  });
});

describe("pages without JavaScript", () => {
  it("the library and home are rendered on the server with the user's books", async () => {
    const { book } = await createBook(lan, { title: "Server rendered book" });
    const library = await (await lan.get("/books")).text();
    expect(library).toContain("Server rendered book");
    expect(library).toContain(`href="/books/${book.id}"`);
    expect(await (await lan.get("/")).text()).toContain("Server rendered book");
    expect(await (await minh.get("/books")).text()).not.toContain("Server rendered book");
  });

  it("searches and shows six more with plain links", async () => {
    for (let i = 1; i <= 8; i++) await createBook(minh, { title: `Album ${i}` });
    const first = await (await minh.get("/books")).text();
    expect(first.match(/class="book-card"/g)).toHaveLength(6);
    expect(first).toContain("blimit=12");
    const more = await (await minh.get("/books?blimit=12")).text();
    expect(more.match(/class="book-card"/g)).toHaveLength(8);
    const search = await (await minh.get("/books?bq=Album+3")).text();
    expect(search.match(/class="book-card"/g)).toHaveLength(1);
    const none = await (await minh.get("/books?bq=nothing-like-this")).text();
    expect(none).toContain("No books match your search.");
  });

  it("creates (multipart, with a cover file), edits, copies and deletes through the page forms", async () => {
    const form = new FormData();
    form.set("intent", "create-book");
    form.set("title", "Form book");
    form.set("description", "made without JS");
    form.set("tone", "");
    form.set("language", "vi");
    form.set("coverMode", "upload");
    form.set("coverFile", new Blob([await png()], { type: "image/png" }), "cover.png");
    const created = await lan.request("/books?dialog=create-book", { method: "POST", body: form });
    expect(created.status).toBe(302);
    const location = created.headers.get("location")!;
    expect(location).toMatch(/^\/books\/\d+\/suggest-topics$/);
    const id = Number(/\/books\/(\d+)/.exec(location)![1]);
    const page = await (await lan.get(location)).text();
    expect(page).toContain("Suggested topics");
    expect(page).toContain("Book created");

    const save = await lan.form(location, {
      intent: "save",
      "topics[0].title": "Tuổi thơ",
      "topics[0].description": "",
      "topics[0].selected": "on",
      "topics[1].title": "Not this one",
      "topics[1].description": "",
    });
    expect(save.headers.get("location")).toBe(`/books/${id}`);
    const bookPage = await (await lan.get(`/books/${id}`)).text();
    expect(bookPage).toContain("Tuổi thơ");
    expect(bookPage).not.toContain("Not this one");
    expect(bookPage).toContain("Created 1 topics for your book.");

    const edit = new FormData();
    for (const [k, v] of Object.entries({
      intent: "update-book",
      bookId: String(id),
      title: "Form book, edited",
      description: "",
      tone: "poetic",
      language: "en",
      coverMode: "preset",
      coverImage: "/covers/4.webp",
    }))
      edit.set(k, v);
    const edited = await lan.request(`/books/${id}?dialog=edit-book`, { method: "POST", body: edit });
    expect(edited.headers.get("location")).toBe(`/books/${id}`);
    expect(await (await lan.get(`/api/books/${id}`)).json()).toMatchObject({
      title: "Form book, edited",
      tone: "poetic",
      coverImage: "/covers/4.webp",
    });

    const copied = await lan.form(`/books/${id}/copy`, {});
    expect(copied.headers.get("location")).toMatch(/^\/books\/\d+\/suggest-topics\?copy=1$/);
    const copyPage = await (await lan.get(copied.headers.get("location")!)).text();
    expect(copyPage).toContain("Form book, edited (Copy)");
    expect(copyPage).toContain("Copy Created");

    const deleted = await lan.form(`/books/${id}/delete`, {});
    expect(deleted.headers.get("location")).toBe("/books");
    expect(await (await lan.get("/books")).text()).toContain("Book Deleted");
    expect((await lan.get(`/api/books/${id}`)).status).toBe(404);
  });

  it("shows the not-found screen with 404 for a missing or foreign book", async () => {
    const { book } = await createBook(lan, { title: "Hidden" });
    const foreign = await minh.get(`/books/${book.id}`, { headers: { "Accept-Language": "vi" } });
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toContain("Không tìm thấy sách");
    expect((await minh.get("/books/999999")).status).toBe(404);
    const form = await minh.form(`/books/${book.id}/delete`, {});
    expect(form.status).toBe(404);
    expect((await minh.form(`/books/${book.id}/copy`, {})).status).toBe(404);
    expect((await lan.get(`/api/books/${book.id}`)).status).toBe(200);
  });
});
