import { describe, expect, it } from "vitest";
import { db } from "~db/client.server";
import { media, questions, stories } from "~db/schema";
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
  hasAudio: false,
  hasImages: false,
  ...extra,
});

async function setup(name: string) {
  const user = await createUser({ username: name, email: `${name}@example.com`, password: "secret1" });
  const book = createBook({
    userId: user.id,
    input: { title: `${name}'s book`, description: "", tone: "", language: "en", coverImage: null },
  });
  return { user, book };
}

describe("topics", () => {
  it("are created at the end, updated, archived, and only by the owner", async () => {
    const { user, book } = await setup("lan");
    const other = await createUser({ username: "minh", email: "minh@example.com", password: "secret1" });
    const a = createTopic({ bookId: book.id, userId: user.id, input: { title: "A", description: "" } });
    const b = createTopic({ bookId: book.id, userId: user.id, input: { title: "B", description: "d" } });
    expect([a.position, b.position]).toEqual([0, 1]);
    expect(() => createTopic({ bookId: book.id, userId: other.id, input: { title: "X", description: "" } })).toThrow(
      expect.objectContaining({ status: 404 }),
    );
    expect(getTopic({ topicId: a.id, userId: other.id })).toBeNull();
    expect(() => updateTopic({ topicId: a.id, userId: other.id, changes: { title: "Taken" } })).toThrow(
      expect.objectContaining({ status: 404 }),
    );
    expect(updateTopic({ topicId: a.id, userId: user.id, changes: { preview: "Draft narrative" } }).preview).toBe(
      "Draft narrative",
    );
    updateTopic({ topicId: b.id, userId: user.id, changes: { archived: true } });
    expect(listBookTopics({ bookId: book.id }).map((t) => t.title)).toEqual(["A"]);
    expect(listBookTopics({ bookId: book.id, includeArchived: true }).map((t) => t.title)).toEqual(["A", "B"]);
  });

  it("reorder only with exactly the book's own ids", async () => {
    const { user, book } = await setup("hoa");
    const other = await setup("tuan");
    const [a, b, c] = ["A", "B", "C"].map((title) =>
      createTopic({ bookId: book.id, userId: user.id, input: { title, description: "" } }),
    );
    const foreign = createTopic({
      bookId: other.book.id,
      userId: other.user.id,
      input: { title: "F", description: "" },
    });
    reorderTopics({ bookId: book.id, userId: user.id, topicIds: [c!.id, a!.id, b!.id] });
    expect(listBookTopics({ bookId: book.id }).map((t) => t.title)).toEqual(["C", "A", "B"]);
    for (const topicIds of [
      [c!.id, a!.id],
      [c!.id, a!.id, b!.id, foreign.id],
      [c!.id, a!.id, foreign.id],
      [a!.id, a!.id, b!.id],
    ]) {
      expect(() => reorderTopics({ bookId: book.id, userId: user.id, topicIds })).toThrow(
        expect.objectContaining({ status: 400 }),
      );
    }
    expect(() => reorderTopics({ bookId: other.book.id, userId: user.id, topicIds: [foreign.id] })).toThrow(
      expect.objectContaining({ status: 404 }),
    );
    expect(listBookTopics({ bookId: book.id }).map((t) => t.title)).toEqual(["C", "A", "B"]);
    expect(listBookTopics({ bookId: other.book.id }).map((t) => t.position)).toEqual([0]);
  });

  it("deleting one removes its stories, questions and media rows, and reports the files", async () => {
    const { user, book } = await setup("mai");
    const topic = createTopic({ bookId: book.id, userId: user.id, input: { title: "T", description: "" } });
    const [q] = addQuestions({ topicId: topic.id, userId: user.id, texts: ["Where?"], source: "custom" });
    const s = createStory({ topicId: topic.id, userId: user.id, input: story("S", { questionId: q!.id }) });
    db()
      .insert(media)
      .values({
        storyId: s.id,
        type: "image",
        storageKey: "0123456789abcdef0123456789abcdef.webp",
        mimeType: "image/webp",
      })
      .run();
    const { mediaKeys } = deleteTopic({ topicId: topic.id, userId: user.id });
    expect(mediaKeys).toEqual(["0123456789abcdef0123456789abcdef.webp"]);
    expect(
      db()
        .select()
        .from(stories)
        .all()
        .filter((r) => r.topicId === topic.id),
    ).toEqual([]);
    expect(
      db()
        .select()
        .from(questions)
        .all()
        .filter((r) => r.topicId === topic.id),
    ).toEqual([]);
    expect(
      db()
        .select()
        .from(media)
        .all()
        .filter((r) => r.storyId === s.id),
    ).toEqual([]);
  });
});

