import crypto from "node:crypto";
import type { StorytellerAddress } from "~db/storyteller-addresses";
import type { OpenedLink } from "~/models/storyteller-link.server";
import { answersSent, unansweredQuestions, type TellerQuestion } from "~/models/storyteller-answer.server";

type OpenLink = Extract<OpenedLink, { state: "open" }>;

/** What her page shows: one step, and never more of the book than the question and its topic's title. */
export type TellScreen =
  | { kind: "question"; question: TellerQuestion; anotherId: number | null; remaining: number }
  | { kind: "finished" }
  | { kind: "closing" };

export type TellPageData = {
  bookTitle: string;
  teller: { name: string; address: StorytellerAddress };
  screen: TellScreen;
  /** How many answers she has sent through this link, shown after she sends one. */
  sentCount: number;
  /** She has just sent an answer: the page thanks her, with the count, above the next question. */
  justSent: boolean;
  /** A new key for the next answer: the server writes it into the form, so a re-sent form is the same answer. */
  idempotencyKey: string;
};

/**
 * The question after `currentId` in book order, wrapping round to the first: "Another question" skips to it. Null
 * when there is no other.
 */
function anotherQuestion(questions: TellerQuestion[], currentId: number): number | null {
  if (questions.length < 2) return null;
  const index = questions.findIndex((question) => question.id === currentId);
  return questions[(index + 1) % questions.length]!.id;
}

/**
 * Her page for a link: the question named in the address when the link still offers it unanswered, else the next one
 * in book order; the closing words when she has had enough for today, or the thanks when nothing is left to answer.
 */
export function tellPage(opened: OpenLink, search: URLSearchParams): TellPageData {
  const { link, book } = opened;
  const base = {
    bookTitle: book.title,
    teller: { name: link.name, address: link.address },
    sentCount: answersSent(link.id),
    justSent: search.get("sent") === "1",
    idempotencyKey: crypto.randomUUID(),
  };
  if (search.get("done") === "1") return { ...base, screen: { kind: "closing" } };
  const questions = unansweredQuestions(link);
  const named = Number(search.get("question"));
  const question = questions.find((candidate) => candidate.id === named) ?? questions[0];
  if (!question) return { ...base, screen: { kind: "finished" } };
  return {
    ...base,
    screen: {
      kind: "question",
      question,
      anotherId: anotherQuestion(questions, question.id),
      remaining: questions.length,
    },
  };
}
