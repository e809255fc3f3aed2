import { count, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, transaction } from "~db/client.server";
import { activities, books, stories, users } from "~db/schema";
import { inBookChange, logBookChange } from "./activity.server";
import { copyBook, createBook, deleteBook, updateBook } from "./book.server";
import { addQuestions, replaceUnansweredQuestions } from "./question.server";
import { createSession, deleteSession } from "./session.server";
import { createStory, deleteStory, reorderStories, updateStory } from "./story.server";
import { createTopics, deleteTopic, reorderTopics, updateTopic } from "./topic.server";
import { createUser, deleteUser, ensureAdmin, recordLogin, updateProfile, updateUser } from "./user.server";

const total = async (userId: number) =>
  (await db().select({ n: count() }).from(activities).where(eq(activities.userId, userId)))[0]!.n;
const newest = async (userId: number) =>
  (await db().select().from(activities).where(eq(activities.userId, userId)).orderBy(desc(activities.id)).limit(1))[0]!;

/** Runs one model call and checks it wrote exactly one activity: who did what to what. */
async function once<T>(
  work: () => T | Promise<T>,
  expected: { userId: number; action: string; resource: string; details?: unknown },
): Promise<T> {
  const before = await total(expected.userId);
  const result = await work();
  expect((await total(expected.userId)) - before, `${expected.action} ${expected.resource}`).toBe(1);
  expect(await newest(expected.userId)).toMatchObject(
    expected.details === undefined ? { ...expected, details: expect.anything() } : expected,
  );
  return result;
}

const bookInput = { title: "Our family", description: "", tone: "", language: "en" as const, coverImage: null };
const storyInput = {
  title: "The river",
  content: "We swam there.",
  status: "draft" as const,
};

