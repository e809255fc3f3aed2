// What a language model answers is checked here before anything is shown or stored: it is parsed,
// trimmed, de-duplicated and capped, whatever response format the server claims to honour.
import { z } from "zod";
import type { TopicSuggestion } from "./types";
import { TOPIC_DESCRIPTION_MAX } from "./prompts";

/** The model's answer cannot be used (not JSON, the wrong shape, nothing usable in it). */
export class ModelOutputError extends Error {
  override name = "ModelOutputError";
}

const TOPIC_TITLE_MAX = 120;
const QUESTION_MAX = 300;

/** One line of clean text: Unicode composed (Vietnamese diacritics compare equal), spaces collapsed. */
function cleanText(text: string): string {
  return text.normalize("NFC").replace(/\s+/g, " ").trim();
}

/** What makes two titles or questions the same: case, spacing and end punctuation aside. */
function sameKey(text: string): string {
  return cleanText(text)
    .toLocaleLowerCase()
    .replace(/[\s?.!…。？！]+$/u, "");
}

/** At most `max` characters, cut at a word and marked with an ellipsis. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, "")}…`;
}

/** The JSON in a model's message; tolerates a Markdown code fence, which some local models add. */
function readJsonContent(content: string | null | undefined): unknown {
  const text = content
    ?.trim()
    .replace(/^```(?:json)?\s*/i, "")
    .replace(/\s*```$/, "");
  if (!text) throw new ModelOutputError("the answer is empty");
  try {
    return JSON.parse(text);
  } catch {
    throw new ModelOutputError("the answer is not JSON");
  }
}

const topicsAnswer = z.object({ topics: z.array(z.unknown()) });
const topicItem = z.object({ title: z.string(), description: z.string().default("") });

/**
 * Topics from the model's answer: titles and descriptions trimmed, empty, overlong and repeated titles
 * dropped, titles in `exclude` dropped (case-insensitively), descriptions clipped, at most `max`.
 * An empty list is a valid answer (nothing fits, or only topics the book has); a list of nothing but
 * malformed items is not.
 */
export function parseTopics(
  content: string | null | undefined,
  { max, exclude = [] }: { max: number; exclude?: string[] },
): TopicSuggestion[] {
  const answer = topicsAnswer.safeParse(readJsonContent(content));
  if (!answer.success) throw new ModelOutputError("the answer has no list of topics");
  const seen = new Set(exclude.map(sameKey));
  const topics: TopicSuggestion[] = [];
  let wellFormed = 0;
  for (const raw of answer.data.topics) {
    const item = topicItem.safeParse(raw);
    if (!item.success) continue;
    const title = cleanText(item.data.title);
    const key = sameKey(title);
    if (!key || title.length > TOPIC_TITLE_MAX) continue;
    wellFormed++;
    if (seen.has(key)) continue;
    seen.add(key);
    topics.push({ title, description: clip(cleanText(item.data.description), TOPIC_DESCRIPTION_MAX) });
    if (topics.length === max) break;
  }
  if (answer.data.topics.length > 0 && wellFormed === 0) {
    throw new ModelOutputError("the answer has no usable topic");
  }
  return topics;
}

const questionsAnswer = z.object({ questions: z.array(z.unknown()) });

/**
 * Questions from the model's answer: trimmed, each one question (at most one question mark), none
 * empty, overlong, repeated or already asked (case-insensitively), at most `count`. No usable
 * question at all is an error, so the topic's questions are never replaced by nothing.
 */
export function parseQuestions(
  content: string | null | undefined,
  { count, exclude = [] }: { count: number; exclude?: string[] },
): string[] {
  const answer = questionsAnswer.safeParse(readJsonContent(content));
  if (!answer.success) throw new ModelOutputError("the answer has no list of questions");
  const seen = new Set(exclude.map(sameKey));
  const questions: string[] = [];
  for (const raw of answer.data.questions) {
    if (typeof raw !== "string") continue;
    const question = cleanText(raw);
    const key = sameKey(question);
    const marks = question.match(/[?？]/g)?.length ?? 0;
    if (!key || question.length > QUESTION_MAX || marks > 1 || seen.has(key)) continue;
    seen.add(key);
    questions.push(question);
    if (questions.length === count) break;
  }
  if (questions.length === 0) throw new ModelOutputError("the answer has no new question");
  return questions;
}
