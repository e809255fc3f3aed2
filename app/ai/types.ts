import type { Locale } from "~/i18n/config";
import type { MessageKey } from "~/i18n/types";
import type { AutocompleteInput, FollowupInput } from "./offline-writing-help";
import type { BookPreviewInput, PreviewOptions, TopicPreviewInput } from "./preview-types";

// The AI provider's interface and the shapes it takes and gives: the providers (offline.server.ts,
// openai.server.ts) implement it, and provider.server.ts chooses one. Kept apart so that the providers
// need not import the module that imports them.

/** A recording's text, or why there is none (the audio is kept either way). */
export type Transcription = { text: string; reason?: undefined } | { text: null; reason: MessageKey };
/** A recording to transcribe: a Blob, so a stored file is read as it is sent rather than held in memory. */
export type Audio = { data: Blob; mimeType: string; filename: string };

export type TopicSuggestion = { title: string; description: string };

export type BookContext = { title: string; description: string; tone: string; language: Locale };

export type TopicContext = { title: string; description: string; language: Locale };

/** Text to refine: the story's or draft's text, an optional free instruction, the book's language and tone. */
export type RefineInput = { text: string; instruction?: string; language: Locale; tone?: string; title?: string };

/** Text to suggest improvements for, with the story's and topic's titles for context. */
export type ImprovementInput = { content: string; title?: string; topicTitle?: string; language: Locale };

/**
 * The one interface every AI feature goes through: the offline provider (the default) or any
 * OpenAI-compatible server (`AI_PROVIDER=openai`, the default when `OPENAI_API_KEY` is set).
 * A provider's failure is an AppError(502) whose message the user can read.
 */
export interface AiProvider {
  readonly name: string;
  /** Topics for a book; with `topicTitle`, only topics that are about that title (its description is wanted). */
  suggestTopics(
    book: BookContext,
    options?: { exclude?: string[]; topicTitle?: string; signal?: AbortSignal },
  ): Promise<TopicSuggestion[]>;
  /** Interview questions for a topic, in the book's language, none of them already asked. */
  generateQuestions(
    topic: TopicContext,
    options: { exclude: string[]; count: number; signal?: AbortSignal },
  ): Promise<string[]>;
  /** A few words continuing what the user is typing, in their language; empty when nothing fits. */
  autocomplete(input: AutocompleteInput, options?: { signal?: AbortSignal }): Promise<string>;
  /** The interviewer's follow-up question to what the user is telling. */
  answerFollowup(input: FollowupInput, options?: { signal?: AbortSignal }): Promise<string>;
  /** A recording as text in the book's language; the offline provider has none and says why. */
  transcribe(audio: Audio, options: { language: Locale; signal?: AbortSignal }): Promise<Transcription>;
  /** A topic's draft narrative from its stories, in the book's language, keeping image markers; may stream. */
  topicPreview(input: TopicPreviewInput, options?: PreviewOptions): Promise<string>;
  /** The whole book's draft narrative, topic by topic; may stream. */
  bookPreview(input: BookPreviewInput, options?: PreviewOptions): Promise<string>;
  /**
   * The text refined, in its own language: the same story, never new facts. The instruction ("make it
   * warmer") is for a language model; the offline provider only tidies typography and ignores it.
   */
  refine(input: RefineInput, options?: { signal?: AbortSignal }): Promise<string>;
  /**
   * Improvement suggestions as text in the book's language (docs/product.md §7), in the format the client parses
   * (ADR 0010): a heading, numbered suggestions, then a "Strengths" / "Điểm mạnh" heading with numbered
   * strengths. Every item must be about this text.
   */
  suggestImprovements(input: ImprovementInput, options?: { signal?: AbortSignal }): Promise<string>;
}
