import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PASSWORD, startServer, type RunningServer } from "../support/server";
import { createClient, loginAs, type Client } from "../support/http";

// The admin dashboard's API and pages against the real server: who may reach them, what they answer
// (filters, sorting, pages, activities, saved previews, the content tree), and deleting a user.
let server: RunningServer;
let admin: Client;
let lan: Client;
let lanId: number;
let minhId: number;
let book: { id: number };
let topic: { id: number };

async function created(client: Client, pathname: string, body: unknown) {
  const response = await client.json("POST", pathname, body);
  expect(response.status, `${pathname}: ${response.status}`).toBe(201);
  return response.json();
}

beforeAll(async () => {
  // The page tells its SQL count in Server-Timing only when asked to (issue 16).
  server = await startServer({ SERVER_TIMING: "1" });
  admin = createClient(server.url);
  await loginAs(admin, "admin", ADMIN_PASSWORD);
  lanId = (
    await created(admin, "/api/admin/create-user", {
      username: "lan",
      email: "lan@example.com",
      password: "secret1",
      displayName: "Bà Lan",
    })
  ).id;
  minhId = (
    await created(admin, "/api/admin/create-user", { username: "minh", email: "minh@example.com", password: "secret1" })
  ).id;
  lan = createClient(server.url);
  await loginAs(lan, "lan", "secret1");
  book = await created(lan, "/api/books", { title: "Quê nội", description: "Làng ven sông", language: "vi" });
  topic = await created(lan, `/api/books/${book.id}/topics`, { title: "Tuổi thơ", description: "" });
  await created(lan, `/api/topics/${topic.id}/stories`, {
    title: "Con sông",
    content: "Ngày xưa ".repeat(40),
    status: "published",
  });
  // Minh's books, straight into the database, for a volume the API would take long to make: 30 in English and
  // Vietnamese, titled in reverse order.
  const books = Array.from({ length: 30 }, (_, i) => [
    minhId,
    `Minh ${String(30 - i).padStart(2, "0")}`,
    i % 3 ? "en" : "vi",
    new Date(Date.UTC(2024, 0, 1 + i)),
    new Date(Date.UTC(2024, 0, 1 + i)),
  ]);
  await server.database.query(
    "insert into books (user_id, title, description, language, created_at, updated_at) values " +
      books.map(() => "(?, ?, '', ?, ?, ?)").join(", "),
    books.flat(),
  );
});
afterAll(() => server?.stop());

const ADMIN_APIS = () => [
  "/api/admin/users",
  "/api/admin/books",
  "/api/admin/topics",
  "/api/admin/stories",
  "/api/admin/content",
  `/api/admin/users/${lanId}/activities`,
  `/api/topics/${topic.id}/saved-preview`,
];

describe("who reaches the admin dashboard", () => {
  it("anonymous visitors get 401 from every admin API and the login page for every tab", async () => {
    const anonymous = createClient(server.url);
    for (const url of ADMIN_APIS()) {
      const response = await anonymous.get(url);
      expect(response.status, url).toBe(401);
      expect(await response.json()).toHaveProperty("message");
    }
    for (const tab of ["overview", "users", "books", "topics", "stories", "content"]) {
      const page = await anonymous.get(`/admin?tab=${tab}`);
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toMatch(/^\/login/);
    }
  });

  it("an ordinary user gets 403 from every admin API and /unauthorized for every tab and dialog", async () => {
    for (const url of ADMIN_APIS()) {
      const response = await lan.get(url);
      expect(response.status, url).toBe(403);
      expect(await response.json()).toHaveProperty("message");
    }
    for (const query of [
      "tab=users",
      "tab=books",
      "tab=topics",
      "tab=stories",
      "tab=content&user=1",
      "dialog=activities&id=1",
      `dialog=preview&id=${topic.id}`,
    ]) {
      const page = await lan.get(`/admin?${query}`);
      expect(page.headers.get("location"), query).toBe("/unauthorized");
      // The data request of a client-side navigation is refused the same way.
      expect((await lan.get(`/admin.data?${query}`)).status).not.toBe(200);
    }
  });

  it("never lets a password or its hash leave the server", async () => {
    for (const url of [
      ...ADMIN_APIS(),
      `/api/admin/content?user=${lanId}`,
      `/api/admin/users/${lanId}/activities?page=1`,
    ]) {
      const text = await (await admin.get(url)).text();
      expect(text, url).not.toMatch(/password|argon2|hash/i);
    }
    for (const tab of ["overview", "users", "content"]) {
      const html = await (await admin.get(`/admin?tab=${tab}&dialog=edit-user&id=${lanId}`)).text();
      expect(html).not.toMatch(/argon2|passwordHash|password_hash/i);
    }
  });
});

