import { eq, inArray } from "drizzle-orm";
import { db } from "~db/client.server";
import { books, stories, topics, users } from "~db/schema";
import type { ActivityNames, ActivityRefs } from "~/lib/activity-sentence";

/**
 * The books, topics, stories and users a page of activities names, as they are now: one query per kind (none for
 * a kind the page does not name), whatever the page holds. Admin only: it reads every user's titles.
 */
export async function activityNames(refs: ActivityRefs): Promise<ActivityNames> {
  const bookRows = refs.books.length
    ? await db()
        .select({ id: books.id, title: books.title, userId: books.userId })
        .from(books)
        .where(inArray(books.id, refs.books))
    : [];
  const topicRows = refs.topics.length
    ? await db()
        .select({ id: topics.id, title: topics.title, bookId: topics.bookId, userId: books.userId })
        .from(topics)
        .innerJoin(books, eq(books.id, topics.bookId))
        .where(inArray(topics.id, refs.topics))
    : [];
  const storyRows = refs.stories.length
    ? await db()
        .select({
          id: stories.id,
          title: stories.title,
          topicId: stories.topicId,
          bookId: stories.bookId,
          userId: books.userId,
        })
        .from(stories)
        .innerJoin(books, eq(books.id, stories.bookId))
        .where(inArray(stories.id, refs.stories))
    : [];
  const userRows = refs.users.length
    ? await db()
        .select({ id: users.id, username: users.username, displayName: users.displayName })
        .from(users)
        .where(inArray(users.id, refs.users))
    : [];
  return {
    books: new Map(bookRows.map(({ id, ...row }) => [id, row])),
    topics: new Map(topicRows.map(({ id, ...row }) => [id, row])),
    stories: new Map(storyRows.map(({ id, ...row }) => [id, row])),
    users: new Map(userRows.map((row) => [row.id, { name: row.displayName || row.username }])),
  };
}
