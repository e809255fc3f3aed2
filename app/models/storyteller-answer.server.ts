import { and, asc, count, desc, eq, inArray, isNotNull, isNull, notExists, type SQL } from "drizzle-orm";
import { db } from "~db/client.server";
import { books, questions, stories, storytellerLinks, topics, type Story, type StorytellerLink } from "~db/schema";

// The questions and answers of the two doors of issue 18: a storyteller's link to one book, and the signed-in
// owner's own door to all of their books.

export type TellerQuestion = { id: number; question: string; topicTitle: string };

/** The topics a link offers, as a condition: its chosen ones, or every one; archived topics never. */
function offeredByLink(link: Pick<StorytellerLink, "bookId" | "topicIds">): SQL | undefined {
  return and(
    eq(topics.bookId, link.bookId),
    eq(topics.archived, false),
    link.topicIds === null ? undefined : inArray(topics.id, link.topicIds),
  );
}

/** The owner's own door offers every topic of theirs that is not archived. */
function offeredToOwner(userId: number): SQL | undefined {
  return and(eq(books.userId, userId), eq(topics.archived, false));
}

/**
 * The questions still to answer, in order (the most recently worked-on book first, then book order): those of the
 * offered topics that no story answers yet. Only the question and its topic's title leave the server.
 */
async function unanswered(offered: SQL | undefined, limit = -1): Promise<TellerQuestion[]> {
  return await db()
    .select({ id: questions.id, question: questions.question, topicTitle: topics.title })
    .from(questions)
    .innerJoin(topics, eq(topics.id, questions.topicId))
    .innerJoin(books, eq(books.id, topics.bookId))
    .where(
      and(
        offered,
        notExists(db().select({ id: stories.id }).from(stories).where(eq(stories.questionId, questions.id))),
      ),
    )
    .orderBy(desc(books.updatedAt), asc(topics.position), asc(topics.id), asc(questions.position), asc(questions.id))
    .limit(limit);
}

/** The link's questions still to answer, in book order; `limit` bounds a list the family picks from. */
export const unansweredQuestions = (link: Pick<StorytellerLink, "bookId" | "topicIds">, limit?: number) =>
  unanswered(offeredByLink(link), limit);
export const unansweredOwnQuestions = (userId: number) => unanswered(offeredToOwner(userId));
export type OfferedQuestion = { topicId: number; bookId: number; question: string };

/** A question the door offers (answered or not) with its topic and book, or null when it does not offer it. */
async function offeredQuestion(offered: SQL | undefined, questionId: number): Promise<OfferedQuestion | null> {
  return (
    (
      await db()
        .select({ topicId: questions.topicId, bookId: topics.bookId, question: questions.question })
        .from(questions)
        .innerJoin(topics, eq(topics.id, questions.topicId))
        .innerJoin(books, eq(books.id, topics.bookId))
        .where(and(eq(questions.id, questionId), offered))
    )[0] ?? null
  );
}

export const linkQuestion = async (link: StorytellerLink, questionId: number) =>
  await offeredQuestion(offeredByLink(link), questionId);
export const ownQuestion = (userId: number, questionId: number) => offeredQuestion(offeredToOwner(userId), questionId);

/** How many answers the link has brought, whatever the family has done with them since. */
export async function answersSent(linkId: number): Promise<number> {
  return (await db().select({ n: count() }).from(stories).where(eq(stories.storytellerLinkId, linkId)))[0]?.n ?? 0;
}

/** How many answers the owner has given through their own door (each carries its door's key). */
export async function ownAnswersGiven(userId: number): Promise<number> {
  return (
    (
      await db()
        .select({ n: count() })
        .from(stories)
        .innerJoin(books, eq(books.id, stories.bookId))
        .where(and(eq(books.userId, userId), isNotNull(stories.idempotencyKey), isNull(stories.storytellerLinkId)))
    )[0]?.n ?? 0
  );
}

/** The answer already kept in this book under this key through this door (`scope`), when a retry brings it again. */
export async function answerWithKey(bookId: number, scope: string, idempotencyKey: string): Promise<Story | null> {
  return (
    (
      await db()
        .select()
        .from(stories)
        .where(
          and(
            eq(stories.bookId, bookId),
            eq(stories.idempotencyScope, scope),
            eq(stories.idempotencyKey, idempotencyKey),
          ),
        )
    )[0] ?? null
  );
}

export async function markLinkUsed(linkId: number, at = new Date()): Promise<void> {
  await db().update(storytellerLinks).set({ lastUsedAt: at }).where(eq(storytellerLinks.id, linkId));
}
