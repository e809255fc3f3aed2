import { setTimeout as sleep } from "node:timers/promises";
import OpenAI, { toFile, APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { zodResponseFormat } from "openai/helpers/zod";
import type { ResponseFormatJSONSchema } from "openai/resources/shared";
import { z } from "zod";
import type { MessageKey } from "~/i18n/types";
import { AppError } from "~/lib/errors";
import { ModelOutputError, parseQuestions, parseTopics } from "./model-output";
import { SUGGESTION_COUNT } from "./offline.server";
import { assembleBookPreview, hasContent } from "./assemble-book-preview";
import {
  autocompletePrompt,
  followupPrompt,
  improvementsPrompt,
  questionsPrompt,
  refinePrompt,
  topicPreviewPrompt,
  topicsPrompt,
  type ChatMessage,
} from "./prompts";
import type { TopicPreviewInput } from "./preview-types";
import { missingRecordings } from "./recording-lines";
import type { AiProvider } from "./types";

export type OpenAiOptions = {
  apiKey: string;
  /** Any OpenAI-compatible server, e.g. http://localhost:11434/v1 for Ollama; OpenAI's own when unset. */
  baseURL?: string;
  model: string;
  /** The speech-to-text model (AI_TRANSCRIBE_MODEL). */
  transcribeModel?: string;
  /** How long one request to the server may take before it is abandoned (not retried). */
  timeoutMs: number;
};

const DEFAULT_TRANSCRIBE_MODEL = "whisper-1";

/** Plain text answers (autocomplete, follow-up) need no schema. */
const TEXT_FORMAT = undefined;

/** A short text answer on one line, without quotes the model may wrap it in, cut to `max` characters. */
function oneLineAnswer(content: string | null, max: number): string {
  return (content ?? "")
    .replace(/\s+/g, " ")
    .replace(/^["“'«]+|["”'»]+$/g, "")
    .slice(0, max);
}

/** How many times the usual timeout a streamed preview may take. */
const PREVIEW_TIMEOUT_FACTOR = 3;

/** The wait before the one retry, when the server does not say how long to wait. */
const RETRY_DELAY_MS = 500;
/** A server that asks for a longer wait than this is not retried: the user is waiting. */
const RETRY_AFTER_MAX_MS = 5_000;

// What the model must answer, as JSON-schema response formats. parseTopics/parseQuestions check
// the answer again: not every OpenAI-compatible server enforces the schema.
const topicsFormat = zodResponseFormat(
  z.object({ topics: z.array(z.object({ title: z.string(), description: z.string() })) }),
  "topics",
);
const questionsFormat = zodResponseFormat(z.object({ questions: z.array(z.string()) }), "questions");

/**
 * How long to wait before retrying a failed request, or null to give up. Exactly one retry, only
 * for 429 and 5xx, whose cause may have passed; a timeout has already made the user wait.
 */
function retryDelay(error: unknown): number | null {
  if (!(error instanceof APIError) || error instanceof APIConnectionError) return null;
  const status = error.status ?? 0;
  if (status !== 429 && status < 500) return null;
  const asked = retryAfterMs(error.headers);
  if (asked === null) return RETRY_DELAY_MS;
  return asked <= RETRY_AFTER_MAX_MS ? asked : null;
}

function retryAfterMs(headers: Headers | undefined): number | null {
  const ms = Number.parseFloat(headers?.get("retry-after-ms") ?? "");
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers?.get("retry-after");
  if (!value) return null;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

/** The user's message for a failure, and a line for the server's log (never the family's text). */
function describeFailure(
  error: unknown,
  signal: AbortSignal | undefined,
  timeoutMs: number,
): { key: MessageKey; log: string } {
  if (signal?.aborted || error instanceof APIUserAbortError)
    return { key: "errors.aiUnavailable", log: "cancelled: the client went away" };
  if (error instanceof ModelOutputError)
    return { key: "errors.aiInvalidAnswer", log: `unusable answer: ${error.message}` };
  if (error instanceof APIConnectionTimeoutError)
    return { key: "errors.aiUnavailable", log: `no answer within ${timeoutMs} ms` };
  if (error instanceof APIConnectionError)
    return { key: "errors.aiUnavailable", log: `cannot reach the server: ${rootCause(error)}` };
  if (error instanceof APIError)
    return {
      key: error.status === 429 ? "errors.aiBusy" : "errors.aiUnavailable",
      log: `the server answered ${error.message}`,
    };
  return { key: "errors.aiUnavailable", log: String(error) };
}

/** The innermost cause of a connection failure, e.g. ECONNREFUSED under fetch's "fetch failed". */
function rootCause(error: Error): string {
  let inner: unknown = error;
  while (inner instanceof Error && inner.cause) inner = inner.cause;
  if (inner instanceof Error)
    return "code" in inner && inner.code ? `${String(inner.code)} ${inner.message}` : inner.message;
  return String(inner);
}

/**
 * The AI provider for any OpenAI-compatible server (OpenAI, Ollama, vLLM, LM Studio, llama.cpp):
 * chat completions with JSON-schema response formats, the only API all of them share.
 * Every failure is an AppError(502) with a translated message, and the call is cancelled with
 * the request that asked for it.
 */
export function createOpenAiProvider(options: OpenAiOptions): AiProvider {
  // Retries are ours (see retryDelay), so the SDK's own are off.
  // A preview is a long answer: it may take several times as long as a list of questions.
  const previewTimeoutMs = options.timeoutMs * PREVIEW_TIMEOUT_FACTOR;
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    maxRetries: 0,
    timeout: options.timeoutMs,
  });

  /** One chat completion, retried once; `timeoutMs` lets a longer task (a book preview) wait longer. */
  async function complete(
    messages: ChatMessage[],
    format: ResponseFormatJSONSchema | undefined,
    signal?: AbortSignal,
    timeoutMs = options.timeoutMs,
  ): Promise<string | null> {
    for (let attempt = 1; ; attempt++) {
      try {
        const completion = await client.chat.completions.create(
          { model: options.model, messages, ...(format ? { response_format: format } : {}) },
          { signal, timeout: timeoutMs, maxRetries: 0 },
        );
        const message = completion.choices[0]?.message;
        if (message?.refusal) throw new ModelOutputError("the model refused");
        return message?.content ?? null;
      } catch (error) {
        const delay = attempt === 1 && !signal?.aborted ? retryDelay(error) : null;
        if (delay === null) throw error;
        await sleep(delay, undefined, { signal });
      }
    }
  }

  /**
   * One streamed chat completion: each piece goes to `onText` as it arrives. Retried once like
   * `complete`, but only while nothing has been streamed yet.
   */
  async function stream(
    messages: ChatMessage[],
    signal: AbortSignal | undefined,
    onText?: (chunk: string) => void,
  ): Promise<string> {
    for (let attempt = 1; ; attempt++) {
      let text = "";
      try {
        const chunks = await client.chat.completions.create(
          { model: options.model, messages, stream: true },
          { signal, timeout: previewTimeoutMs, maxRetries: 0 },
        );
        for await (const chunk of chunks) {
          const piece = chunk.choices[0]?.delta?.content ?? "";
          if (!piece) continue;
          text += piece;
          onText?.(piece);
        }
        if (!text.trim()) throw new ModelOutputError("an empty preview");
        return text;
      } catch (error) {
        const delay = attempt === 1 && text === "" && !signal?.aborted ? retryDelay(error) : null;
        if (delay === null) throw error;
        await sleep(delay, undefined, { signal });
      }
    }
  }

  /**
   * A topic's chapter as the model writes it, streamed, then any recording line it left out, each under its
   * story's title: a story told only aloud stays in the book whatever the model did (docs/product.md §2).
   */
  async function chapter(
    input: TopicPreviewInput,
    signal: AbortSignal | undefined,
    onText?: (chunk: string) => void,
  ): Promise<string> {
    const text = (await stream(topicPreviewPrompt(input), signal, onText)).trim();
    const missing = missingRecordings(input.stories, text, input.book.language);
    if (missing.length === 0) return text;
    const tail = `\n\n${missing.join("\n\n")}`;
    onText?.(tail);
    return text + tail;
  }

  async function run<T>(task: string, signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const { key, log } = describeFailure(error, signal, options.timeoutMs);
      console.error(`AI ${task} (${options.model}) failed: ${log}`);
      throw new AppError(502, key);
    }
  }

  return {
    name: "openai",
    suggestTopics(book, { exclude = [], topicTitle, signal } = {}) {
      return run("suggestTopics", signal, async () => {
        const content = await complete(
          topicsPrompt({ book, count: SUGGESTION_COUNT, exclude, topicTitle }),
          topicsFormat,
          signal,
        );
        return parseTopics(content, { max: topicTitle ? 3 : SUGGESTION_COUNT, exclude });
      });
    },
    generateQuestions(topic, { exclude, count, signal }) {
      return run("generateQuestions", signal, async () => {
        const content = await complete(questionsPrompt({ topic, count, exclude }), questionsFormat, signal);
        return parseQuestions(content, { count, exclude });
      });
    },
    refine(input, { signal } = {}) {
      return run("refine", signal, async () => {
        const text = (await complete(refinePrompt(input), TEXT_FORMAT, signal, previewTimeoutMs))?.trim();
        if (!text) throw new ModelOutputError("an empty refinement");
        return text;
      });
    },
    suggestImprovements(input, { signal } = {}) {
      return run("suggestImprovements", signal, async () => {
        const text = (await complete(improvementsPrompt(input), TEXT_FORMAT, signal))?.trim();
        if (!text) throw new ModelOutputError("no suggestions");
        return text;
      });
    },
    transcribe(audio, { language, signal }) {
      return run("transcribe", signal, async () => {
        const file = await toFile(audio.data, audio.filename, { type: audio.mimeType });
        const result = await client.audio.transcriptions.create(
          { file, model: options.transcribeModel ?? DEFAULT_TRANSCRIBE_MODEL, language },
          { signal, timeout: previewTimeoutMs, maxRetries: 1 },
        );
        return { text: result.text.trim() };
      });
    },
    autocomplete(input, { signal } = {}) {
      return run("autocomplete", signal, async () =>
        oneLineAnswer(await complete(autocompletePrompt(input), TEXT_FORMAT, signal), 120),
      );
    },
    answerFollowup(input, { signal } = {}) {
      return run("answerFollowup", signal, async () => {
        const answer = oneLineAnswer(await complete(followupPrompt(input), TEXT_FORMAT, signal), 300);
        if (!answer) throw new ModelOutputError("an empty follow-up");
        return answer;
      });
    },
    topicPreview(input, { signal, onText } = {}) {
      return run("topicPreview", signal, async () =>
        hasContent(input.stories) ? await chapter(input, signal, onText) : "",
      );
    },
    bookPreview(input, { signal, onText } = {}) {
      return run("bookPreview", signal, () =>
        assembleBookPreview(
          input,
          (topic, onTopicText) => chapter({ book: input.book, topic, stories: topic.stories }, signal, onTopicText),
          onText,
        ),
      );
    },
  };
}
