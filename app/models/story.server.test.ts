import { count, desc, eq, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { db, selectRows, transaction } from "~db/client.server";
import { databaseDialect } from "~db/dialect";
import { activities, books, media, questions, stories } from "~db/schema";
import { createBook, getBook } from "./book.server";
import { addQuestions, listQuestions, replaceUnansweredQuestions } from "./question.server";
import {
  createStory,
  deleteStory,
  getStory,
  getStoryInBook,
  listBookStories,
  listTopicStories,
  reorderStories,
  updateStory,
} from "./story.server";
import {
  createTopic,
  deleteTopic,
  getTopic,
  getTopicInBook,
  listBookTopics,
  reorderTopics,
  updateTopic,
} from "./topic.server";
import { createUser } from "./user.server";

const story = (title: string, extra: Partial<Parameters<typeof createStory>[0]["input"]> = {}) => ({
  title,
  content: "Some text",
  status: "draft" as const,
  ...extra,
});

async function setup(name: string) {
  const user = await createUser({ username: name, email: `${name}@example.com`, password: "secret1" });
  const book = await createBook({
    userId: user.id,
    input: { title: `${name}'s book`, description: "", tone: "", language: "en", coverImage: null },
  });
  return { user, book };
}

describe("topics", () => {
  it("are created at the end, updated, archived, and only by the owner", async () => {
    const { user, book } = await setup("lan");
    const other = await createUser({ username: "minh", email: "minh@example.com", password: "secret1" });
    const a = await createTopic({ bookId: book.id, userId: user.id, input: { title: "A", description: "" } });
    const b = await createTopic({ bookId: book.id, userId: user.id, input: { title: "B", description: "d" } });
    expect([a.position, b.position]).toEqual([0, 1]);
    await expect(
      createTopic({ bookId: book.id, userId: other.id, input: { title: "X", description: "" } }),
    ).rejects.toThrow(expect.objectContaining({ status: 404 }));
    expect(await getTopic({ topicId: a.id, userId: other.id })).toBeNull();
    await expect(updateTopic({ topicId: a.id, userId: other.id, changes: { title: "Taken" } })).rejects.toThrow(
      expect.objectContaining({ status: 404 }),
    );
    expect(
      (await updateTopic({ topicId: a.id, userId: user.id, changes: { preview: "Draft narrative" } })).preview,
    ).toBe("Draft narrative");
    await updateTopic({ topicId: b.id, userId: user.id, changes: { archived: true } });
    expect((await listBookTopics({ bookId: book.id })).map((t) => t.title)).toEqual(["A"]);
    expect((await listBookTopics({ bookId: book.id, includeArchived: true })).map((t) => t.title)).toEqual(["A", "B"]);
  });

  it("reorder only with exactly the book's own ids", async () => {
    const { user, book } = await setup("hoa");
    const other = await setup("tuan");
    const created = [];
    for (const title of ["A", "B", "C"])
      created.push(await createTopic({ bookId: book.id, userId: user.id, input: { title, description: "" } }));
    const [a, b, c] = created;
    const foreign = await createTopic({
      bookId: other.book.id,
      userId: other.user.id,
      input: { title: "F", description: "" },
    });
    await reorderTopics({ bookId: book.id, userId: user.id, topicIds: [c!.id, a!.id, b!.id] });
    expect((await listBookTopics({ bookId: book.id })).map((t) => t.title)).toEqual(["C", "A", "B"]);
    for (const topicIds of [
      [c!.id, a!.id],
      [c!.id, a!.id, b!.id, foreign.id],
      [c!.id, a!.id, foreign.id],
      [a!.id, a!.id, b!.id],
    ]) {
      await expect(reorderTopics({ bookId: book.id, userId: user.id, topicIds })).rejects.toThrow(
        expect.objectContaining({ status: 400 }),
      );
    }
    await expect(reorderTopics({ bookId: other.book.id, userId: user.id, topicIds: [foreign.id] })).rejects.toThrow(
      expect.objectContaining({ status: 404 }),
    );
    expect((await listBookTopics({ bookId: book.id })).map((t) => t.title)).toEqual(["C", "A", "B"]);
    expect((await listBookTopics({ bookId: other.book.id })).map((t) => t.position)).toEqual([0]);
  });

  it("deleting one removes its stories, questions and media rows, and reports the files", async () => {
    const { user, book } = await setup("mai");
    const topic = await createTopic({ bookId: book.id, userId: user.id, input: { title: "T", description: "" } });
    const [q] = await addQuestions({ topicId: topic.id, userId: user.id, texts: ["Where?"], source: "custom" });
    const s = await createStory({ topicId: topic.id, userId: user.id, input: story("S", { questionId: q!.id }) });
    await db().insert(media).values({
      storyId: s.id,
      type: "image",
      storageKey: "0123456789abcdef0123456789abcdef.webp",
      mimeType: "image/webp",
    });
    const { mediaKeys } = await deleteTopic({ topicId: topic.id, userId: user.id });
    expect(mediaKeys).toEqual(["0123456789abcdef0123456789abcdef.webp"]);
    expect((await db().select().from(stories)).filter((r) => r.topicId === topic.id)).toEqual([]);
    expect((await db().select().from(questions)).filter((r) => r.topicId === topic.id)).toEqual([]);
    expect((await db().select().from(media)).filter((r) => r.storyId === s.id)).toEqual([]);
  });
});

describe("stories", () => {
  it("need a title and text or media, a question of their own topic, and an owner", async () => {
    const { user, book } = await setup("an");
    const other = await createUser({ username: "binh", email: "binh@example.com", password: "secret1" });
    const topic = await createTopic({ bookId: book.id, userId: user.id, input: { title: "T", description: "" } });
    const elsewhere = await createTopic({ bookId: book.id, userId: user.id, input: { title: "U", description: "" } });
    const [q] = await addQuestions({ topicId: elsewhere.id, userId: user.id, texts: ["Who?"], source: "custom" });
    await expect(
      createStory({ topicId: topic.id, userId: user.id, input: story("Empty", { content: "  " }) }),
    ).rejects.toThrow(expect.objectContaining({ messageKey: "stories.contentRequired" }));
    // A recording sent with the save is its media: it may come without text. Its flags wait for the file itself.
    expect(
      await createStory({
        topicId: topic.id,
        userId: user.id,
        input: story("Recording only", { content: "", recordingAttached: true }),
      }),
    ).toMatchObject({ content: "", hasAudio: false, hasImages: false });
    await expect(
      createStory({ topicId: topic.id, userId: user.id, input: story("Wrong q", { questionId: q!.id }) }),
    ).rejects.toThrow(expect.objectContaining({ messageKey: "stories.questionNotInTopic" }));
    await expect(createStory({ topicId: topic.id, userId: other.id, input: story("Intruder") })).rejects.toThrow(
      expect.objectContaining({ status: 404 }),
    );
    const s = await createStory({ topicId: topic.id, userId: user.id, input: story("Mine") });
    expect(await getStory({ storyId: s.id, userId: other.id })).toBeNull();
    await expect(updateStory({ storyId: s.id, userId: other.id, input: story("Taken") })).rejects.toThrow(
      expect.objectContaining({ status: 404 }),
    );
    await expect(deleteStory({ storyId: s.id, userId: other.id })).rejects.toThrow(
      expect.objectContaining({ status: 404 }),
    );
    expect(
      (await updateStory({ storyId: s.id, userId: user.id, input: story("Mine", { status: "published" }) })).status,
    ).toBe("published");
    expect((await getBook({ bookId: book.id, userId: user.id }))?.storyCount).toBe(2);
  });

  it("answer questions, reorder within their topic only, and list in book order", async () => {
    const { user, book } = await setup("khoa");
    const t1 = await createTopic({ bookId: book.id, userId: user.id, input: { title: "T1", description: "" } });
    const t2 = await createTopic({ bookId: book.id, userId: user.id, input: { title: "T2", description: "" } });
    const [q1, q2] = await addQuestions({
      topicId: t1.id,
      userId: user.id,
      texts: ["First?", "Second?"],
      source: "generated",
    });
    const a = await createStory({ topicId: t1.id, userId: user.id, input: story("a", { questionId: q1!.id }) });
    const b = await createStory({ topicId: t1.id, userId: user.id, input: story("b") });
    const c = await createStory({ topicId: t2.id, userId: user.id, input: story("c") });
    expect((await listQuestions({ topicId: t1.id })).map((q) => [q.question, q.answered])).toEqual([
      ["First?", true],
      ["Second?", false],
    ]);
    await reorderStories({ topicId: t1.id, userId: user.id, storyIds: [b.id, a.id] });
    expect((await listTopicStories({ topicId: t1.id })).map((s) => s.title)).toEqual(["b", "a"]);
    await expect(reorderStories({ topicId: t1.id, userId: user.id, storyIds: [b.id, a.id, c.id] })).rejects.toThrow(
      expect.objectContaining({ status: 400 }),
    );
    expect((await listBookStories({ bookId: book.id, userId: user.id })).map((s) => s.title)).toEqual(["b", "a", "c"]);

    // Regenerating keeps answered questions and replaces the rest.
    await replaceUnansweredQuestions({ topicId: t1.id, userId: user.id, texts: ["Third?", "Fourth?"] });
    expect((await listQuestions({ topicId: t1.id })).map((q) => q.question)).toEqual(["First?", "Third?", "Fourth?"]);
    expect(q2).toBeDefined();
    await expect(addQuestions({ topicId: t1.id, userId: user.id, texts: ["   "], source: "custom" })).rejects.toThrow(
      expect.objectContaining({ messageKey: "questions.blank" }),
    );
  });
});

describe("a topic or story of one book", () => {
  it("is found only in its own book and for its owner: another book's, even the same user's, is null", async () => {
    const { user, book } = await setup("inbook");
    const second = await createBook({
      userId: user.id,
      input: { title: "Second", description: "", tone: "", language: "en", coverImage: null },
    });
    const stranger = await createUser({ username: "stranger", email: "stranger@example.com", password: "secret1" });
    const topic = await createTopic({
      bookId: book.id,
      userId: user.id,
      input: { title: "Childhood", description: "" },
    });
    const written = await createStory({ topicId: topic.id, userId: user.id, input: story("The river") });

    expect((await getTopicInBook({ topicId: topic.id, bookId: book.id, userId: user.id }))?.title).toBe("Childhood");
    expect(await getTopicInBook({ topicId: topic.id, bookId: second.id, userId: user.id })).toBeNull();
    expect(await getTopicInBook({ topicId: topic.id, bookId: book.id, userId: stranger.id })).toBeNull();
    expect(await getTopicInBook({ topicId: -1, bookId: book.id, userId: user.id })).toBeNull();

    expect((await getStoryInBook({ storyId: written.id, bookId: book.id, userId: user.id }))?.title).toBe("The river");
    expect(await getStoryInBook({ storyId: written.id, bookId: second.id, userId: user.id })).toBeNull();
    expect(await getStoryInBook({ storyId: written.id, bookId: book.id, userId: stranger.id })).toBeNull();
  });
});

describe("a save from a page of one book", () => {
  it("writes only its stories and topics: another book's, even the same user's, is a 404 and unchanged", async () => {
    const { user, book } = await setup("phuong");
    const second = await createBook({
      userId: user.id,
      input: { title: "Second", description: "", tone: "", language: "en", coverImage: null },
    });
    const topic = await createTopic({ bookId: book.id, userId: user.id, input: { title: "Home", description: "" } });
    const written = await createStory({ topicId: topic.id, userId: user.id, input: story("The river") });
    const notFound = (key: string) => expect.objectContaining({ status: 404, messageKey: key });
    // On PostgreSQL the save on its own changes nothing, and the transaction says why.
    await expect(
      updateStory({ storyId: written.id, userId: user.id, bookId: second.id, input: story("Moved") }),
    ).rejects.toThrow(notFound("stories.notFound"));
    await expect(
      createStory({ topicId: topic.id, userId: user.id, bookId: second.id, input: story("Elsewhere") }),
    ).rejects.toThrow(notFound("topics.notFound"));
    await expect(
      updateTopic({ topicId: topic.id, userId: user.id, bookId: second.id, changes: { title: "Moved" } }),
    ).rejects.toThrow(notFound("topics.notFound"));
    expect((await getStory({ storyId: written.id, userId: user.id }))?.title).toBe("The river");
    expect((await getTopic({ topicId: topic.id, userId: user.id }))?.title).toBe("Home");
    expect(await listTopicStories({ topicId: topic.id })).toHaveLength(1);
    // Its own book's are written as ever.
    const saved = await updateStory({ storyId: written.id, userId: user.id, bookId: book.id, input: story("Kept") });
    expect(saved.title).toBe("Kept");
  });
});

// A save is the write every storyteller's editor sends every few seconds: on PostgreSQL one statement on its own, with
// the transaction's checks in its WHERE (story.server.ts, saveOnItsOwn); on SQLite a transaction.
describe(`a story's save on ${databaseDialect()}`, () => {
  it("keeps the transaction's checks: what it refuses writes nothing, what it takes is written whole", async () => {
    const { user, book } = await setup("tam");
    const other = await createUser({ username: "vy", email: "vy@example.com", password: "secret1" });
    const topic = await createTopic({ bookId: book.id, userId: user.id, input: { title: "T", description: "" } });
    const elsewhere = await createTopic({ bookId: book.id, userId: user.id, input: { title: "U", description: "" } });
    const [own] = await addQuestions({ topicId: topic.id, userId: user.id, texts: ["When?"], source: "custom" });
    const [foreign] = await addQuestions({ topicId: elsewhere.id, userId: user.id, texts: ["Who?"], source: "custom" });
    const s = await createStory({ topicId: topic.id, userId: user.id, input: story("Mine") });
    const longAgo = new Date("2020-01-01T00:00:00Z");
    await db().update(books).set({ updatedAt: longAgo }).where(eq(books.id, book.id));
    const state = async () => ({
      story: (await db().select().from(stories).where(eq(stories.id, s.id)))[0],
      bookUpdatedAt: (await db().select().from(books).where(eq(books.id, book.id)))[0]!.updatedAt,
      records: (await db().select({ n: count() }).from(activities))[0]!.n,
    });
    const save = (input: Parameters<typeof story>[1], title = "Mine", userId = user.id, storyId = s.id) =>
      updateStory({ storyId, userId, input: story(title, input) });

    const before = await state();
    await expect(save({}, "Taken", other.id)).rejects.toThrow(expect.objectContaining({ status: 404 }));
    await expect(save({}, "Gone", user.id, s.id + 1000)).rejects.toThrow(expect.objectContaining({ status: 404 }));
    await expect(save({ content: " " })).rejects.toThrow(
      expect.objectContaining({ messageKey: "stories.contentRequired" }),
    );
    await expect(save({ questionId: foreign!.id })).rejects.toThrow(
      expect.objectContaining({ messageKey: "stories.questionNotInTopic" }),
    );
    expect(await state()).toEqual(before);

    // Its own question; then a refinement, kept while the text stays and dropped when it changes.
    expect(await save({ questionId: own!.id, refinedContent: "Some text." })).toMatchObject({
      questionId: own!.id,
      refinedContent: "Some text.",
    });
    expect(await save({}, "Renamed")).toMatchObject({
      title: "Renamed",
      questionId: null,
      refinedContent: "Some text.",
    });
    expect(await save({ content: "Other text" })).toMatchObject({ content: "Other text", refinedContent: null });
    // No text, but a photo of its own.
    await db().insert(media).values({
      storyId: s.id,
      type: "image",
      storageKey: "fedcba9876543210fedcba9876543210.webp",
      mimeType: "image/webp",
    });
    expect(await save({ content: "", status: "published" })).toMatchObject({ content: "", status: "published" });
    const after = await state();
    expect(after.story).toMatchObject({ title: "Mine", content: "", status: "published" });
    expect(after.bookUpdatedAt.getTime()).toBeGreaterThan(longAgo.getTime());
    expect(after.records).toBe(before.records + 4);
    expect(
      (await db().select().from(activities).where(eq(activities.userId, user.id)).orderBy(desc(activities.id)))[0],
    ).toMatchObject({ action: "update", resource: "story", details: { id: s.id, status: "published" } });
  });

  it("sent twenty at once for one story, keeps every one, each with its record", async () => {
    const { user, book } = await setup("hieu");
    const topic = await createTopic({ bookId: book.id, userId: user.id, input: { title: "T", description: "" } });
    const s = await createStory({ topicId: topic.id, userId: user.id, input: story("Draft") });
    const records = async () =>
      (await db().select({ n: count() }).from(activities).where(eq(activities.userId, user.id)))[0]!.n;
    const before = await records();
    const saved = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        updateStory({ storyId: s.id, userId: user.id, input: story("Draft", { content: `Version ${i}` }) }),
      ),
    );
    expect(saved.map((row) => row.content)).toEqual(Array.from({ length: 20 }, (_, i) => `Version ${i}`));
    expect(await records()).toBe(before + 20);
    expect(saved.map((row) => row.content)).toContain((await getStory({ storyId: s.id, userId: user.id }))!.content);
  });

  // The statement saw the question; its deletion commits while the save waits on the question's row to check its key.
  it.skipIf(databaseDialect() !== "postgresql")(
    "says the question is gone when it is deleted while a save naming it waits to commit, and writes nothing",
    async () => {
      const { user, book } = await setup("quy");
      const topic = await createTopic({ bookId: book.id, userId: user.id, input: { title: "T", description: "" } });
      const [q] = await addQuestions({ topicId: topic.id, userId: user.id, texts: ["Why?"], source: "custom" });
      const s = await createStory({ topicId: topic.id, userId: user.id, input: story("Draft") });
      const records = async () =>
        (await db().select({ n: count() }).from(activities).where(eq(activities.userId, user.id)))[0]!.n;
      const before = await records();
      const deleting = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await deleting.connect();
      try {
        await deleting.query("begin");
        await deleting.query("delete from questions where id = $1", [q!.id]);
        const save = updateStory({ storyId: s.id, userId: user.id, input: story("Answer", { questionId: q!.id }) });
        const outcome = save.then(
          () => null,
          (error: unknown) => error,
        );
        const waiting = async () =>
          (
            await selectRows<{ n: string }>(
              sql`select count(*) as n from pg_stat_activity
                where wait_event_type = 'Lock' and datname = current_database()`,
            )
          )[0]!.n !== "0";
        while (!(await waiting())) await new Promise((resolve) => setTimeout(resolve, 5));
        await deleting.query("commit");
        expect(await outcome).toMatchObject({ status: 400, messageKey: "stories.questionNotInTopic" });
      } finally {
        await deleting.end();
      }
      expect(await getStory({ storyId: s.id, userId: user.id })).toMatchObject({ title: "Draft", questionId: null });
      expect(await records()).toBe(before);
    },
  );

  // The transaction here waits for the save: had the save waited for its turn, behind it, neither would end.
  it.skipIf(databaseDialect() !== "postgresql")("does not wait for the transactions queued before it", async () => {
    const { user, book } = await setup("nhan");
    const topic = await createTopic({ bookId: book.id, userId: user.id, input: { title: "T", description: "" } });
    const s = await createStory({ topicId: topic.id, userId: user.id, input: story("Draft") });
    let handOver!: (save: Promise<unknown>) => void;
    const handed = new Promise<unknown>((resolve) => {
      handOver = resolve;
    });
    const held = transaction(() => handed);
    const save = updateStory({ storyId: s.id, userId: user.id, input: story("Saved") });
    handOver(save);
    const [saved] = await Promise.all([save, held]);
    expect(saved.title).toBe("Saved");
  });
});
