import { and, asc, count, eq, inArray, notExists } from "drizzle-orm";
import { db } from "~db/client.server";
import { questions, stories, storytellerLinks, topics, type Story, type StorytellerLink } from "~db/schema";

export type TellerQuestion = { id: number; question: string; topicTitle: string };

/** The topics a link offers, as a condition: its chosen ones, or every one; archived topics never. */
function offeredTopics(link: StorytellerLink) {
  return and(
    eq(topics.bookId, link.bookId),
    eq(topics.archived, false),
    link.topicIds === null ? undefined : inArray(topics.id, link.topicIds),
  );
}

/**
 * The questions a storyteller may still answer through her link, in book order: those of the offered topics that
 * no story answers yet. Only the question and its topic's title leave the server.
 */
export function unansweredQuestions(link: StorytellerLink): TellerQuestion[] {
  return db()
    .select({ id: questions.id, question: questions.question, topicTitle: topics.title })
    .from(questions)
    .innerJoin(topics, eq(topics.id, questions.topicId))
    .where(
      and(
        offeredTopics(link),
        notExists(db().select({ id: stories.id }).from(stories).where(eq(stories.questionId, questions.id))),
      ),
    )
    .orderBy(asc(topics.position), asc(topics.id), asc(questions.position), asc(questions.id))
    .all();
}

/** A question the link offers (answered or not) with its topic, or null when the link does not offer it. */
export function offeredQuestionTopic(
  link: StorytellerLink,
  questionId: number,
): { topicId: number; question: string } | null {
  return (
    db()
      .select({ topicId: questions.topicId, question: questions.question })
      .from(questions)
      .innerJoin(topics, eq(topics.id, questions.topicId))
      .where(and(eq(questions.id, questionId), offeredTopics(link)))
      .get() ?? null
  );
}

/** How many answers the link has brought, whatever the family has done with them since. */
export function answersSent(linkId: number): number {
  return db().select({ n: count() }).from(stories).where(eq(stories.storytellerLinkId, linkId)).get()?.n ?? 0;
}

/** The answer already kept under this key, when a retry brings it again. */
export function answerWithKey(linkId: number, idempotencyKey: string): Story | null {
  return (
    db()
      .select()
      .from(stories)
      .where(and(eq(stories.storytellerLinkId, linkId), eq(stories.idempotencyKey, idempotencyKey)))
      .get() ?? null
  );
}

export function markLinkUsed(linkId: number, at = new Date()): void {
  db().update(storytellerLinks).set({ lastUsedAt: at }).where(eq(storytellerLinks.id, linkId)).run();
}
