import { beforeAll, describe, expect, it } from "vitest";
import { db, transaction } from "~db/client.server";
import { books, topics } from "~db/schema";
import { seedContent } from "../../tests/support/seed-content";
import { logActivity } from "./activity.server";
import {
  adminOverview,
  contentTree,
  getSavedPreview,
  getUserRow,
  listAdminBooks,
  listAdminStories,
  listAdminTopics,
  listBookLanguages,
  listExplorerUsers,
  listUserActivities,
  listUserOptions,
  listUsers,
} from "./admin.server";
import { createUser, ensureAdmin, recordLogin } from "./user.server";
import { eq } from "drizzle-orm";

const usersQuery = { q: "", sort: "id", dir: "asc", role: "all", page: 1, pageSize: 20 } as const;
const booksQuery = { q: "", sort: "createdAt", dir: "desc", page: 1, pageSize: 20 } as const;
const listQuery = { q: "", page: 1, pageSize: 20 };

let seeded: number[];
beforeAll(async () => {
  await ensureAdmin("admin-pass");
  // 3 users × 4 books × 3 topics × 4 stories, 2 media rows per story; story text 300 characters.
  seeded = (
    await seedContent({
      prefix: "kin",
      users: 3,
      booksPerUser: 4,
      topicsPerBook: 3,
      storiesPerTopic: 4,
      mediaPerStory: 2,
    })
  ).userIds;
});

describe("admin users list", () => {
  it("counts books per user, filters by role and search, sorts and paginates in SQL", async () => {
    const a = await createUser({ username: "cuong", email: "c@example.com", password: "secret1" });
    const b = await createUser({
      username: "binh",
      email: "b@example.com",
      password: "secret1",
      displayName: "Bình An",
    });
    await db()
      .insert(books)
      .values([
        { userId: a.id, title: "One" },
        { userId: a.id, title: "Two" },
        { userId: b.id, title: "Three" },
      ]);
    await recordLogin(b.id);

    const all = await listUsers(usersQuery);
    expect(all.total).toBe(6);
    expect(all.users.map((u) => [u.username, u.bookCount])).toEqual([
      ["admin", 0],
      ["kin0", 4],
      ["kin1", 4],
      ["kin2", 4],
      ["cuong", 2],
      ["binh", 1],
    ]);
    expect(all.users[0]!.isAdmin).toBe(true);
    expect((await listUsers({ ...usersQuery, role: "admin" })).users.map((u) => u.username)).toEqual(["admin"]);
    expect((await listUsers({ ...usersQuery, role: "user" })).total).toBe(5);
    expect((await listUsers({ ...usersQuery, q: "bình" })).users.map((u) => u.username)).toEqual(["binh"]);
    expect((await listUsers({ ...usersQuery, q: "c@EXAMPLE" })).users.map((u) => u.username)).toEqual(["cuong"]);
    // A % or _ in the search is taken literally.
    expect((await listUsers({ ...usersQuery, q: "%" })).total).toBe(0);
    expect((await listUsers({ ...usersQuery, sort: "username", dir: "desc" })).users.map((u) => u.username)).toEqual([
      "kin2",
      "kin1",
      "kin0",
      "cuong",
      "binh",
      "admin",
    ]);
    expect((await listUsers({ ...usersQuery, sort: "lastLoginAt", dir: "desc" })).users[0]!.username).toBe("binh");
    const page2 = await listUsers({ ...usersQuery, pageSize: 4, page: 2 });
    expect(page2.users.map((u) => u.username)).toEqual(["cuong", "binh"]);
    expect(page2.pages).toBe(2);
    // Past the last page: the last page.
    expect((await listUsers({ ...usersQuery, pageSize: 4, page: 9 })).page).toBe(2);
    expect((await getUserRow(a.id))?.bookCount).toBe(2);
    expect(await getUserRow(9999)).toBeNull();
    expect((await listUserOptions()).map((u) => u.username)).toEqual([
      "admin",
      "binh",
      "cuong",
      "kin0",
      "kin1",
      "kin2",
    ]);
    expect(JSON.stringify([all, await getUserRow(a.id), await listUserOptions()])).not.toMatch(/password|argon2|hash/i);
  });
});

