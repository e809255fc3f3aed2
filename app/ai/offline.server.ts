import type { AiProvider, BookContext, TopicSuggestion } from "./provider.server";
import { LIFE_THEMES, type LifeTheme } from "./themes";

export const SUGGESTION_COUNT = 8;

/** How strongly a text points at a theme: the number of its keywords found in the text. */
function score(theme: LifeTheme, text: string): number {
  return theme.keywords.reduce((n, keyword) => (text.includes(keyword) ? n + 1 : n), 0);
}

/**
 * Topic suggestions from the curated life themes: themes the book's title and description mention
 * come first, then the usual arc of a life story. Nothing is invented about the family.
 */
export function suggestTopicsOffline(book: BookContext, exclude: string[] = []): TopicSuggestion[] {
  const text = `${book.title} ${book.description}`.toLowerCase();
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
};
