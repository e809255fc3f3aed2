import { setImmediate as nextTurn } from "node:timers/promises";
import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import { db } from "~db/client.server";
import {
  books,
  media,
  stories,
  storytellerLinks,
  topics,
  users,
  type Book,
  type Media,
  type Story,
  type Topic,
} from "~db/schema";
import type { StorytellerAddress } from "~db/storyteller-addresses";

/** One step of a printable book read in turns: its head first, then each topic with its stories after it. */
export type PrintableItem =
  | { kind: "book"; book: Book; storyteller: string | null }
  | { kind: "topic"; topic: Topic }
  | { kind: "story"; story: Story; media: Media[]; address: StorytellerAddress | null };

/**
 * What the printed book holds (issue 19): completed stories in topics that are not archived, in book order, and the
 * topics that have any; drafts, and a storyteller's answers waiting for the family, are never printed. Read one story
 * at a time with a turn of the event loop between reads, so that a book of any length is never held whole (issue 38):
 * a keepsake's source is written from it, and its content hash taken. A change made while it is read may show in
 * part; the keepsake is made again when its hash no longer matches. Reads the book by id: callers check who may.
 */
export async function* printableBookInTurns(bookId: number): AsyncGenerator<PrintableItem> {
  const book = (await db().select().from(books).where(eq(books.id, bookId)))[0];
  if (!book) return;
  yield { kind: "book", book, storyteller: await storytellerName(book) };
  // The forms of address of the book's storyteller links, read once: a handful of short rows, where a query per
  // story would ask the same few again and again.
  const links = await db()
    .select({ id: storytellerLinks.id, address: storytellerLinks.address })
    .from(storytellerLinks)
    .where(eq(storytellerLinks.bookId, bookId));
  const addresses = new Map(links.map((link) => [link.id, link.address]));
  const topicRows = await db()
    .select()
    .from(topics)
    .where(and(eq(topics.bookId, bookId), eq(topics.archived, false)))
    .orderBy(asc(topics.position), asc(topics.id));
  for (const topic of topicRows) {
    const storyIds = (
      await db()
        .select({ id: stories.id })
        .from(stories)
        .where(and(eq(stories.topicId, topic.id), eq(stories.status, "published")))
        .orderBy(asc(stories.position), asc(stories.id))
    ).map((row) => row.id);
    if (storyIds.length === 0) continue;
    yield { kind: "topic", topic };
    for (const id of storyIds) {
      await nextTurn();
      const story = (await db().select().from(stories).where(eq(stories.id, id)))[0];
      if (story?.status !== "published") continue;
      const items = await db()
        .select()
        .from(media)
        .where(eq(media.storyId, id))
        .orderBy(asc(media.createdAt), asc(media.id));
      const address = story.storytellerLinkId ? await addressOf(story.storytellerLinkId, addresses) : null;
      yield { kind: "story", story, media: items, address };
    }
  }
}

/**
 * A link's form of address, from the book's links read up front; a link of another book (a story copied with its
 * book keeps its link) is read once, then kept beside them.
 */
async function addressOf(
  linkId: number,
  addresses: Map<number, StorytellerAddress>,
): Promise<StorytellerAddress | null> {
  if (!addresses.has(linkId)) {
    const [link] = await db()
      .select({ address: storytellerLinks.address })
      .from(storytellerLinks)
      .where(eq(storytellerLinks.id, linkId));
    if (link) addresses.set(linkId, link.address);
  }
  return addresses.get(linkId) ?? null;
}

/** Whose stories the book tells: the name most of its answers came under, else its owner's own name. */
async function storytellerName(book: Book): Promise<string | null> {
  const named = await db()
    .select({ name: stories.tellerName, count: sql<number>`count(*)` })
    .from(stories)
    .where(and(eq(stories.bookId, book.id), eq(stories.status, "published"), isNotNull(stories.tellerName)))
    .groupBy(stories.tellerName)
    .orderBy(desc(sql`count(*)`))
    .limit(1);
  if (named[0]?.name?.trim()) return named[0].name.trim();
  const owner = (await db().select({ name: users.displayName }).from(users).where(eq(users.id, book.userId)))[0];
  return owner?.name?.trim() || null;
}
