import { describe, expect, it } from "vitest";
import { countQueries, db } from "~db/client.server";
import { ensureAdmin } from "~/models/user.server";
import { seedContent } from "../../tests/support/seed-content";
import { adminPageData } from "./admin-page.server";

// The dashboard's data for a URL takes the same few SQL queries for a family of four as for
// 200 users with 2,000 books, 10,000 topics and 10,000 stories: nothing is loaded per row.
const MAX_QUERIES = 8;

function first(sql: string): number {
  return (db().$client.prepare(sql).get() as { id: number }).id;
}

describe("the admin dashboard's queries", () => {
  it("stay the same in number, and few, whatever the size of the database", async () => {
    await ensureAdmin("admin-pass");
    // Small: two users with a little of everything, media included, so every query of every tab runs.
    const [userId] = seedContent({
      prefix: "kin",
      users: 2,
      booksPerUser: 2,
      topicsPerBook: 2,
      storiesPerTopic: 2,
      mediaPerStory: 1,
    }).userIds;
    const bookId = first(`select id from books where user_id = ${userId} order by id desc`);
    const topicId = first(`select id from topics where book_id = ${bookId} order by id`);
    const storyId = first(`select id from stories where topic_id = ${topicId} order by id`);
    const mediaId = first(`select id from media order by id`);
    const urls = [
      "?",
      "?q=book",
      "?tab=users",
      `?tab=users&sort=email&dir=desc&role=user&q=kin&page=2`,
      `?tab=users&dialog=activities&id=${userId}&apage=2`,
      `?tab=users&dialog=edit-user&id=${userId}`,
      "?tab=books",
      `?tab=books&sort=title&dir=asc&language=en&user=${userId}&q=book&page=2`,
      `?tab=topics&user=${userId}`,
      "?tab=topics&q=topic&page=3",
      "?tab=stories",
      `?tab=stories&user=${userId}&q=words`,
      "?tab=content",
      "?tab=content&q=story&page=2",
      `?tab=content&user=${userId}&bpage=2&book=${bookId}&topic=${topicId}&story=${storyId}`,
      `?tab=content&user=${userId}&dialog=preview&id=${topicId}`,
      `?tab=content&dialog=media&id=${mediaId}`,
    ];
    const count = (url: string) => countQueries(() => adminPageData(new URL(`http://localhost/admin${url}`))).count;
    const small = urls.map(count);

    // Large: the bench's shape.
    const started = Date.now();
    seedContent({ prefix: "big", users: 200, booksPerUser: 10, topicsPerBook: 5, storiesPerTopic: 1, storyChars: 600 });
    expect(Date.now() - started, "seeding with direct inserts stays quick").toBeLessThan(20_000);
    const large = urls.map(count);

    const table = urls.map((url, i) => ({ url, small: small[i], large: large[i] }));
    if (process.env.SHOW_QUERY_COUNTS) console.table(table);
    expect(large, JSON.stringify(table, null, 1)).toEqual(small);
    for (const row of table) expect(row.large, row.url).toBeLessThanOrEqual(MAX_QUERIES);

    // And what the large database's pages hold is still one page.
    const stories = adminPageData(new URL("http://localhost/admin?tab=stories"));
    expect(stories.tab === "stories" && [stories.list.stories.length, stories.list.total]).toEqual([20, 10_016]);
    const content = adminPageData(new URL("http://localhost/admin?tab=content"));
    expect(content.tab === "content" && content.explorer.users.length).toBe(10);
  }, 60_000);
});