describe("admin tables API", () => {
  it("books: the language and user filters, sorting both ways, pages with a total", async () => {
    const all = await (await admin.get("/api/admin/books")).json();
    expect(all.total).toBe(31);
    expect(all.books).toHaveLength(20);
    expect(all.books[0]).toMatchObject({ title: "Quê nội", owner: "lan", ownerName: "Bà Lan", language: "vi" });
    expect(Object.keys(all.books[0]).sort()).toEqual([
      "createdAt",
      "description",
      "id",
      "language",
      "owner",
      "ownerName",
      "title",
      "userId",
    ]);

    const english = await (await admin.get(`/api/admin/books?language=en&user=${minhId}&pageSize=100`)).json();
    expect(english.total).toBe(20);
    expect(english.books.every((b: { language: string }) => b.language === "en")).toBe(true);
    const byTitle = await (await admin.get(`/api/admin/books?user=${minhId}&sort=title&dir=asc&pageSize=5`)).json();
    expect(byTitle.books.map((b: { title: string }) => b.title)).toEqual([
      "Minh 01",
      "Minh 02",
      "Minh 03",
      "Minh 04",
      "Minh 05",
    ]);
    const desc = await (
      await admin.get(`/api/admin/books?user=${minhId}&sort=title&dir=desc&pageSize=5&page=2`)
    ).json();
    expect(desc).toMatchObject({ total: 30, page: 2, pages: 6 });
    expect(desc.books.map((b: { title: string }) => b.title)).toEqual([
      "Minh 25",
      "Minh 24",
      "Minh 23",
      "Minh 22",
      "Minh 21",
    ]);
    const search = await (await admin.get(`/api/admin/books?q=${encodeURIComponent("ven sông")}`)).json();
    expect(search.books.map((b: { title: string }) => b.title)).toEqual(["Quê nội"]);
    // Unknown words fall back to the defaults instead of failing; a number that is not one is a 400 (ADR 0022).
    expect((await admin.get("/api/admin/books?sort=password&dir=sideways&language=fr")).status).toBe(200);
    expect((await admin.get("/api/admin/books?page=-3")).status).toBe(400);
  });

  it("users: search, role and sort", async () => {
    const list = await (await admin.get("/api/admin/users?q=minh&sort=email&dir=desc")).json();
    expect(list.users.map((u: { username: string }) => u.username)).toEqual(["minh"]);
    expect(list.users[0]).toMatchObject({ bookCount: 30, firstLoginAt: null, lastLoginAt: null, isAdmin: false });
  });

  it("topics and stories: the user filter, story counts and the first 100 characters", async () => {
    const topics = await (await admin.get(`/api/admin/topics?user=${lanId}`)).json();
    expect(topics).toMatchObject({ total: 1, page: 1, pages: 1 });
    expect(topics.topics[0]).toMatchObject({ id: topic.id, title: "Tuổi thơ", bookTitle: "Quê nội", storyCount: 1 });
    expect((await (await admin.get(`/api/admin/topics?user=${minhId}`)).json()).total).toBe(0);
    const stories = await (await admin.get(`/api/admin/stories?user=${lanId}&q=sông`)).json();
    expect(stories.total).toBe(1);
    expect(stories.stories[0]).toMatchObject({ title: "Con sông", topicTitle: "Tuổi thơ" });
    expect(Array.from(stories.stories[0].content as string)).toHaveLength(101);
  });

  it("content: the tree per user, searched by the titles of what they wrote", async () => {
    const tree = await (await admin.get(`/api/admin/content?q=${encodeURIComponent("Con sông")}`)).json();
    expect(tree.users.map((u: { username: string }) => u.username)).toEqual(["lan"]);
    const [user] = tree.users;
    expect(user).toMatchObject({ username: "lan", email: "lan@example.com", displayName: "Bà Lan", bookCount: 1 });
    expect(user.books[0]).toMatchObject({ title: "Quê nội", topicCount: 1 });
    expect(user.books[0].topics[0]).toMatchObject({ title: "Tuổi thơ", storyCount: 1, hasPreview: false });
    expect(user.books[0].topics[0].stories[0]).toMatchObject({ title: "Con sông", content: null, media: [] });
    const storyId = user.books[0].topics[0].stories[0].id;
    const one = await (await admin.get(`/api/admin/content?user=${minhId}&bpage=2`)).json();
    expect(one).toMatchObject({ oneUser: true, bookPage: 2, bookPages: 3 });
    expect(one.users[0].books).toHaveLength(10);
    const full = await (await admin.get(`/api/admin/content?user=${lanId}&story=${storyId}`)).json();
    expect(full.users[0].books[0].topics[0].stories[0].content).toBe("Ngày xưa ".repeat(40));
  });
});

