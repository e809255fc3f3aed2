import { describe, expect, it } from "vitest";
import { activityRefs, describeActivity, type ActivityNames } from "./activity-sentence";

const actor = { id: 7, name: "Lan" };
const names: ActivityNames = {
  books: new Map([[1, { title: "Chuyện của bà", userId: 7 }]]),
  topics: new Map([[3, { title: "Tuổi thơ", bookId: 1, userId: 7 }]]),
  stories: new Map([[5, { title: "Bến sông", topicId: 3, bookId: 1, userId: 7 }]]),
  users: new Map([[9, { name: "Minh" }]]),
};
const lan = { text: "Lan", href: "/admin?tab=content&user=7" };

describe("describeActivity", () => {
  it("names a share's book and links it in the Content Explorer", () => {
    const row = { action: "create", resource: "share", details: { id: 1, bookId: 1, expiresAt: null } };
    expect(describeActivity(row, actor, names)).toEqual({
      key: "create_share",
      values: { user: lan, book: { text: "Chuyện của bà", href: "/admin?tab=content&user=7&book=1" } },
    });
  });

  it("links a story to its place in its topic, and tells a photo from a recording", () => {
    const row = { action: "create", resource: "media", details: { id: 2, storyId: 5, type: "audio" } };
    expect(describeActivity(row, actor, names)).toEqual({
      key: "create_media_audio",
      values: {
        user: lan,
        story: { text: "Bến sông", href: "/admin?tab=content&user=7&book=1&topic=3&story=5#story-5" },
      },
    });
  });

  it("names a deleted book by the title the row kept, unlinked, and a gone one by its id", () => {
    const deleted = { action: "delete", resource: "book", details: { id: 40, title: "Sách cũ" } };
    expect(describeActivity(deleted, actor, names).values.book).toEqual({ text: "Sách cũ" });
    const copied = { action: "copy", resource: "book", details: { id: 1, from: 41 } };
    expect(describeActivity(copied, actor, names).values.source).toEqual({ missing: 41 });
  });

  it("counts topics added at once for the plural", () => {
    const row = { action: "create", resource: "topic", details: { bookId: 1, count: 3 } };
    expect(describeActivity(row, actor, names)).toMatchObject({ key: "create_topic", words: { count: 3 } });
  });

  it("names the account an admin changed", () => {
    const row = { action: "update", resource: "user", details: { id: 9, fields: ["email"] } };
    expect(describeActivity(row, actor, names).values.target).toEqual({
      text: "Minh",
      href: "/admin?tab=content&user=9",
    });
  });

  it("still says something for an action it does not know, or details that are text", () => {
    const unknown = { action: "export", resource: "book-set", details: { bookId: 1, anything: [1, 2] } };
    expect(describeActivity(unknown, actor, names)).toMatchObject({
      key: "otherInBook",
      words: { action: "export", resource: "book-set" },
    });
    const text = { action: "frobnicate", resource: "thing", details: "old text" };
    expect(describeActivity(text, actor, names)).toMatchObject({ key: "other", values: { user: lan } });
  });
});

describe("activityRefs", () => {
  it("collects each id a page names once, by kind", () => {
    const rows = [
      { action: "copy", resource: "book", details: { id: 2, from: 1 } },
      { action: "create", resource: "share", details: { id: 1, bookId: 1 } },
      { action: "create", resource: "story", details: { id: 5, topicId: 3 } },
      { action: "delete", resource: "user", details: { id: 9, username: "minh" } },
      { action: "login", resource: "session", details: null },
    ];
    expect(activityRefs(rows)).toEqual({ books: [2, 1], topics: [3], stories: [5], users: [9] });
  });
});
