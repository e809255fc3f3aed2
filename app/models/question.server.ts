import { and, asc, desc, eq, isNull, notInArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { prepared, type Tx, transaction } from "~db/client.server";
import { nextPosition } from "~db/positions";
import { aiProvider } from "~/ai/provider.server";
import { AppError } from "~/lib/errors";
import { logBookChange } from "./activity.server";
import { ownedTopic } from "./topic.server";
import { books, questions, stories, topics } from "~db/schema";
import type { SuggestedAction } from "./question.types";

/**
 * Unanswered interview questions from the user's books, the most recently worked-on book first,
 * then in the order of its topics and questions. A question is answered when a story carries its id.
 */
export async function listSuggestedActions({
  userId,
  limit,
}: {
  userId: number;
  limit: number;
}): Promise<SuggestedAction[]> {
  // Prepared once: Home asks on every render, and building the query cost more than running it.
  const query = prepared("listSuggestedActions", (client) => {
    const answer = alias(stories, "answer");
    return client
      .select({
        bookId: books.id,
        bookTitle: books.title,
        topicId: topics.id,
        topicTitle: topics.title,
        questionId: questions.id,
        questionContent: questions.question,
      })
      .from(questions)
      .innerJoin(topics, eq(topics.id, questions.topicId))
      .innerJoin(books, eq(books.id, topics.bookId))
      .leftJoin(answer, eq(answer.questionId, questions.id))
      .where(and(eq(books.userId, sql.placeholder("userId")), eq(topics.archived, false), isNull(answer.id)))
      .orderBy(
        desc(books.updatedAt),
        desc(books.id),
        asc(topics.position),
        asc(topics.id),
        asc(questions.position),
        asc(questions.id),
      )
      .limit(sql.placeholder("limit"));
  });
  return await query.execute({ userId, limit });
}

/**
 * Where a user without an open question stands (the home page says what to do next): whether any of their
 * topics has questions at all, and the first topic without any, in the most recently worked-on book.
 */
export async function questionsOverview({ userId }: { userId: number }): Promise<{
  hasQuestions: boolean;
  topicWithout: { bookId: number; topicId: number; topicTitle: string } | null;
}> {
  // Prepared once: Home asks whenever no question is open, and building the queries cost more than running them.
  const live = and(eq(books.userId, sql.placeholder("userId")), eq(topics.archived, false));
  const [[asked], [topicWithout]] = await Promise.all([
    prepared("anyLiveQuestion", (client) =>
      client
        .select({ id: questions.id })
        .from(questions)
        .innerJoin(topics, eq(topics.id, questions.topicId))
        .innerJoin(books, eq(books.id, topics.bookId))
        .where(live)
        .limit(1),
    ).execute({ userId }),
    prepared("firstTopicWithoutQuestions", (client) =>
      client
        .select({ bookId: books.id, topicId: topics.id, topicTitle: topics.title })
        .from(topics)
        .innerJoin(books, eq(books.id, topics.bookId))
        .leftJoin(questions, eq(questions.topicId, topics.id))
        .where(and(live, isNull(questions.id)))
        .orderBy(desc(books.updatedAt), desc(books.id), asc(topics.position), asc(topics.id))
        .limit(1),
    ).execute({ userId }),
  ]);
  return { hasQuestions: Boolean(asked), topicWithout: topicWithout ?? null };
}

type QuestionView = { id: number; topicId: number; question: string; position: number; answered: boolean };

/** A topic's questions in order, each marked answered when a story carries its id. */
export async function listQuestions({ topicId }: { topicId: number }): Promise<QuestionView[]> {
  // Prepared once: the workspace asks on every render.
  const query = prepared("listQuestions", (client) => {
    const answer = alias(stories, "answer");
    return client
      .selectDistinct({
        id: questions.id,
        topicId: questions.topicId,
        question: questions.question,
        position: questions.position,
        answered: sql<number>`${answer.id} is not null`.mapWith(Boolean),
      })
      .from(questions)
      .leftJoin(answer, eq(answer.questionId, questions.id))
      .where(eq(questions.topicId, sql.placeholder("topicId")))
      .orderBy(asc(questions.position), asc(questions.id));
  });
  return await query.execute({ topicId });
}

/** Inserts questions after the topic's last one, in the given order. */
async function insertQuestions(tx: Tx, topicId: number, texts: string[]) {
  const first = await nextPosition(tx, questions, questions.position, eq(questions.topicId, topicId));
  if (texts.length === 0) return [];
  return tx
    .insert(questions)
    .values(texts.map((question, i) => ({ topicId, question, position: first + i })))
    .returning();
}

/** Adds questions at the end of the topic's list (a custom one, or generated ones). */
export async function addQuestions({
  topicId,
  userId,
  texts,
  source,
}: {
  topicId: number;
  userId: number;
  texts: string[];
  source: "custom" | "generated";
}) {
  return transaction(async (tx) => {
    const { bookId } = await ownedTopic(tx, topicId, userId);
    const clean = texts.map((text) => text.trim()).filter(Boolean);
    if (clean.length === 0) throw new AppError(400, "questions.blank", "question");
    const created = await insertQuestions(tx, topicId, clean);
    await logBookChange(tx, bookId, {
      userId,
      action: "create",
      resource: "question",
      details: { topicId, count: created.length, source },
    });
    return created;
  });
}

/**
 * Replaces the topic's unanswered questions with fresh ones; answered questions stay, since stories
 * point at them.
 */
export async function replaceUnansweredQuestions({
  topicId,
  userId,
  texts,
}: {
  topicId: number;
  userId: number;
  texts: string[];
}) {
  return transaction(async (tx) => {
    const { bookId } = await ownedTopic(tx, topicId, userId);
    const answered = (
      await tx
        .selectDistinct({ id: questions.id })
        .from(questions)
        .innerJoin(stories, eq(stories.questionId, questions.id))
        .where(eq(questions.topicId, topicId))
    ).map((row) => row.id);
    await tx
      .delete(questions)
      .where(and(eq(questions.topicId, topicId), answered.length ? notInArray(questions.id, answered) : undefined));
    const created = await insertQuestions(tx, topicId, texts.map((text) => text.trim()).filter(Boolean));
    await logBookChange(tx, bookId, {
      userId,
      action: "regenerate",
      resource: "question",
      details: { topicId, count: created.length },
    });
    return created;
  });
}

const QUESTIONS_PER_GENERATION = 5;

/**
 * Asks the AI provider for questions the topic has not had yet, in its book's language, and puts them
 * in place of the unanswered ones. Throws when the provider fails; nothing is changed then.
 */
export async function regenerateQuestions({
  topic,
  userId,
  signal,
}: {
  topic: { id: number; title: string; description: string; bookLanguage: "en" | "vi" };
  userId: number;
  signal?: AbortSignal;
}) {
  const asked = (await listQuestions({ topicId: topic.id })).map((q) => q.question);
  const texts = await aiProvider().generateQuestions(
    { title: topic.title, description: topic.description, language: topic.bookLanguage },
    { exclude: asked, count: QUESTIONS_PER_GENERATION, signal },
  );
  return replaceUnansweredQuestions({ topicId: topic.id, userId, texts });
}
