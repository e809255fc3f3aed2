import { describe, expect, it } from "vitest";
import { db } from "~db/client.server";
import { media, questions, stories, topics } from "~db/schema";
import { getUserRow } from "./admin.server";
import { copyBook, createBook, deleteBook, getBook, listBooks, listBookTitles, updateBook } from "./book.server";
import { listSuggestedActions } from "./question.server";
import { listLibraryStories } from "./story.server";
import { createTopics, listBookTopics, listLibraryTopics } from "./topic.server";
import { createUser } from "./user.server";

const input = (title: string, extra: Partial<Parameters<typeof createBook>[0]["input"]> = {}) => ({
  title,
  description: "",
  tone: "",
  language: "vi" as const,
  coverImage: null,
  ...extra,
});

async function addStory(
  bookId: number,
  topicId: number,
  title: string,
  extra: { questionId?: number; content?: string } = {},
) {
  return (
    await db()
      .insert(stories)
      .values({ bookId, topicId, title, content: extra.content ?? "text", questionId: extra.questionId })
      .returning()
  )[0]!;
}

describe("books", () => {
  it("are scoped to their owner", async () => {
    const lan = await createUser({ username: "lan", email: "lan@example.com", password: "secret1" });
    const minh = await createUser({ username: "minh", email: "minh@example.com", password: "secret1" });
    const book = await createBook({ userId: lan.id, input: input("Lan's book") });
    expect((await getBook({ bookId: book.id, userId: lan.id }))?.title).toBe("Lan's book");
    expect(await getBook({ bookId: book.id, userId: minh.id })).toBeNull();
    await expect(updateBook({ bookId: book.id, userId: minh.id, input: input("Taken") })).rejects.toThrow(
      expect.objectContaining({ status: 404 }),
    );
    await expect(deleteBook({ bookId: book.id, userId: minh.id })).rejects.toThrow(
      expect.objectContaining({ status: 404 }),
    );
    await expect(copyBook({ bookId: book.id, userId: minh.id, suffix: " (Copy)" })).rejects.toThrow(
      expect.objectContaining({ status: 404 }),
    );
    expect((await getBook({ bookId: book.id, userId: lan.id }))?.title).toBe("Lan's book");
    expect((await listBooks({ userId: minh.id, limit: 10 })).total).toBe(0);
  });

  it("count each book's own stories, and each user's own books", async () => {
    const user = await createUser({ username: "hoa", email: "hoa@example.com", password: "secret1" });
    const other = await createUser({ username: "tuan", email: "tuan@example.com", password: "secret1" });
    const a = await createBook({ userId: user.id, input: input("A") });
    const b = await createBook({ userId: user.id, input: input("B") });
    await createBook({ userId: other.id, input: input("C") });
    const [ta] = await createTopics({ bookId: a.id, userId: user.id, items: [{ title: "T", description: "" }] });
    const [tb] = await createTopics({ bookId: b.id, userId: user.id, items: [{ title: "U", description: "" }] });
    await addStory(a.id, ta!.id, "one");
    await addStory(a.id, ta!.id, "two");
    await addStory(a.id, ta!.id, "three");
    await addStory(b.id, tb!.id, "four");
    const counts = Object.fromEntries(
      (await listBooks({ userId: user.id, limit: 10 })).books.map((book) => [book.title, book.storyCount]),
    );
    expect(counts).toEqual({ A: 3, B: 1 });
    expect((await getBook({ bookId: a.id, userId: user.id }))?.storyCount).toBe(3);
    expect((await listBookTopics({ bookId: a.id })).map((t) => t.storyCount)).toEqual([3]);
    expect(
      (await listLibraryTopics({ userId: user.id, limit: 10 })).topics.map((t) => [t.title, t.storyCount]),
    ).toEqual(
      expect.arrayContaining([
        ["T", 3],
        ["U", 1],
      ]),
    );
    expect((await getUserRow(user.id))?.bookCount).toBe(2);
    expect((await getUserRow(other.id))?.bookCount).toBe(1);
  });

  it("list by last update, search literally, and bound the page in SQL", async () => {
    const user = await createUser({ username: "mai", email: "mai@example.com", password: "secret1" });
    for (const title of ["Quê nhà", "100% true", "War years", "Tết"])
      await createBook({ userId: user.id, input: input(title) });
    const page = await listBooks({ userId: user.id, limit: 2 });
    expect(page.books).toHaveLength(2);
    expect(page.total).toBe(4);
    expect(page.books[0]!.title).toBe("Tết");
    expect((await listBooks({ userId: user.id, search: "%", limit: 10 })).books.map((b) => b.title)).toEqual([
      "100% true",
    ]);
    expect((await listBooks({ userId: user.id, search: "quê", limit: 10 })).books.map((b) => b.title)).toEqual([
      "Quê nhà",
    ]);
    expect((await listBookTitles({ userId: user.id, limit: 10 })).map((b) => b.title)).toEqual([
      "100% true",
      "Quê nhà",
      "Tết",
      "War years",
    ]);
  });

  it("copy the details and cover with the suffix, and delete everything inside", async () => {
    const user = await createUser({ username: "vinh", email: "vinh@example.com", password: "secret1" });
    const book = await createBook({
      userId: user.id,
      input: input("Ông", { description: "d", tone: "nostalgic", coverImage: "/covers/2.webp" }),
    });
    const [topic] = await createTopics({ bookId: book.id, userId: user.id, items: [{ title: "T", description: "" }] });
    const story = await addStory(book.id, topic!.id, "s");
    await db().insert(media).values({
      storyId: story.id,
      type: "image",
      storageKey: "0123456789abcdef0123456789abcdef.webp",
      mimeType: "image/webp",
    });
    const copy = await copyBook({ bookId: book.id, userId: user.id, suffix: " (Bản sao)" });
    expect(copy).toMatchObject({
      title: "Ông (Bản sao)",
      description: "d",
      tone: "nostalgic",
      coverImage: "/covers/2.webp",
      language: "vi",
    });
    expect(await listBookTopics({ bookId: copy.id })).toEqual([]);
    // The media files go too: the caller gets their names to remove from disk.
    expect((await deleteBook({ bookId: book.id, userId: user.id })).mediaKeys).toEqual([
      "0123456789abcdef0123456789abcdef.webp",
    ]);
    expect(await db().select().from(media)).toEqual([]);
    expect((await db().select().from(topics)).filter((t) => t.bookId === book.id)).toEqual([]);
    expect((await db().select().from(stories)).filter((s) => s.bookId === book.id)).toEqual([]);
  });
});

