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

function addStory(
  bookId: number,
  topicId: number,
  title: string,
  extra: { questionId?: number; content?: string } = {},
) {
  return db()
    .insert(stories)
    .values({ bookId, topicId, title, content: extra.content ?? "text", questionId: extra.questionId })
    .returning()
    .get();
}

describe("books", () => {
  it("are scoped to their owner", async () => {
    const lan = await createUser({ username: "lan", email: "lan@example.com", password: "secret1" });
    const minh = await createUser({ username: "minh", email: "minh@example.com", password: "secret1" });
    const book = createBook({ userId: lan.id, input: input("Lan's book") });
    expect(getBook({ bookId: book.id, userId: lan.id })?.title).toBe("Lan's book");
    expect(getBook({ bookId: book.id, userId: minh.id })).toBeNull();
    expect(() => updateBook({ bookId: book.id, userId: minh.id, input: input("Taken") })).toThrow(
      expect.objectContaining({ status: 404 }),
    );
    expect(() => deleteBook({ bookId: book.id, userId: minh.id })).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => copyBook({ bookId: book.id, userId: minh.id, suffix: " (Copy)" })).toThrow(
      expect.objectContaining({ status: 404 }),
    );
    expect(getBook({ bookId: book.id, userId: lan.id })?.title).toBe("Lan's book");
    expect(listBooks({ userId: minh.id, limit: 10 }).total).toBe(0);
  });

  it("count each book's own stories, and each user's own books", async () => {
    const user = await createUser({ username: "hoa", email: "hoa@example.com", password: "secret1" });
    const other = await createUser({ username: "tuan", email: "tuan@example.com", password: "secret1" });
    const a = createBook({ userId: user.id, input: input("A") });
    const b = createBook({ userId: user.id, input: input("B") });
    createBook({ userId: other.id, input: input("C") });
    const [ta] = createTopics({ bookId: a.id, userId: user.id, items: [{ title: "T", description: "" }] });
    const [tb] = createTopics({ bookId: b.id, userId: user.id, items: [{ title: "U", description: "" }] });
    addStory(a.id, ta!.id, "one");
    addStory(a.id, ta!.id, "two");
    addStory(a.id, ta!.id, "three");
    addStory(b.id, tb!.id, "four");
    const counts = Object.fromEntries(
      listBooks({ userId: user.id, limit: 10 }).books.map((book) => [book.title, book.storyCount]),
    );
    expect(counts).toEqual({ A: 3, B: 1 });
    expect(getBook({ bookId: a.id, userId: user.id })?.storyCount).toBe(3);
    expect(listBookTopics({ bookId: a.id }).map((t) => t.storyCount)).toEqual([3]);
    expect(listLibraryTopics({ userId: user.id, limit: 10 }).topics.map((t) => [t.title, t.storyCount])).toEqual(
      expect.arrayContaining([
        ["T", 3],
        ["U", 1],
      ]),
    );
    expect(getUserRow(user.id)?.bookCount).toBe(2);
    expect(getUserRow(other.id)?.bookCount).toBe(1);
  });

  it("list by last update, search literally, and bound the page in SQL", async () => {
    const user = await createUser({ username: "mai", email: "mai@example.com", password: "secret1" });
    for (const title of ["Quê nhà", "100% true", "War years", "Tết"])
      createBook({ userId: user.id, input: input(title) });
    const page = listBooks({ userId: user.id, limit: 2 });
    expect(page.books).toHaveLength(2);
    expect(page.total).toBe(4);
    expect(page.books[0]!.title).toBe("Tết");
    expect(listBooks({ userId: user.id, search: "%", limit: 10 }).books.map((b) => b.title)).toEqual(["100% true"]);
    expect(listBooks({ userId: user.id, search: "quê", limit: 10 }).books.map((b) => b.title)).toEqual(["Quê nhà"]);
    expect(listBookTitles({ userId: user.id, limit: 10 }).map((b) => b.title)).toEqual([
      "100% true",
      "Quê nhà",
      "Tết",
      "War years",
    ]);
  });

  it("copy the details and cover with the suffix, and delete everything inside", async () => {
    const user = await createUser({ username: "vinh", email: "vinh@example.com", password: "secret1" });
    const book = createBook({
      userId: user.id,
      input: input("Ông", { description: "d", tone: "nostalgic", coverImage: "/covers/2.webp" }),
    });
    const [topic] = createTopics({ bookId: book.id, userId: user.id, items: [{ title: "T", description: "" }] });
    const story = addStory(book.id, topic!.id, "s");
    db()
      .insert(media)
      .values({
        storyId: story.id,
        type: "image",
        storageKey: "0123456789abcdef0123456789abcdef.webp",
        mimeType: "image/webp",
      })
      .run();
    const copy = copyBook({ bookId: book.id, userId: user.id, suffix: " (Bản sao)" });
    expect(copy).toMatchObject({
      title: "Ông (Bản sao)",
      description: "d",
      tone: "nostalgic",
      coverImage: "/covers/2.webp",
      language: "vi",
    });
    expect(listBookTopics({ bookId: copy.id })).toEqual([]);
    // The media files go too: the caller gets their names to remove from disk.
    expect(deleteBook({ bookId: book.id, userId: user.id }).mediaKeys).toEqual([
      "0123456789abcdef0123456789abcdef.webp",
    ]);
    expect(db().select().from(media).all()).toEqual([]);
    expect(
      db()
        .select()
        .from(topics)
        .all()
        .filter((t) => t.bookId === book.id),
    ).toEqual([]);
    expect(
      db()
        .select()
        .from(stories)
        .all()
        .filter((s) => s.bookId === book.id),
    ).toEqual([]);
  });
});

