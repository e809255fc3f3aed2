import { hasContent } from "~/ai/assemble-book-preview";
import { aiFailure, aiProvider } from "~/ai/provider.server";
import { env } from "~/platform/env.server";
import { AppError } from "~/lib/errors";
import { LONG_TEXT_MAX } from "~/lib/limits";
import { clipAtParagraph } from "~/lib/text";
import {
  bookPreviewInput,
  cachedBookPreview,
  previewHash,
  saveBookPreview,
  topicPreviewInput,
} from "~/models/preview.server";
import { getTopicInBook, updateTopic } from "~/models/topic.server";
import { keepAiWords } from "~/routes/previews/ai-words";

type Streaming = { signal?: AbortSignal; onText?: (chunk: string) => void };

/** A failed generation: the provider's reason when it gave one, else the spec's generic message. */
function previewFailure(error: unknown): AppError {
  const failure = aiFailure(error, "preview.failed");
  return failure.messageKey === "preview.failed"
    ? new AppError(502, "preview.failedText", undefined, "preview.failed")
    : failure;
}

/**
 * Bumped whenever the way a preview is made changes, so that books cached the old way are made again: 2 is the
 * offline preview without sentences between stories, and the AI's own words marked as its (issue 35).
 */
const PREVIEW_FORMAT = 2;

/** Who makes previews: part of the cache key, so switching the provider or the model makes fresh ones. */
const maker = () => `${aiProvider().name}:${env().aiModel}:${PREVIEW_FORMAT}`;

/**
 * Generates a topic's draft narrative from its stories and saves it as the topic's preview (docs/product.md §7).
 * A topic with nothing written yet keeps what it has: there is nothing to make a preview from. The draft
 * is kept within the field's own limit (LONG_TEXT_MAX, what the editor can save back), ended at a
 * paragraph: the offline draft is the topic's stories themselves, which can be far longer (ADR 0023).
 */
export async function generateTopicPreview({
  topicId,
  userId,
  signal,
  onText,
}: { topicId: number; userId: number } & Streaming): Promise<string> {
  const input = await topicPreviewInput({ topicId, userId });
  if (!input) throw new AppError(404, "topics.notFound");
  if (!hasContent(input.stories)) throw new AppError(400, "preview.noStories");
  let preview: string;
  try {
    preview = await aiProvider().topicPreview(input, { signal, onText });
  } catch (error) {
    throw previewFailure(error);
  }
  preview = clipAtParagraph(preview, LONG_TEXT_MAX);
  await updateTopic({ topicId, userId, changes: { preview } });
  return preview;
}

/**
 * The whole book's preview: from the cache while the book's content is unchanged (its hash is the
 * key), newly generated and cached otherwise, or when `force` asks for a fresh one.
 */
export async function bookPreview({
  bookId,
  userId,
  force = false,
  signal,
  onText,
}: { bookId: number; userId: number; force?: boolean } & Streaming) {
  const input = await bookPreviewInput({ bookId, userId });
  if (!input) throw new AppError(404, "books.notFound");
  const hash = previewHash(input, maker());
  const cached = force ? null : await cachedBookPreview({ bookId, hash });
  if (cached !== null) {
    onText?.(cached);
    return { preview: cached, fromCache: true };
  }
  let preview: string;
  try {
    preview = await aiProvider().bookPreview(input, { signal, onText });
  } catch (error) {
    throw previewFailure(error);
  }
  await saveBookPreview({ bookId, hash, content: preview });
  return { preview, fromCache: false };
}

/** The cached book preview if it is still current, without generating one (for the page's first render). */
export async function currentBookPreview({
  bookId,
  userId,
}: {
  bookId: number;
  userId: number;
}): Promise<string | null> {
  const input = await bookPreviewInput({ bookId, userId });
  return input ? await cachedBookPreview({ bookId, hash: previewHash(input, maker()) }) : null;
}

/**
 * Keeps the AI's `index`-th words in a preview as the owner's own (issue 35): in the topic's saved draft, or, without a
 * topic, in the book's cached preview, which stays current. They must be the words the owner saw there: a preview made
 * again since answers 409, and nothing is kept.
 */
export async function keepPreviewAiWords({
  bookId,
  userId,
  topicId,
  index,
  words,
}: {
  bookId: number;
  userId: number;
  topicId: number | null;
  index: number;
  words: string;
}): Promise<void> {
  if (topicId !== null) {
    const topic = await getTopicInBook({ topicId, bookId, userId });
    if (!topic) throw new AppError(404, "topics.notFound");
    const kept = keepAiWords(topic.preview ?? "", index, words);
    if (kept === null) throw new AppError(409, "preview.aiWordsGone");
    await updateTopic({ topicId, userId, changes: { preview: kept } });
    return;
  }
  const input = await bookPreviewInput({ bookId, userId });
  if (!input) throw new AppError(404, "books.notFound");
  const hash = previewHash(input, maker());
  const cached = await cachedBookPreview({ bookId, hash });
  const kept = cached === null ? null : keepAiWords(cached, index, words);
  if (kept === null) throw new AppError(409, "preview.aiWordsGone");
  await saveBookPreview({ bookId, hash, content: kept });
}
