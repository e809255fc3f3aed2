import type { AiProvider, BookContext, TopicSuggestion } from "./provider.server";
import { pickQuestions } from "./pick-questions";
import { normalize, score } from "./theme-match";
import { LIFE_THEMES } from "./themes";

export const SUGGESTION_COUNT = 8;

/**
 * Topic suggestions from the curated life themes: themes the book's title and description mention
 * come first, then the usual arc of a life story. Nothing is invented about the family.
 */
export function suggestTopicsOffline(book: BookContext, exclude: string[] = []): TopicSuggestion[] {
  const text = normalize(`${book.title} ${book.description}`);
  const excluded = new Set(exclude.map((title) => title.trim().toLowerCase()));
  return LIFE_THEMES.map((theme, order) => ({ theme, order, score: score(theme, text) }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ theme }) => ({ title: theme.title[book.language], description: theme.description[book.language] }))
    .filter((topic) => !excluded.has(topic.title.toLowerCase()))
    .slice(0, SUGGESTION_COUNT);
}

export const offlineProvider: AiProvider = {
  name: "offline",
  async suggestTopics(book, options) {
    return suggestTopicsOffline(book, options?.exclude);
  },
  async generateQuestions(topic, options) {
    return pickQuestions({ title: topic.title, description: topic.description, language: topic.language, exclude: options.exclude, count: options.count });
  },
};
