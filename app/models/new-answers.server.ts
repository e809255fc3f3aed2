import { and, asc, count, eq, min, sql } from "drizzle-orm";
import { db } from "~db/client.server";
import { books, stories } from "~db/schema";

/** Answers a storyteller sent that the family has not completed yet, for one teller of one book. */
export type NewAnswers = {
  bookId: number;
  bookTitle: string;
  /** "" when the link was made without a name. */
  tellerName: string;
  count: number;
  /** The earliest of them, which the notice opens. */
  firstStoryId: number;
};

/**
 * The storyteller's drafts of the user's books (issue 18), grouped by book and teller name, in one query: the
 * workspace asks for one book, Home for all. A family's own drafts are not "new answers" and are left out.
 */
export function listNewAnswers({ userId, bookId }: { userId: number; bookId?: number }): NewAnswers[] {
  const teller = sql<string>`coalesce(${stories.tellerName}, '')`;
  return db()
    .select({
      bookId: books.id,
      bookTitle: books.title,
      tellerName: teller,
      count: count(),
      firstStoryId: min(stories.id).mapWith(Number),
    })
    .from(stories)
    .innerJoin(books, eq(books.id, stories.bookId))
    .where(
      and(
        eq(books.userId, userId),
        bookId === undefined ? undefined : eq(books.id, bookId),
        eq(stories.source, "storyteller"),
        eq(stories.status, "draft"),
      ),
    )
    .groupBy(books.id, teller)
    .orderBy(asc(books.title), asc(books.id), asc(teller))
    .all();
}
