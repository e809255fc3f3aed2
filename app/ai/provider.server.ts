import type { Locale } from "~/i18n/config";
import { env } from "~/lib/env.server";
import { offlineProvider } from "./offline.server";

export type TopicSuggestion = { title: string; description: string };

export type BookContext = { title: string; description: string; tone: string; language: Locale };

export type TopicContext = { title: string; description: string; language: Locale };

/** Text to refine: the story's or draft's text, an optional free instruction, the book's language and tone. */
export type RefineInput = { text: string; instruction?: string; language: Locale; tone?: string; title?: string };

/** Text to suggest improvements for, with the story's and topic's titles for context. */
export type ImprovementInput = { content: string; title?: string; topicTitle?: string; language: Locale };

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
  /**
   * The text refined, in its own language: the same story, never new facts. The instruction ("make it
   * warmer") is for a language model; the offline provider only tidies typography and ignores it.
   */
  refine(input: RefineInput, options?: { signal?: AbortSignal }): Promise<string>;
  /**
   * Improvement suggestions as text in the book's language (SPEC §7), in the format the client parses
   * (ADR 0010): a heading, numbered suggestions, then a "Strengths" / "Điểm mạnh" heading with numbered
   * strengths. Every item must be about this text.
   */
  suggestImprovements(input: ImprovementInput, options?: { signal?: AbortSignal }): Promise<string>;
}

export function aiProvider(): AiProvider {
  switch (env().aiProvider) {
    default:
      return offlineProvider;
  }
}
