import type { AiProvider, BookContext, TopicSuggestion } from "./types";
import { assembleBookPreview } from "./assemble-book-preview";
import { composeTopicPreview } from "./offline-preview";
import { completeOffline, followupOffline } from "./offline-writing-help";
import { suggestImprovementsOffline } from "./offline-improvements";
import { refineOffline } from "./offline-refine";
import { pickQuestions } from "./pick-questions";
import { normalize, score } from "./theme-match";
import { LIFE_THEMES } from "./themes";

export const SUGGESTION_COUNT = 8;

/**
 * Topic suggestions from the curated life themes: themes the book's title and description mention
 * come first, then the usual arc of a life story. Nothing is invented about the family.
 *
 * With `topicTitle` (the topic editor's "Suggest description") only themes that the typed topic title
 * names are returned, best match first: a description of some other theme would not be about the topic,
 * so an unrecognised title gets no suggestion rather than an unrelated one.
 */
export function suggestTopicsOffline(
  book: BookContext,
  exclude: string[] = [],
  topicTitle?: string,
): TopicSuggestion[] {
  const text = normalize(`${book.title} ${book.description}`);
  const topicText = topicTitle?.trim() ? normalize(topicTitle) : null;
  const excluded = new Set(exclude.map((title) => title.trim().toLowerCase()));
  return LIFE_THEMES.map((theme, order) => ({
    theme,
    order,
    topic: topicText ? score(theme, topicText) : 0,
    score: score(theme, text),
  }))
    .filter((entry) => !topicText || entry.topic > 0)
    .sort((a, b) => b.topic - a.topic || b.score - a.score || a.order - b.order)
    .map(({ theme }) => ({ title: theme.title[book.language], description: theme.description[book.language] }))
    .filter((topic) => !excluded.has(topic.title.toLowerCase()))
    .slice(0, SUGGESTION_COUNT);
}

export const offlineProvider: AiProvider = {
  name: "offline",
  async suggestTopics(book, options) {
    return suggestTopicsOffline(book, options?.exclude, options?.topicTitle);
  },
  async generateQuestions(topic, options) {
    return pickQuestions({
      title: topic.title,
      description: topic.description,
      language: topic.language,
      exclude: options.exclude,
      count: options.count,
    });
  },
  // Speech recognition needs a model this app does not ship: the audio is kept, for the family to write out.
  async transcribe() {
    return { text: null, reason: "transcription.writeOutLater" };
  },
  async autocomplete(input) {
    return completeOffline(input);
  },
  async answerFollowup(input) {
    return followupOffline(input);
  },
  async topicPreview(input) {
    return composeTopicPreview(input);
  },
  bookPreview(input, options) {
    return assembleBookPreview(
      input,
      async (topic) => composeTopicPreview({ book: input.book, topic, stories: topic.stories }),
      options?.onText,
    );
  },
  // Typography only; the instruction, tone and title need a language model (ADR 0010).
  async refine(input) {
    return refineOffline(input.text);
  },
  async suggestImprovements(input) {
    return suggestImprovementsOffline(input);
  },
};