describe("stories", () => {
  it("need a title and text or media, a question of their own topic, and an owner", async () => {
    const { user, book } = await setup("an");
    const other = await createUser({ username: "binh", email: "binh@example.com", password: "secret1" });
    const topic = createTopic({ bookId: book.id, userId: user.id, input: { title: "T", description: "" } });
    const elsewhere = createTopic({ bookId: book.id, userId: user.id, input: { title: "U", description: "" } });
    const [q] = addQuestions({ topicId: elsewhere.id, userId: user.id, texts: ["Who?"], source: "custom" });
    expect(() => createStory({ topicId: topic.id, userId: user.id, input: story("Empty", { content: "  " }) })).toThrow(
      expect.objectContaining({ messageKey: "stories.contentRequired" }),
    );
    expect(
      createStory({ topicId: topic.id, userId: user.id, input: story("Photo only", { content: "", hasImages: true }) })
        .hasImages,
    ).toBe(true);
    expect(() =>
      createStory({ topicId: topic.id, userId: user.id, input: story("Wrong q", { questionId: q!.id }) }),
    ).toThrow(expect.objectContaining({ messageKey: "stories.questionNotInTopic" }));
    expect(() => createStory({ topicId: topic.id, userId: other.id, input: story("Intruder") })).toThrow(
      expect.objectContaining({ status: 404 }),
    );
    const s = createStory({ topicId: topic.id, userId: user.id, input: story("Mine") });
    expect(getStory({ storyId: s.id, userId: other.id })).toBeNull();
    expect(() => updateStory({ storyId: s.id, userId: other.id, input: story("Taken") })).toThrow(
      expect.objectContaining({ status: 404 }),
    );
    expect(() => deleteStory({ storyId: s.id, userId: other.id })).toThrow(expect.objectContaining({ status: 404 }));
    expect(updateStory({ storyId: s.id, userId: user.id, input: story("Mine", { status: "published" }) }).status).toBe(
      "published",
    );
    expect(getBook({ bookId: book.id, userId: user.id })?.storyCount).toBe(2);
  });

  it("answer questions, reorder within their topic only, and list in book order", async () => {
    const { user, book } = await setup("khoa");
    const t1 = createTopic({ bookId: book.id, userId: user.id, input: { title: "T1", description: "" } });
    const t2 = createTopic({ bookId: book.id, userId: user.id, input: { title: "T2", description: "" } });
    const [q1, q2] = addQuestions({
      topicId: t1.id,
      userId: user.id,
      texts: ["First?", "Second?"],
      source: "generated",
    });
    const a = createStory({ topicId: t1.id, userId: user.id, input: story("a", { questionId: q1!.id }) });
    const b = createStory({ topicId: t1.id, userId: user.id, input: story("b") });
    const c = createStory({ topicId: t2.id, userId: user.id, input: story("c") });
    expect(listQuestions({ topicId: t1.id }).map((q) => [q.question, q.answered])).toEqual([
      ["First?", true],
      ["Second?", false],
    ]);
    reorderStories({ topicId: t1.id, userId: user.id, storyIds: [b.id, a.id] });
    expect(listTopicStories({ topicId: t1.id }).map((s) => s.title)).toEqual(["b", "a"]);
    expect(() => reorderStories({ topicId: t1.id, userId: user.id, storyIds: [b.id, a.id, c.id] })).toThrow(
      expect.objectContaining({ status: 400 }),
    );
    expect(listBookStories({ bookId: book.id, userId: user.id }).map((s) => s.title)).toEqual(["b", "a", "c"]);

    // Regenerating keeps answered questions and replaces the rest.
    replaceUnansweredQuestions({ topicId: t1.id, userId: user.id, texts: ["Third?", "Fourth?"] });
    expect(listQuestions({ topicId: t1.id }).map((q) => q.question)).toEqual(["First?", "Third?", "Fourth?"]);
    expect(q2).toBeDefined();
    expect(() => addQuestions({ topicId: t1.id, userId: user.id, texts: ["   "], source: "custom" })).toThrow(
      expect.objectContaining({ messageKey: "questions.blank" }),
    );
  });
});

describe("a topic or story of one book", () => {
  it("is found only in its own book and for its owner: another book's, even the same user's, is null", async () => {
    const { user, book } = await setup("inbook");
    const second = createBook({
      userId: user.id,
      input: { title: "Second", description: "", tone: "", language: "en", coverImage: null },
    });
    const stranger = await createUser({ username: "stranger", email: "stranger@example.com", password: "secret1" });
    const topic = createTopic({ bookId: book.id, userId: user.id, input: { title: "Childhood", description: "" } });
    const written = createStory({ topicId: topic.id, userId: user.id, input: story("The river") });

    expect(getTopicInBook({ topicId: topic.id, bookId: book.id, userId: user.id })?.title).toBe("Childhood");
    expect(getTopicInBook({ topicId: topic.id, bookId: second.id, userId: user.id })).toBeNull();
    expect(getTopicInBook({ topicId: topic.id, bookId: book.id, userId: stranger.id })).toBeNull();
    expect(getTopicInBook({ topicId: -1, bookId: book.id, userId: user.id })).toBeNull();

    expect(getStoryInBook({ storyId: written.id, bookId: book.id, userId: user.id })?.title).toBe("The river");
    expect(getStoryInBook({ storyId: written.id, bookId: second.id, userId: user.id })).toBeNull();
    expect(getStoryInBook({ storyId: written.id, bookId: book.id, userId: stranger.id })).toBeNull();
  });
});
