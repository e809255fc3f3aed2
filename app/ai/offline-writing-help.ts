import type { Locale } from "~/i18n/config";
import { AUTOCOMPLETE_MIN_CHARS } from "~/lib/limits";
import { pickQuestions } from "./pick-questions";

export type AutocompleteInput = {
  text: string;
  title: string;
  topic: { title: string; description: string };
  language: Locale;
};
export type FollowupInput = {
  question: string;
  currentText: string;
  storyTitle: string;
  topic: { title: string; description: string };
  language: Locale;
};

const WORD = /[\p{L}\p{M}][\p{L}\p{M}'’-]*/gu;

/**
 * The offline autocomplete: the rest of the word being typed, from the words the user has already
 * written here (the story, its title, its topic), the most used one first. It never adds a word of its
 * own, so after a space, or when nothing the user wrote fits, the completion is empty.
 */
export function completeOffline({ text, title, topic }: AutocompleteInput): string {
  if (text.trim().length < AUTOCOMPLETE_MIN_CHARS) return "";
  const partial = /([\p{L}\p{M}][\p{L}\p{M}'’-]*)$/u.exec(text)?.[1];
  if (!partial || partial.length < 2) return "";
  const typed = partial.toLocaleLowerCase();
  const counts = new Map<string, number>();
  // The word being typed is not evidence of itself.
  const source = `${text.slice(0, text.length - partial.length)} ${title} ${topic.title} ${topic.description}`;
  for (const word of source.match(WORD) ?? []) {
    if (word.length > partial.length && word.toLocaleLowerCase().startsWith(typed))
      counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const best = [...counts].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length || a[0].localeCompare(b[0]))[0]?.[0];
  return best ? best.slice(partial.length) : "";
}

/**
 * The offline follow-up: the interviewer's next question for this topic from the curated bank, one
 * not already asked (neither the question being answered nor one quoted in the text).
 */
export function followupOffline({ question, currentText, topic, language }: FollowupInput): string {
  const asked = [question, ...currentText.split("\n").map((line) => line.replace(/^[→>\-\s]+/, "").trim())].filter(
    Boolean,
  );
  return (
    pickQuestions({ title: topic.title, description: topic.description, language, exclude: asked, count: 1 })[0] ?? ""
  );
}
