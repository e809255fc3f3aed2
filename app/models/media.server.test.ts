import { describe, expect, it } from "vitest";
import { db } from "~db/client.server";
import { media } from "~db/schema";
import { createBook } from "./book.server";
import { descriptionFromFilename, listMediaOfStories, listStoryMedia } from "./media.server";
import { createStory } from "./story.server";
import { createTopic } from "./topic.server";
import { createUser } from "./user.server";

describe("a story's media", () => {
  it("are listed oldest first, without storage keys, and only for the book's owner", async () => {
    const user = await createUser({ username: "thu", email: "thu@example.com", password: "secret1" });
    const other = await createUser({ username: "long", email: "long@example.com", password: "secret1" });
    const book = await createBook({
      userId: user.id,
      input: { title: "Thu's book", description: "", tone: "", language: "vi", coverImage: null },
    });
    const topic = await createTopic({ bookId: book.id, userId: user.id, input: { title: "Quê nhà", description: "" } });
    const input = { content: "Text", status: "draft" as const };
    const story = await createStory({ topicId: topic.id, userId: user.id, input: { title: "Dòng sông", ...input } });
    const empty = await createStory({ topicId: topic.id, userId: user.id, input: { title: "Nothing yet", ...input } });
    await db()
      .insert(media)
      .values([
        {
          storyId: story.id,
          type: "audio",
          storageKey: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webm",
          mimeType: "audio/webm",
          filename: "grandma.webm",
          size: 2048,
          createdAt: new Date("2026-03-02T08:30:00Z"),
        },
        {
          storyId: story.id,
          type: "image",
          storageKey: "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.webp",
          mimeType: "image/webp",
          description: "The river at dawn",
          createdAt: new Date("2026-03-01T07:00:00Z"),
        },
      ]);

    const listed = await listStoryMedia({ storyId: story.id, userId: user.id });
    expect(listed.map((m) => [m.type, m.filename, m.description])).toEqual([
      ["image", "", "The river at dawn"],
      ["audio", "grandma.webm", ""],
    ]);
    expect(listed[1]).toMatchObject({
      mimeType: "audio/webm",
      size: 2048,
      createdAt: new Date("2026-03-02T08:30:00Z"),
    });
    expect(Object.keys(listed[0]!)).not.toContain("storageKey");
    expect(await listStoryMedia({ storyId: empty.id, userId: user.id })).toEqual([]);
    expect(await listStoryMedia({ storyId: story.id, userId: other.id })).toEqual([]);

    const grouped = await listMediaOfStories([story.id, empty.id]);
    expect(grouped.get(story.id)?.map((m) => [m.type, m.url])).toEqual([
      ["image", `/api/media/render/id:${listed[0]!.id}`],
      ["audio", `/api/media/render/id:${listed[1]!.id}`],
    ]);
    expect(grouped.has(empty.id)).toBe(false);
    expect((await listMediaOfStories([])).size).toBe(0);
  });
});

describe("an image's description from its file name", () => {
  it("drops the extension and underscores, keeps the words in any language", () => {
    expect(descriptionFromFilename("bà nội_ở Huế.png")).toBe("bà nội ở Huế");
    expect(descriptionFromFilename("IMG_2031.JPEG")).toBe("IMG 2031");
    expect(descriptionFromFilename("  spaced   out .webp")).toBe("spaced out");
    expect(descriptionFromFilename(".png")).toBe("");
    expect(descriptionFromFilename(`${"x".repeat(600)}.jpg`)).toHaveLength(500);
  });
});
