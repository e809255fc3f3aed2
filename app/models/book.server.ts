import { countChildren } from "~db/correlated";
import { containsPattern, searchContains } from "~db/filters";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { db, prepared, type Tx, transaction } from "~db/client.server";
import { books, media, stories, type Book, type Language } from "~db/schema";
import { AppError } from "~/lib/errors";
import { logActivity } from "./activity.server";
import { assertWithinQuota } from "./storage.server";

export type BookInput = {
  title: string;
  description: string;
  tone: string;
  language: Language;
  coverImage: string | null;
  /** The bytes of a cover file stored for this write (the quota is checked then); undefined keeps what the row has. */
  coverBytes?: number | null;
};

export type BookSummary = Book & { storyCount: number };

// One correlated count per row, answered from the stories(book_id, …) index: the list stays one query.
const storyCount = countChildren(stories, stories.bookId, "books");

/** The first books by title, for the header's Books menu; bounded in SQL. */
export async function listBookTitles({ userId, limit }: { userId: number; limit: number }) {
  const query = prepared("listBookTitles", (client) =>
    client
      .select({ id: books.id, title: books.title })
      .from(books)
      .where(eq(books.userId, sql.placeholder("userId")))
      .orderBy(asc(books.title), asc(books.id))
      .limit(sql.placeholder("limit")),
  );
  return await query.execute({ userId, limit });
}

/** The user's books, most recently updated first, optionally searched by title and description. */
export async function listBooks({
  userId,
  search,
  limit,
  offset = 0,
}: {
  userId: number;
  search?: string;
  limit: number;
  offset?: number;
}) {
  // Two prepared statements: without a search the count reads only the books(user_id, …) index.
  const variant = search ? "search" : "all";
  const where = and(
    eq(books.userId, sql.placeholder("userId")),
    search ? searchContains([books.title, books.description], "pattern") : undefined,
  );
  const page = prepared(`listBooks:${variant}`, (client) =>
    client
      .select({ book: books, storyCount })
      .from(books)
      .where(where)
      .orderBy(desc(books.updatedAt), desc(books.id))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset")),
  );
  const total = prepared(`countListBooks:${variant}`, (client) =>
    client.select({ n: count() }).from(books).where(where),
  );
  const args = { userId, limit, offset, ...(search ? { pattern: containsPattern(search) } : {}) };
  return {
    books: (await page.execute(args)).map((r) => ({ ...r.book, storyCount: r.storyCount })),
    total: (await total.execute(args))[0]?.n ?? 0,
  };
}

/** A book only for its owner: anyone else gets null, and the route answers 404. */
export async function getBook({ bookId, userId }: { bookId: number; userId: number }): Promise<BookSummary | null> {
  // Prepared once: every page and call about a book asks first.
  const query = prepared("getBook", (client) =>
    client
      .select({ book: books, storyCount })
      .from(books)
      .where(and(eq(books.id, sql.placeholder("bookId")), eq(books.userId, sql.placeholder("userId")))),
  );
  const row = (await query.execute({ bookId, userId }))[0];
  return row ? { ...row.book, storyCount: row.storyCount } : null;
}

export async function ownedBook(tx: Tx, bookId: number, userId: number): Promise<Book> {
  const book = (
    await tx
      .select()
      .from(books)
      .where(and(eq(books.id, bookId), eq(books.userId, userId)))
  )[0];
  if (!book) throw new AppError(404, "books.notFound");
  return book;
}

export async function createBook({ userId, input }: { userId: number; input: BookInput }): Promise<Book> {
  return transaction(async (tx) => {
    const book = (
      await tx
        .insert(books)
        .values({ ...input, userId })
        .returning()
    )[0]!;
    if (input.coverBytes) await assertWithinQuota(tx, userId, { field: "cover" });
    await logActivity(tx, { userId, action: "create", resource: "book", details: { id: book.id, title: book.title } });
    return book;
  });
}

export async function updateBook({
  bookId,
  userId,
  input,
}: {
  bookId: number;
  userId: number;
  input: BookInput;
}): Promise<Book> {
  return transaction(async (tx) => {
    const current = await ownedBook(tx, bookId, userId);
    const book = (await tx.update(books).set(input).where(eq(books.id, bookId)).returning())[0]!;
    // Only a newly stored cover is checked: a user over the quota can still edit a title.
    if (input.coverBytes && input.coverImage !== current.coverImage)
      await assertWithinQuota(tx, userId, { field: "cover" });
    await logActivity(tx, { userId, action: "update", resource: "book", details: { id: bookId, title: book.title } });
    return book;
  });
}

/** Deletes the book; topics, questions, stories and media rows go with it by cascade. Returns what was deleted. */
/** Deletes the book with its topics, stories and media rows; the caller removes the returned media files. */
export async function deleteBook({
  bookId,
  userId,
}: {
  bookId: number;
  userId: number;
}): Promise<Book & { mediaKeys: string[] }> {
  return transaction(async (tx) => {
    const book = await ownedBook(tx, bookId, userId);
    const mediaKeys = (
      await tx
        .select({ key: media.storageKey })
        .from(media)
        .innerJoin(stories, eq(stories.id, media.storyId))
        .where(eq(stories.bookId, bookId))
    ).map((row) => row.key);
    await tx.delete(books).where(eq(books.id, bookId));
    await logActivity(tx, { userId, action: "delete", resource: "book", details: { id: bookId, title: book.title } });
    return { ...book, mediaKeys };
  });
}

/**
 * A new book with the same details and cover, titled with the suffix (" (Copy)" / " (Bản sao)").
 * Its topics are chosen afresh: the copy flow opens the topic suggestions next.
 */
export async function copyBook({
  bookId,
  userId,
  suffix,
}: {
  bookId: number;
  userId: number;
  suffix: string;
}): Promise<Book> {
  return transaction(async (tx) => {
    const source = await ownedBook(tx, bookId, userId);
    const copy = (
      await tx
        .insert(books)
        .values({
          userId,
          title: `${source.title}${suffix}`,
          description: source.description,
          tone: source.tone,
          language: source.language,
          coverImage: source.coverImage,
          // The same file as the source's: the quota counts it once.
          coverBytes: source.coverBytes,
        })
        .returning()
    )[0]!;
    await logActivity(tx, { userId, action: "copy", resource: "book", details: { id: copy.id, from: bookId } });
    return copy;
  });
}

/** True when some book still uses this cover URL (copies share their source's cover file). */
export async function isCoverInUse(coverImage: string): Promise<boolean> {
  return Boolean((await db().select({ id: books.id }).from(books).where(eq(books.coverImage, coverImage)).limit(1))[0]);
}

/** May this user see this uploaded cover? Its owner may, and the admin (checked by the caller). */
export async function userHasCover({ userId, coverImage }: { userId: number; coverImage: string }): Promise<boolean> {
  return Boolean(
    (
      await db()
        .select({ id: books.id })
        .from(books)
        .where(and(eq(books.userId, userId), eq(books.coverImage, coverImage)))
        .limit(1)
    )[0],
  );
}
