import crypto from "node:crypto";
import type { StorytellerAddress } from "~db/storyteller-addresses";
import type { TellerQuestion } from "~/models/storyteller-answer.server";

/** What a door shows: one step, and never more of a book than the question and its topic's title. */
export type DoorScreen =
  | { kind: "question"; question: TellerQuestion; anotherId: number | null; remaining: number }
  | { kind: "finished" }
  | { kind: "closing" };

export type DoorPageData = {
  title: string;
  teller: { name: string; address: StorytellerAddress };
  screen: DoorScreen;
  /** How many answers have come through this door, shown after one is sent. */
  sentCount: number;
  /** An answer has just been sent: the page gives thanks, with the count, above the next question. */
  justSent: boolean;
  /** Her answer's recording was kept without its words (`?voice=1`): the thanks say the family will write it out. */
  voiceSaved: boolean;
  /** A new key for the next answer: the server writes it into the form, so a re-sent form is the same answer. */
  idempotencyKey: string;
};

/** What a door's page is made from; the counts and questions are read only when a page is drawn. */
export type DoorPageSource = Pick<DoorPageData, "title" | "teller"> & {
  sentCount: () => Promise<number>;
  questions: () => Promise<TellerQuestion[]>;
};

/**
 * The question after `currentId` in order, wrapping round to the first: "Another question" skips to it. Null when
 * there is no other.
 */
function anotherQuestion(questions: TellerQuestion[], currentId: number): number | null {
  if (questions.length < 2) return null;
  const index = questions.findIndex((question) => question.id === currentId);
  return questions[(index + 1) % questions.length]!.id;
}

/**
 * A door's page (issue 18): the question named in the address when it is still offered and unanswered, else the next
 * one; the closing words when enough is enough for today, or the thanks when nothing is left to answer.
 */
export async function doorPage(door: DoorPageSource, search: URLSearchParams): Promise<DoorPageData> {
  const base = {
    title: door.title,
    teller: door.teller,
    sentCount: await door.sentCount(),
    justSent: search.get("sent") === "1",
    voiceSaved: search.get("sent") === "1" && search.get("voice") === "1",
    idempotencyKey: crypto.randomUUID(),
  };
  if (search.get("done") === "1") return { ...base, screen: { kind: "closing" } };
  const questions = await door.questions();
  // `questionId` is what her weekly email's button names (issue 37); `question`, the page's own links.
  const named = Number(search.get("questionId") ?? search.get("question"));
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