describe("suggested actions", () => {
  it("are unanswered questions of the user's books, the most recently worked-on book first", async () => {
    const user = await createUser({ username: "an", email: "an@example.com", password: "secret1" });
    const older = await createBook({ userId: user.id, input: input("Older") });
    const newer = await createBook({ userId: user.id, input: input("Newer") });
    const [t1] = await createTopics({
      bookId: older.id,
      userId: user.id,
      items: [{ title: "Childhood", description: "" }],
    });
    const [t2] = await createTopics({ bookId: newer.id, userId: user.id, items: [{ title: "Work", description: "" }] });
    const q = async (topicId: number, question: string, position: number) =>
      (await db().insert(questions).values({ topicId, question, position }).returning())[0]!;
    const answered = await q(t2!.id, "First job?", 0);
    await q(t2!.id, "Best colleague?", 1);
    await q(t1!.id, "Your house?", 0);
    await addStory(newer.id, t2!.id, "Answer", { questionId: answered.id });
    const actions = await listSuggestedActions({ userId: user.id, limit: 2 });
    expect(actions.map((a) => a.questionContent)).toEqual(["Best colleague?", "Your house?"]);
    expect(actions[0]).toMatchObject({ bookId: newer.id, bookTitle: "Newer", topicId: t2!.id, topicTitle: "Work" });
  });
});

describe("library stories", () => {
  it("search title and text, filter by book, and stay within the user's books", async () => {
    const user = await createUser({ username: "khoa", email: "khoa@example.com", password: "secret1" });
    const other = await createUser({ username: "nga", email: "nga@example.com", password: "secret1" });
    const a = await createBook({ userId: user.id, input: input("A") });
    const b = await createBook({ userId: user.id, input: input("B") });
    const x = await createBook({ userId: other.id, input: input("X") });
    const [ta] = await createTopics({ bookId: a.id, userId: user.id, items: [{ title: "T", description: "" }] });
    const [tb] = await createTopics({ bookId: b.id, userId: user.id, items: [{ title: "U", description: "" }] });
    const [tx] = await createTopics({ bookId: x.id, userId: other.id, items: [{ title: "V", description: "" }] });
    await addStory(a.id, ta!.id, "The river", { content: "We swam every summer" });
    await addStory(b.id, tb!.id, "The market", { content: "Mother sold rice" });
    await addStory(x.id, tx!.id, "Secret river", { content: "not yours" });
    expect(
      (await listLibraryStories({ userId: user.id, search: "river", limit: 6 })).stories.map((s) => s.title),
    ).toEqual(["The river"]);
    expect(
      (await listLibraryStories({ userId: user.id, search: "rice", limit: 6 })).stories.map((s) => s.title),
    ).toEqual(["The market"]);
    expect((await listLibraryStories({ userId: user.id, bookId: a.id, limit: 6 })).total).toBe(1);
    expect((await listLibraryStories({ userId: user.id, bookId: x.id, limit: 6 })).total).toBe(0);
    const all = await listLibraryStories({ userId: user.id, limit: 1 });
    expect(all.total).toBe(2);
    expect(all.stories[0]).toMatchObject({ bookTitle: expect.any(String), topicTitle: expect.any(String) });
    // Topics likewise: the user's own, narrowed to a book of theirs, and none from another's book.
    const topics = await listLibraryTopics({ userId: user.id, limit: 6 });
    expect(topics.topics.map((t) => t.title).sort()).toEqual(["T", "U"]);
    expect(topics.total).toBe(2);
    const inA = await listLibraryTopics({ userId: user.id, bookId: a.id, limit: 6 });
    expect([inA.topics.map((t) => t.title), inA.total]).toEqual([["T"], 1]);
    const inX = await listLibraryTopics({ userId: user.id, bookId: x.id, limit: 6 });
    expect([inX.topics, inX.total]).toEqual([[], 0]);
  });
});
