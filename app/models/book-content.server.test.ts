import { describe, expect, it } from "vitest";
import { countQueries, db } from "~db/client.server";
import { media } from "~db/schema";
import { readBookContent, readBookContentInTurns } from "./book-content.server";
import { createBook } from "./book.server";
import { addQuestions } from "./question.server";
import { createStory } from "./story.server";
import { createTopic, updateTopic } from "./topic.server";
import { createUser } from "./user.server";

async function family(topicCount: number, storiesPerTopic: number) {
  const user = await createUser({
    username: `u${topicCount}x${storiesPerTopic}`,
    email: `u${topicCount}x${storiesPerTopic}@example.com`,
    password: "secret1",
  });
  const book = await createBook({
    userId: user.id,
    input: { title: "Our family", description: "", tone: "", language: "en", coverImage: null },
  });
  const topicIds: number[] = [];
  for (let t = 0; t < topicCount; t++) {
    const topic = await createTopic({
      bookId: book.id,
      userId: user.id,
      input: { title: `Topic ${t}`, description: "" },
    });
    topicIds.push(topic.id);
    for (let s = 0; s < storiesPerTopic; s++) {
      const story = await createStory({
        topicId: topic.id,
        userId: user.id,
        input: {
          title: `Story ${t}.${s}`,
          content: "Text",
          status: s % 2 ? "draft" : "published",
        },
      });
      await db()
        .insert(media)
        .values({
          storyId: story.id,
          type: "image",
          storageKey: `${String(story.id).padStart(32, "0")}.webp`,
          mimeType: "image/webp",
          description: `Photo ${t}.${s}`,
        });
    }
  }
  return { user, book, topicIds };
}

describe("a book's whole content", () => {
  it(
    "comes in book order with questions, stories and media; " +
      "published only leaves out drafts and archived or empty topics",
    async () => {
      const { user, book, topicIds } = await family(3, 2);
      await addQuestions({
        topicId: topicIds[0]!,
        userId: user.id,
        texts: ["Where did you grow up?"],
        source: "custom",
      });
      await updateTopic({ topicId: topicIds[2]!, userId: user.id, changes: { archived: true } });
      const all = (await readBookContent(book.id))!;
      expect(all.book.title).toBe("Our family");
      expect(
        all.topics.map((t) => [
          t.title,
          t.stories.map((s) => s.title),
          t.stories.map((s) => s.media.map((m) => m.description)),
        ]),
      ).toEqual([
        ["Topic 0", ["Story 0.0", "Story 0.1"], [["Photo 0.0"], ["Photo 0.1"]]],
        ["Topic 1", ["Story 1.0", "Story 1.1"], [["Photo 1.0"], ["Photo 1.1"]]],
        ["Topic 2", ["Story 2.0", "Story 2.1"], [["Photo 2.0"], ["Photo 2.1"]]],
      ]);
      expect(all.topics[0]!.questions.map((q) => q.question)).toEqual(["Where did you grow up?"]);

      const published = (await readBookContent(book.id, { publishedOnly: true }))!;
      expect(published.topics.map((t) => [t.title, t.stories.map((s) => s.title)])).toEqual([
        ["Topic 0", ["Story 0.0"]],
        ["Topic 1", ["Story 1.0"]],
      ]);
      expect(await readBookContent(-1)).toBeNull();
    },
  );

  it("takes the same few queries for a large book as for a small one", async () => {
    const small = await family(1, 1);
    const large = await family(12, 10);
    const a = (await countQueries(() => readBookContent(small.book.id))).count;
    const b = (await countQueries(() => readBookContent(large.book.id))).count;
    expect(b).toBe(a);
    expect(b).toBeLessThanOrEqual(5);
  });

  it("reads the same book a few rows at a time for an export, giving the event loop turns in between", async () => {
    const { user, book, topicIds } = await family(12, 3);
    await addQuestions({
      topicId: topicIds[5]!,
      userId: user.id,
      texts: ["Who was there?", "What did it sound like?"],
      source: "custom",
    });
    await updateTopic({ topicId: topicIds[0]!, userId: user.id, changes: { archived: true } });
    let turns = 0;
    const counter = setInterval(() => (turns += 1), 0);
    const gentle = await readBookContentInTurns(book.id);
    clearInterval(counter);
    expect(gentle).toEqual(await readBookContent(book.id));
    // 12 topics, 36 stories and 36 media in reads of ten: several turns.
    expect(turns).toBeGreaterThan(0);
    expect(await readBookContentInTurns(-1)).toBeNull();
  });
});
