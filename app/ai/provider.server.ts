import type { Locale } from "~/i18n/config";
import { env } from "~/lib/env.server";
import { offlineProvider } from "./offline.server";

export type TopicSuggestion = { title: string; description: string };

export type BookContext = { title: string; description: string; tone: string; language: Locale };

export type TopicContext = { title: string; description: string; language: Locale };

/**
 * The one interface every AI feature goes through. The offline provider is the default; an
 * OpenAI-compatible provider joins it in the AI issue.
 */
export interface AiProvider {
  readonly name: string;
  /** Topics for a book; with `topicTitle`, only topics that are about that title (its description is wanted). */
  suggestTopics(book: BookContext, options?: { exclude?: string[]; topicTitle?: string; signal?: AbortSignal }): Promise<TopicSuggestion[]>;
  /** Interview questions for a topic, in the book's language, none of them already asked. */
  generateQuestions(topic: TopicContext, options: { exclude: string[]; count: number; signal?: AbortSignal }): Promise<string[]>;
}

export function aiProvider(): AiProvider {
  switch (env().aiProvider) {
    default:
      return offlineProvider;
  }
}