describe("activities", () => {
  it(
    "records every sign-in, sign-out and change of a user, " + "book, topic, question and story once, with who did it",
    async () => {
      await ensureAdmin("admin-pass");
      const admin = (await db().select().from(users).where(eq(users.username, "admin")))[0]!;
      const lan = await once(
        () => createUser({ username: "lan", email: "lan@example.com", password: "secret1" }, admin.id),
        {
          userId: admin.id,
          action: "create",
          resource: "user",
        },
      );
      await once(() => updateUser(lan.id, { displayName: "Lan" }, admin.id), {
        userId: admin.id,
        action: "update",
        resource: "user",
        details: { id: lan.id, fields: ["displayName"] },
      });
      await once(() => updateProfile(lan, { email: "lan2@example.com", currentPassword: "secret1" }), {
        userId: lan.id,
        action: "update",
        resource: "user",
      });

      // Signing in and out (the login flow records the sign-in; ending a session records the sign-out).
      await once(() => recordLogin(lan.id), { userId: lan.id, action: "login", resource: "session", details: null });
      const token = await createSession({ userId: lan.id, persistent: false });
      await once(() => deleteSession(token), { userId: lan.id, action: "logout", resource: "session", details: null });
      const before = await total(lan.id);
      await deleteSession(token);
      expect(await total(lan.id), "an unknown session ends nothing and records nothing").toBe(before);

      const userId = lan.id;
      const book = await once(() => createBook({ userId, input: bookInput }), {
        userId,
        action: "create",
        resource: "book",
      });
      await once(() => updateBook({ bookId: book.id, userId, input: { ...bookInput, title: "Our family tree" } }), {
        userId,
        action: "update",
        resource: "book",
        details: { id: book.id, title: "Our family tree" },
      });
      const copy = await once(() => copyBook({ bookId: book.id, userId, suffix: " (Copy)" }), {
        userId,
        action: "copy",
        resource: "book",
      });

      const [a, b] = await once(
        async () =>
          await createTopics({
            bookId: book.id,
            userId,
            items: [
              { title: "Childhood", description: "" },
              { title: "Work", description: "" },
            ],
          }),
        {
          userId,
          action: "create",
          resource: "topic",
        },
      );
      expect((await newest(userId)).details).toMatchObject({ bookId: book.id, count: 2 });
      await once(() => updateTopic({ topicId: a!.id, userId, changes: { description: "Early years" } }), {
        userId,
        action: "update",
        resource: "topic",
      });
      await once(() => updateTopic({ topicId: b!.id, userId, changes: { archived: true } }), {
        userId,
        action: "archive",
        resource: "topic",
      });
      await once(() => reorderTopics({ bookId: book.id, userId, topicIds: [b!.id, a!.id] }), {
        userId,
        action: "reorder",
        resource: "topic",
      });

      const [question] = await once(
        () => addQuestions({ topicId: a!.id, userId, texts: ["Where did you grow up?"], source: "custom" }),
        { userId, action: "create", resource: "question" },
      );
      await once(() => replaceUnansweredQuestions({ topicId: a!.id, userId, texts: ["Who were your friends?"] }), {
        userId,
        action: "regenerate",
        resource: "question",
      });

      const story = await once(() => createStory({ topicId: a!.id, userId, input: storyInput }), {
        userId,
        action: "create",
        resource: "story",
      });
      const second = await once(
        () => createStory({ topicId: a!.id, userId, input: { ...storyInput, title: "School" } }),
        { userId, action: "create", resource: "story" },
      );
      await once(() => updateStory({ storyId: story.id, userId, input: { ...storyInput, status: "published" } }), {
        userId,
        action: "update",
        resource: "story",
        details: { id: story.id, status: "published" },
      });
      await once(() => reorderStories({ topicId: a!.id, userId, storyIds: [second.id, story.id] }), {
        userId,
        action: "reorder",
        resource: "story",
      });
      await once(() => deleteStory({ storyId: second.id, userId }), {
        userId,
        action: "delete",
        resource: "story",
        details: { id: second.id, title: "School" },
      });
      expect(question).toBeDefined();

      await once(() => deleteTopic({ topicId: a!.id, userId }), {
        userId,
        action: "delete",
        resource: "topic",
        details: { id: a!.id, title: "Childhood" },
      });
      await once(() => deleteBook({ bookId: copy.id, userId }), {
        userId,
        action: "delete",
        resource: "book",
        details: { id: copy.id, title: "Our family tree (Copy)" },
      });

      // The user's own rows go with them; the admin's record of the deletion stays.
      await once(() => deleteUser(lan.id, admin.id), {
        userId: admin.id,
        action: "delete",
        resource: "user",
        details: { id: lan.id, username: "lan" },
      });
      expect(await total(lan.id)).toBe(0);
    },
  );

  it("logs a change to a book with the book's time, both or neither, in one statement on PostgreSQL", async () => {
    const user = await createUser({ username: "mai", email: "mai@example.com", password: "secret1" });
    const book = await createBook({ userId: user.id, input: bookInput });
    const longAgo = new Date("2020-01-01T00:00:00Z");
    await db().update(books).set({ updatedAt: longAgo }).where(eq(books.id, book.id));
    const updatedAt = async () => (await db().select().from(books).where(eq(books.id, book.id)))[0]!.updatedAt;

    // A change that fails afterwards leaves neither the book's time nor the record.
    const before = await total(user.id);
    await expect(
      transaction(async (tx) => {
        await logBookChange(tx, book.id, { userId: user.id, action: "update", resource: "book", details: { n: 1 } });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await updatedAt()).toEqual(longAgo);
    expect(await total(user.id)).toBe(before);

    await transaction((tx) =>
      logBookChange(tx, book.id, { userId: user.id, action: "update", resource: "book", details: { n: 2 } }),
    );
    expect((await updatedAt()).getTime()).toBeGreaterThan(longAgo.getTime());
    expect(await total(user.id)).toBe(before + 1);
    expect(await newest(user.id)).toMatchObject({ action: "update", resource: "book", details: { n: 2 } });
  });

  it("writes a change that is one statement with the book's time and its record, all three or none", async () => {
    const user = await createUser({ username: "hoa", email: "hoa@example.com", password: "secret1" });
    const book = await createBook({ userId: user.id, input: bookInput });
    const [topic] = await createTopics({
      bookId: book.id,
      userId: user.id,
      items: [{ title: "Home", description: "" }],
    });
    const story = await createStory({ topicId: topic!.id, userId: user.id, input: storyInput });
    const longAgo = new Date("2020-01-01T00:00:00Z");
    await db().update(books).set({ updatedAt: longAgo }).where(eq(books.id, book.id));
    const updatedAt = async () => (await db().select().from(books).where(eq(books.id, book.id)))[0]!.updatedAt;
    const title = async () => (await db().select().from(stories).where(eq(stories.id, story.id)))[0]!.title;
    const change = { userId: user.id, action: "update", resource: "story", details: { id: story.id } };

    // The change's statement fails (a story needs a title): the book's time and the record are not written either.
    const before = await total(user.id);
    await expect(
      transaction(async (tx) =>
        (await inBookChange(tx, book.id, change))
          .update(stories)
          .set({ title: sql`null` })
          .where(eq(stories.id, story.id)),
      ),
    ).rejects.toThrow();
    expect(await updatedAt()).toEqual(longAgo);
    expect(await total(user.id)).toBe(before);
    expect(await title()).toBe("The river");

    const [saved] = await transaction(async (tx) =>
      (await inBookChange(tx, book.id, change))
        .update(stories)
        .set({ title: "The old river" })
        .where(eq(stories.id, story.id))
        .returning(),
    );
    expect(saved).toMatchObject({ id: story.id, title: "The old river", content: "We swam there." });
    expect(await title()).toBe("The old river");
    expect((await updatedAt()).getTime()).toBeGreaterThan(longAgo.getTime());
    expect(await total(user.id)).toBe(before + 1);
    expect(await newest(user.id)).toMatchObject(change);
  });
});
