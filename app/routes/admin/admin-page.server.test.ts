import { describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { countQueries, db } from "~db/client.server";
import { books, media, stories as storyRows, topics } from "~db/schema";
import { ensureAdmin } from "~/models/user.server";
import { seedContent } from "../../../tests/support/seed-content";
import { adminPageData } from "./admin-page.server";

// The dashboard's data for a URL takes the same few SQL queries for a family of four as for
// 200 users with 2,000 books, 10,000 topics and 10,000 stories: nothing is loaded per row.
const MAX_QUERIES = 8;

/** The id of a query's first row. */
async function first(rows: PromiseLike<{ id: number }[]>): Promise<number> {
  return (await rows)[0]!.id;
}

describe("the admin dashboard's queries", () => {
  it("stay the same in number, and few, whatever the size of the database", async () => {
    await ensureAdmin("admin-pass");
    // Small: two users with a little of everything, media included, so every query of every tab runs.
    const [userId] = (
      await seedContent({
        prefix: "kin",
        users: 2,
        booksPerUser: 2,
        topicsPerBook: 2,
        storiesPerTopic: 2,
        mediaPerStory: 1,
      })
    ).userIds;
    const bookId = await first(
      db().select({ id: books.id }).from(books).where(eq(books.userId, userId!)).orderBy(desc(books.id)),
    );
    const topicId = await first(
      db().select({ id: topics.id }).from(topics).where(eq(topics.bookId, bookId)).orderBy(topics.id),
    );
    const storyId = await first(
      db().select({ id: storyRows.id }).from(storyRows).where(eq(storyRows.topicId, topicId)).orderBy(storyRows.id),
    );
    const mediaId = await first(db().select({ id: media.id }).from(media).orderBy(media.id));
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
      "?tab=email",
      "?tab=email&direction=out&status=failed&q=lan&page=2",
    ];
    const counts = async () => {
      const found: number[] = [];
      for (const url of urls)
        found.push((await countQueries(() => adminPageData(new URL(`http://localhost/admin${url}`)))).count);
      return found;
    };
    const small = await counts();

    // Large: the bench's shape.
    const started = Date.now();
    await seedContent({
      prefix: "big",
      users: 200,
      booksPerUser: 10,
      topicsPerBook: 5,
      storiesPerTopic: 1,
      storyChars: 600,
    });
    expect(Date.now() - started, "seeding with direct inserts stays quick").toBeLessThan(20_000);
    const large = await counts();

    const table = urls.map((url, i) => ({ url, small: small[i], large: large[i] }));
    if (process.env.SHOW_QUERY_COUNTS) console.table(table);
    expect(large, JSON.stringify(table, null, 1)).toEqual(small);
    for (const row of table) expect(row.large, row.url).toBeLessThanOrEqual(MAX_QUERIES);

    // And what the large database's pages hold is still one page.
    const stories = await adminPageData(new URL("http://localhost/admin?tab=stories"));
    expect(stories.tab === "stories" && [stories.list.stories.length, stories.list.total]).toEqual([20, 10_016]);
    const content = await adminPageData(new URL("http://localhost/admin?tab=content"));
    expect(content.tab === "content" && content.explorer.users.length).toBe(10);
  }, 60_000);
});
