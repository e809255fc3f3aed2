import type { Locale } from "~/i18n/config";
import { env } from "~/lib/env.server";
import { offlineProvider } from "./offline.server";

export type TopicSuggestion = { title: string; description: string };

export type BookContext = { title: string; description: string; tone: string; language: Locale };

/**
 * The one interface every AI feature goes through. The offline provider is the default; an
 * OpenAI-compatible provider joins it in the AI issue.
 */
export interface AiProvider {
  readonly name: string;
  suggestTopics(book: BookContext, options?: { exclude?: string[]; signal?: AbortSignal }): Promise<TopicSuggestion[]>;
}

export function aiProvider(): AiProvider {
  switch (env().aiProvider) {
    default:
      return offlineProvider;
  }
}