describe("activities", () => {
  it("lists what a user did, newest first, with id, action, resource, details and timestamp", async () => {
    const body = await (await admin.get(`/api/admin/users/${lanId}/activities`)).json();
    expect(body.activities.map((a: { action: string; resource: string }) => `${a.action} ${a.resource}`)).toEqual([
      "create story",
      "create topic",
      "create book",
      "login session",
    ]);
    expect(Object.keys(body.activities[0]).sort()).toEqual(["action", "details", "id", "resource", "timestamp"]);
    expect(body.activities[2].details).toMatchObject({ id: book.id, title: "Quê nội" });
    expect(new Date(body.activities[0].timestamp).getTime()).toBeGreaterThan(Date.now() - 600_000);
    const paged = await (await admin.get(`/api/admin/users/${lanId}/activities?pageSize=3&page=2`)).json();
    expect(paged).toMatchObject({ total: 4, page: 2, pages: 2 });
    expect(paged.activities).toHaveLength(1);
    expect((await admin.get("/api/admin/users/99999/activities")).status).toBe(404);
  });

  it("records a sign-out", async () => {
    const client = createClient(server.url);
    await loginAs(client, "minh", "secret1");
    await client.request("/api/auth/logout", { method: "POST" });
    const body = await (await admin.get(`/api/admin/users/${minhId}/activities`)).json();
    expect(body.activities.map((a: { action: string }) => a.action)).toEqual(["logout", "login"]);
  });
});

describe("saved previews", () => {
  it("answers 404 with the spec's message until a preview is saved, then the preview", async () => {
    const none = await admin.get(`/api/topics/${topic.id}/saved-preview`);
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({ message: "Error loading preview. No saved preview was found for this topic." });
    const vi = await admin.get(`/api/topics/${topic.id}/saved-preview`, { headers: { "Accept-Language": "vi" } });
    expect((await vi.json()).message).toBe("Lỗi tải bản thảo. Không tìm thấy bản thảo đã lưu cho chủ đề này.");
    expect(
      (await lan.json("PUT", `/api/topics/${topic.id}`, { preview: "Tuổi thơ của bà bên dòng sông." })).status,
    ).toBe(200);
    expect(await (await admin.get(`/api/topics/${topic.id}/saved-preview`)).json()).toEqual({
      preview: "Tuổi thơ của bà bên dòng sông.",
    });
    expect((await admin.get("/api/topics/99999/saved-preview")).status).toBe(404);
    // The explorer shows the Preview button and the dialog, without JavaScript.
    const html = await (await admin.get(`/admin?tab=content&user=${lanId}&dialog=preview&id=${topic.id}`)).text();
    expect(html).toContain("Topic Preview");
    expect(html).toContain("Tuổi thơ của bà bên dòng sông.");
    const missing = await (await admin.get("/admin?tab=content&dialog=preview&id=99999")).text();
    expect(missing).toContain("Error loading preview. No saved preview was found for this topic.");
  });
});