describe("admin tables", () => {
  it("books: language and user filters, search, sorting both ways, pages with a total", async () => {
    const all = await listAdminBooks(booksQuery);
    expect(all.total).toBe(15);
    expect(all.books[0]!.title).toBe("Three");
    const mine = await listAdminBooks({ ...booksQuery, userId: seeded[1] });
    expect(mine.total).toBe(4);
    expect(mine.books.every((b) => b.owner === "kin1")).toBe(true);
    const english = await listAdminBooks({ ...booksQuery, language: "en", userId: seeded[0] });
    expect(english.books.map((b) => b.title)).toEqual(["kin book 0-3", "kin book 0-1"]);
    expect(
      (await listAdminBooks({ ...booksQuery, sort: "title", dir: "asc" })).books.map((b) => b.title).slice(0, 4),
    ).toEqual(["One", "Three", "Two", "kin book 0-0"]);
    expect((await listAdminBooks({ ...booksQuery, sort: "title", dir: "desc" })).books[0]!.title).toBe("kin book 2-3");
    expect((await listAdminBooks({ ...booksQuery, sort: "language", dir: "desc" })).books[0]!.language).toBe("vi");
    expect((await listAdminBooks({ ...booksQuery, q: "about book 2-1" })).books.map((b) => b.title)).toEqual([
      "kin book 2-1",
    ]);
    const page = await listAdminBooks({ ...booksQuery, pageSize: 6, page: 3 });
    expect([page.books.length, page.total, page.pages]).toEqual([3, 15, 3]);
    expect(await listBookLanguages()).toEqual(["en", "vi"]);
  });

  it("topics and stories: the user filter, the search, story counts and 100 characters of text", async () => {
    const topicList = await listAdminTopics({ ...listQuery, userId: seeded[2] });
    expect(topicList.total).toBe(12);
    expect(topicList.topics[0]).toMatchObject({ title: "kin topic 2-3-2", bookTitle: "kin book 2-3", storyCount: 4 });
    expect((await listAdminTopics({ ...listQuery, q: "topic 0-0-1" })).topics.map((t) => t.id)).toHaveLength(1);

    const storyList = await listAdminStories({ ...listQuery, userId: seeded[0], pageSize: 5 });
    expect(storyList.total).toBe(48);
    expect(storyList.pages).toBe(10);
    const first = storyList.stories[0]!;
    expect(first).toMatchObject({ title: "kin story 0-3-2-3", topicTitle: "kin topic 0-3-2" });
    expect(first.content).toHaveLength(101);
    expect((await listAdminStories({ ...listQuery, q: "story 1-2-0-0" })).total).toBe(1);
    expect((await listAdminStories({ ...listQuery, q: "words3" })).total).toBe(36);
  });

  it("overview: four totals and the five latest books and users", async () => {
    const { totals, latestBooks, latestUsers } = await adminOverview("");
    expect(totals).toEqual({ users: 6, books: 15, topics: 36, stories: 144 });
    expect(latestBooks.map((b) => b.title)).toEqual(["Three", "Two", "One", "kin book 2-3", "kin book 2-2"]);
    expect(latestBooks[3]).toMatchObject({ language: "en", owner: "kin2" });
    expect(latestUsers.map((u) => u.username)).toEqual(["binh", "cuong", "admin", "kin2", "kin1"]);
    expect((await adminOverview("kin1")).latestUsers.map((u) => u.username)).toEqual(["kin1"]);
  });

  it("activities: newest first, paginated", async () => {
    const userId = seeded[0]!;
    await transaction(async (tx) => {
      for (let i = 0; i < 25; i++)
        await logActivity(tx, { userId, action: "update", resource: "book", details: { id: i } });
      await logActivity(tx, { userId, action: "login", resource: "session", details: "from the test" });
    });
    const first = await listUserActivities({ userId, page: 1, pageSize: 20 });
    expect([first.total, first.pages, first.activities.length]).toEqual([26, 2, 20]);
    expect(first.activities[0]).toMatchObject({ action: "login", resource: "session", details: "from the test" });
    expect(first.activities[0]!.timestamp).toBeInstanceOf(Date);
    expect(Object.keys(first.activities[0]!).sort()).toEqual(["action", "details", "id", "resource", "timestamp"]);
    expect((await listUserActivities({ userId, page: 2, pageSize: 20 })).activities.at(-1)!.details).toEqual({ id: 0 });
  });

  it("saved preview: null for a missing topic or one never saved, else its text (an empty one too)", async () => {
    const [withPreview, without] = (
      await listAdminTopics({
        ...listQuery,
        userId: seeded[0],
        q: "topic 0-0-",
      })
    ).topics.sort((a, b) => a.id - b.id);
    expect(await getSavedPreview(withPreview!.id)).toMatchObject({
      title: "kin topic 0-0-0",
      preview: "The story of topic 0",
    });
    expect(await getSavedPreview(without!.id)).toBeNull();
    expect(await getSavedPreview(999_999)).toBeNull();
    await db().update(topics).set({ preview: "" }).where(eq(topics.id, without!.id));
    expect((await getSavedPreview(without!.id))?.preview).toBe("");
    await db().update(topics).set({ preview: null }).where(eq(topics.id, without!.id));
  });
});

