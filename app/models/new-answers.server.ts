import { and, asc, count, eq, min, sql } from "drizzle-orm";
import { prepared } from "~db/client.server";
import { books, stories } from "~db/schema";
import type { NewAnswers } from "./new-answers.types";

/**
 * The storyteller's drafts of the user's books (issue 18), grouped by book and teller name, in one query: the
 * workspace asks for one book, Home for all. A family's own drafts are not "new answers" and are left out.
 */
export async function listNewAnswers({ userId, bookId }: { userId: number; bookId?: number }): Promise<NewAnswers[]> {
  // Prepared once per variant: Home and the workspace ask on every render, and building the query cost more than
  // running it.
  const variant = bookId === undefined ? "all" : "book";
  const teller = sql<string>`coalesce(${stories.tellerName}, '')`;
  const query = prepared(`listNewAnswers:${variant}`, (client) =>
    client
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
          eq(books.userId, sql.placeholder("userId")),
          variant === "book" ? eq(books.id, sql.placeholder("bookId")) : undefined,
          eq(stories.source, "storyteller"),
          eq(stories.status, "draft"),
        ),
      )
      .groupBy(books.id, teller)
      .orderBy(asc(books.title), asc(books.id), asc(teller)),
  );
  return await query.execute({ userId, bookId });
}
