import { describe, expect, it } from "vitest";
import { createBook } from "~/models/book.server";
import { createStory, updateStory } from "~/models/story.server";
import { createTopics, getTopic } from "~/models/topic.server";
import { createUser } from "~/models/user.server";
import { LONG_TEXT_MAX } from "~/lib/limits";
import { bookPreview, currentBookPreview, generateTopicPreview } from "./previews.server";

const storyInput = (title: string, content: string) => ({
  title,
  content,
  status: "published" as const,
});

describe("previews", () => {
  it("save a topic's generated draft, and cache the book's until its content changes", async () => {
    const user = await createUser({ username: "ba", email: "ba@example.com", password: "secret1" });
    const other = await createUser({ username: "khach", email: "khach@example.com", password: "secret1" });
    const book = await createBook({
      userId: user.id,
      input: { title: "Our book", description: "", tone: "", language: "en", coverImage: null },
    });
    const [childhood, school] = await createTopics({
      bookId: book.id,
      userId: user.id,
      items: [
        { title: "Childhood", description: "" },
        { title: "School", description: "" },
      ],
    });
    const story = await createStory({
      topicId: childhood!.id,
      userId: user.id,
      input: storyInput("The river", "We swam in the river every summer."),
    });

    await expect(generateTopicPreview({ topicId: school!.id, userId: user.id })).rejects.toMatchObject({
      status: 400,
    });
    await expect(generateTopicPreview({ topicId: childhood!.id, userId: other.id })).rejects.toMatchObject({
      status: 404,
    });
    const preview = await generateTopicPreview({ topicId: childhood!.id, userId: user.id });
    expect(preview).toContain("We swam in the river every summer.");
    expect((await getTopic({ topicId: childhood!.id, userId: user.id }))!.preview).toBe(preview);

    expect(await currentBookPreview({ bookId: book.id, userId: user.id })).toBeNull();
    const first = await bookPreview({ bookId: book.id, userId: user.id });
    expect(first.fromCache).toBe(false);
    expect(first.preview).toContain("## Childhood");
    expect(await bookPreview({ bookId: book.id, userId: user.id })).toEqual({
      preview: first.preview,
      fromCache: true,
    });
    expect(await currentBookPreview({ bookId: book.id, userId: user.id })).toBe(first.preview);
    expect((await bookPreview({ bookId: book.id, userId: user.id, force: true })).fromCache).toBe(false);

    // Any change to what the book is made of makes the cached one stale.
    await updateStory({
      storyId: story.id,
      userId: user.id,
      input: storyInput("The river", "We swam in the river every summer, until dark."),
    });
    expect(await currentBookPreview({ bookId: book.id, userId: user.id })).toBeNull();
    const fresh = await bookPreview({ bookId: book.id, userId: user.id });
    expect(fresh.fromCache).toBe(false);
    await expect(bookPreview({ bookId: book.id, userId: other.id })).rejects.toMatchObject({ status: 404 });
  });

  it(
    "keep a topic's draft within what the editor can save, " + "ended at a paragraph, however long its stories are",
    async () => {
      const user = await createUser({ username: "dai", email: "dai@example.com", password: "secret1" });
      const book = await createBook({
        userId: user.id,
        input: { title: "Long", description: "", tone: "", language: "en", coverImage: null },
      });
      const [topic] = await createTopics({
        bookId: book.id,
        userId: user.id,
        items: [{ title: "Years", description: "" }],
      });
      const paragraph = "We walked to the market by the river every morning. ".repeat(20).trim();
      const long = Array.from({ length: 100 }, (_, i) => `${i + 1}. ${paragraph}`).join("\n\n");
      for (let i = 0; i < 3; i++)
        await createStory({ topicId: topic!.id, userId: user.id, input: storyInput(`Story ${i + 1}`, long) });
      const preview = await generateTopicPreview({ topicId: topic!.id, userId: user.id });
      expect(preview.length).toBeLessThanOrEqual(LONG_TEXT_MAX);
      expect(preview.length).toBeGreaterThan(LONG_TEXT_MAX - paragraph.length - 20);
      expect(preview.endsWith(paragraph)).toBe(true);
      expect((await getTopic({ topicId: topic!.id, userId: user.id }))!.preview).toBe(preview);
    },
  );
});