describe("the content explorer", () => {
  it("searches users by name, email and the titles of their books, topics and stories", async () => {
    const find = async (q: string) => (await listExplorerUsers({ ...listQuery, q })).users.map((u) => u.username);
    expect(await find("")).toHaveLength(6);
    expect(await find("kin book 1-2")).toEqual(["kin1"]);
    expect(await find("topic 2-0-1")).toEqual(["kin2"]);
    expect(await find("story 0-1-1-1")).toEqual(["kin0"]);
    expect(await find("b@example")).toEqual(["binh"]);
    expect((await listExplorerUsers({ ...listQuery, userId: seeded[1] })).users).toEqual([
      expect.objectContaining({ username: "kin1", bookCount: 4 }),
    ]);
  });

  it("cuts every level per parent, opens more of one book and one topic, and gives one story's full text", async () => {
    const [u0, u1] = seeded as [number, number];
    const small = await contentTree([u0, u1], { booksPerUser: 2, topicsPerBook: 2, storiesPerTopic: 3 });
    const books0 = small(u0);
    expect(books0.map((b) => b.title)).toEqual(["kin book 0-3", "kin book 0-2"]);
    expect(small(u1)).toHaveLength(2);
    const book = books0[0]!;
    expect(book.topicCount).toBe(3);
    expect(book.topics.map((t) => t.title)).toEqual(["kin topic 0-3-0", "kin topic 0-3-1"]);
    expect(book.topics.map((t) => t.hasPreview)).toEqual([true, false]);
    const topic = book.topics[0]!;
    expect([topic.storyCount, topic.stories.length]).toEqual([4, 3]);
    const story = topic.stories[0]!;
    expect(story.excerpt).toHaveLength(81);
    expect(story.content).toBeNull();
    expect(story.mediaCount).toBe(2);
    expect(story.media.map((m) => m.type)).toEqual(["image", "audio"]);
    expect(story.createdAt).toBeInstanceOf(Date);

    const open = await contentTree([u0], {
      booksPerUser: 2,
      bookOffset: 2,
      topicsPerBook: 1,
      storiesPerTopic: 1,
      openBookId: books0[0]!.id,
      openTopicId: topic.id,
      storyId: story.id,
    });
    // The second page of books: the open book is not on it, so only its own caps apply there.
    expect(open(u0).map((b) => b.title)).toEqual(["kin book 0-1", "kin book 0-0"]);
    const opened = (
      await contentTree([u0], {
        booksPerUser: 1,
        topicsPerBook: 1,
        storiesPerTopic: 1,
        openBookId: book.id,
        openTopicId: topic.id,
        storyId: story.id,
      })
    )(u0)[0]!;
    expect(opened.topics).toHaveLength(3);
    expect(opened.topics[0]!.stories).toHaveLength(4);
    expect(opened.topics[1]!.stories).toHaveLength(1);
    expect(opened.topics[0]!.stories[0]!.content).toHaveLength(300);
    expect(opened.topics[0]!.stories[1]!.content).toBeNull();
    expect((await contentTree([], { booksPerUser: 1, topicsPerBook: 1, storiesPerTopic: 1 }))(u0)).toEqual([]);
  });
});
