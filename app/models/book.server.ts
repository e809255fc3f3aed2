import { asc, eq } from "drizzle-orm";
import { db } from "~db/client.server";
import { books } from "~db/schema";

/** The first books by title, for the header's Books menu; bounded in SQL. */
export function listBookTitles({ userId, limit }: { userId: number; limit: number }) {
  return db()
    .select({ id: books.id, title: books.title })
    .from(books)
    .where(eq(books.userId, userId))
    .orderBy(asc(books.title), asc(books.id))
    .limit(limit)
    .all();
}
