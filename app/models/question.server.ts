import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { db } from "~db/client.server";
import { books, questions, stories, topics } from "~db/schema";

export type SuggestedAction = {
  bookId: number;
  bookTitle: string;
  topicId: number;
  topicTitle: string;
  questionId: number;
  questionContent: string;
};

/**
 * Unanswered interview questions from the user's books, the most recently worked-on book first,
 * then in the order of its topics and questions. A question is answered when a story carries its id.
 */
export function listSuggestedActions({ userId, limit }: { userId: number; limit: number }): SuggestedAction[] {
  const answer = alias(stories, "answer");
  return db()
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
    .where(and(eq(books.userId, userId), eq(topics.archived, false), isNull(answer.id)))
    .orderBy(desc(books.updatedAt), asc(topics.position), asc(topics.id), asc(questions.position), asc(questions.id))
    .limit(limit)
    .all();
}