describe("suggested actions", () => {
  it("are unanswered questions of the user's books, the most recently worked-on book first", async () => {
    const user = await createUser({ username: "an", email: "an@example.com", password: "secret1" });
    const older = createBook({ userId: user.id, input: input("Older") });
    const newer = createBook({ userId: user.id, input: input("Newer") });
    const [t1] = createTopics({ bookId: older.id, userId: user.id, items: [{ title: "Childhood", description: "" }] });
    const [t2] = createTopics({ bookId: newer.id, userId: user.id, items: [{ title: "Work", description: "" }] });
    const q = (topicId: number, question: string, position: number) =>
      db().insert(questions).values({ topicId, question, position }).returning().get();
    const answered = q(t2!.id, "First job?", 0);
    q(t2!.id, "Best colleague?", 1);
    q(t1!.id, "Your house?", 0);
    addStory(newer.id, t2!.id, "Answer", { questionId: answered.id });
    const actions = listSuggestedActions({ userId: user.id, limit: 2 });
    expect(actions.map((a) => a.questionContent)).toEqual(["Best colleague?", "Your house?"]);
    expect(actions[0]).toMatchObject({ bookId: newer.id, bookTitle: "Newer", topicId: t2!.id, topicTitle: "Work" });
  });
});

describe("library stories", () => {
  it("search title and text, filter by book, and stay within the user's books", async () => {
    const user = await createUser({ username: "khoa", email: "khoa@example.com", password: "secret1" });
    const other = await createUser({ username: "nga", email: "nga@example.com", password: "secret1" });
    const a = createBook({ userId: user.id, input: input("A") });
    const b = createBook({ userId: user.id, input: input("B") });
    const x = createBook({ userId: other.id, input: input("X") });
    const [ta] = createTopics({ bookId: a.id, userId: user.id, items: [{ title: "T", description: "" }] });
    const [tb] = createTopics({ bookId: b.id, userId: user.id, items: [{ title: "U", description: "" }] });
    const [tx] = createTopics({ bookId: x.id, userId: other.id, items: [{ title: "V", description: "" }] });
    addStory(a.id, ta!.id, "The river", { content: "We swam every summer" });
    addStory(b.id, tb!.id, "The market", { content: "Mother sold rice" });
    addStory(x.id, tx!.id, "Secret river", { content: "not yours" });
    expect(listLibraryStories({ userId: user.id, search: "river", limit: 6 }).stories.map((s) => s.title)).toEqual([
      "The river",
    ]);
    expect(listLibraryStories({ userId: user.id, search: "rice", limit: 6 }).stories.map((s) => s.title)).toEqual([
      "The market",
    ]);
    expect(listLibraryStories({ userId: user.id, bookId: a.id, limit: 6 }).total).toBe(1);
    expect(listLibraryStories({ userId: user.id, bookId: x.id, limit: 6 }).total).toBe(0);
    const all = listLibraryStories({ userId: user.id, limit: 1 });
    expect(all.total).toBe(2);
    expect(all.stories[0]).toMatchObject({ bookTitle: expect.any(String), topicTitle: expect.any(String) });
  });
});