describe("the /admin page without JavaScript", () => {
  it("renders each tab from the address, with a Server-Timing count of its SQL queries", async () => {
    const books = await admin.get(`/admin?tab=books&sort=title&dir=desc&user=${minhId}&page=2`);
    expect(books.status).toBe(200);
    expect(books.headers.get("server-timing")).toMatch(/^admin-data;desc="\d+ SQL queries";dur=[\d.]+$/);
    const html = await books.text();
    expect(html).toContain('aria-sort="descending"');
    expect(html).toContain("Minh 10");
    expect(html).toContain("Page 2 of 2");
    for (const [tab, text] of [
      ["overview", "Latest books"],
      ["users", "Add user"],
      ["topics", "Tuổi thơ"],
      ["stories", "Con sông"],
      ["content", "Bà Lan"],
    ]) {
      expect(await (await admin.get(`/admin?tab=${tab}`)).text(), tab).toContain(text);
    }
    // In Vietnamese: the tab, an empty level and the filters' choices.
    const vi = await (await admin.get("/admin?tab=content&user=1", { headers: { "Accept-Language": "vi" } })).text();
    expect(vi).toContain("Khám phá nội dung");
    expect(vi).toContain("Không có sách");
    const viBooks = await (await admin.get("/admin?tab=books", { headers: { "Accept-Language": "vi" } })).text();
    expect(viBooks).toContain("Tất cả ngôn ngữ");
    expect(viBooks).toContain("Tất cả người dùng");
    const activities = await (await admin.get(`/admin?tab=users&dialog=activities&id=${lanId}`)).text();
    expect(activities).toContain("Activities of Bà Lan");
    expect(activities).toMatch(/\d\d\/\d\d\/\d{4} \d\d:\d\d/);
  });
});

describe("deleting a user", () => {
  it("removes their books, topics, stories, media rows and files, cover files and sessions", async () => {
    const id = (
      await created(admin, "/api/admin/create-user", {
        username: "tuan",
        email: "tuan@example.com",
        password: "secret1",
      })
    ).id;
    const tu = createClient(server.url);
    await loginAs(tu, "tuan", "secret1");
    const png = await sharp({ create: { width: 40, height: 60, channels: 3, background: "#7a3e12" } })
      .png()
      .toBuffer();
    const withCover = await created(tu, "/api/books", {
      title: "Ảnh",
      coverImage: `data:image/png;base64,${png.toString("base64")}`,
    });
    const coverFile = path.join(server.dataDir, "media", "covers", `${withCover.coverImage.split(":").pop()}.webp`);
    expect(fs.existsSync(coverFile)).toBe(true);
    const tuTopic = await created(tu, `/api/books/${withCover.id}/topics`, { title: "Gia đình", description: "" });
    const story = await created(tu, `/api/topics/${tuTopic.id}/stories`, {
      title: "Ảnh cưới",
      content: "Ông bà cưới năm 1960.",
      status: "draft",
    });
    // Media uploads come with issue 5; the rows and files are made here the way it will store them.
    const files = path.join(server.dataDir, "media", "files");
    fs.mkdirSync(files, { recursive: true });
    const keys = [`${crypto.randomBytes(16).toString("hex")}.webp`, `${crypto.randomBytes(16).toString("hex")}.webm`];
    for (const [i, key] of keys.entries())
      await server.database.query(
        "insert into media (story_id, type, storage_key, mime_type, created_at) values (?, ?, ?, ?, ?)",
        [story.id, i ? "audio" : "image", key, i ? "audio/webm" : "image/webp", new Date()],
      );
    for (const key of keys) fs.writeFileSync(path.join(files, key), "bytes");

    // The page warns first.
    const warning = await (await admin.get(`/admin?tab=users&dialog=delete-user&id=${id}`)).text();
    expect(warning).toContain("cannot be undone");
    expect(warning).toContain("media files");

    expect((await admin.request(`/api/admin/users/${id}`, { method: "DELETE" })).status).toBe(200);
    for (const key of keys) expect(fs.existsSync(path.join(files, key)), key).toBe(false);
    expect(fs.existsSync(coverFile)).toBe(false);
    expect((await tu.get("/api/me")).status).toBe(401);
    expect((await (await admin.get(`/api/admin/books?user=${id}`)).json()).total).toBe(0);
    // count(*) is a number in SQLite and a string (bigint) in PostgreSQL.
    const count = async (sql: string, id: number) => ({
      n: Number((await server.database.query<{ n: number | string }>(sql, [id]))[0]!.n),
    });
    const left = {
      topics: await count("select count(*) as n from topics where id = ?", tuTopic.id),
      stories: await count("select count(*) as n from stories where id = ?", story.id),
      media: await count("select count(*) as n from media where story_id = ?", story.id),
      sessions: await count("select count(*) as n from sessions where user_id = ?", id),
    };
    expect(left).toEqual({ topics: { n: 0 }, stories: { n: 0 }, media: { n: 0 }, sessions: { n: 0 } });
    const log = await (await admin.get("/api/admin/users/1/activities")).json();
    expect(log.activities[0]).toMatchObject({ action: "delete", resource: "user", details: { id, username: "tuan" } });
  });
});
