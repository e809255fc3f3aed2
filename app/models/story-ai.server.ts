import { and, eq } from "drizzle-orm";
import { db } from "~db/client.server";
import { books, topics } from "~db/schema";
import { aiProvider } from "~/ai/provider.server";
import type { Locale } from "~/i18n/config";
import { AppError } from "~/lib/errors";

/** What the AI needs to know about a topic's book: its language and tone. Null for anyone but the owner. */
export async function topicWritingContext({ topicId, userId }: { topicId: number; userId: number }) {
  return (
    (
      await db()
        .select({ topicTitle: topics.title, language: books.language, tone: books.tone })
        .from(topics)
        .innerJoin(books, eq(books.id, topics.bookId))
        .where(and(eq(topics.id, topicId), eq(books.userId, userId)))
    )[0] ?? null
  );
}

/**
 * The refinedContent of a story body that asks for it (`refineContent`), written in its topic's book's
 * language and tone, with `additionalRefinementInfo` as the instruction; undefined when it does not ask.
 * Refining happens before anything is written, so a failure (400 without text, 404 for someone else's
 * topic, 502 when the provider fails) leaves the story as it was and the client keeps its text.
 */
export async function refinementFor({
  body,
  topicId,
  userId,
  signal,
}: {
  body: { title: string; content: string; refineContent: boolean; additionalRefinementInfo: string };
  topicId: number;
  userId: number;
  signal?: AbortSignal;
}): Promise<string | undefined> {
  if (!body.refineContent) return undefined;
  const book = await topicWritingContext({ topicId, userId });
  if (!book) throw new AppError(404, "topics.notFound");
  if (!body.content.trim()) throw new AppError(400, "refine.contentRequired", "content", "refine.missingTitle");
  let refined: string;
  try {
    refined = await aiProvider().refine(
      {
        text: body.content,
        instruction: body.additionalRefinementInfo.trim() || undefined,
        language: book.language,
        tone: book.tone || undefined,
        title: body.title,
      },
      { signal },
    );
  } catch (error) {
    console.error("refine failed", error);
    throw new AppError(502, "refine.failed", undefined, "refine.failedTitle");
  }
  // An empty answer would replace the story with nothing: that is a failure too.
  if (!refined.trim()) throw new AppError(502, "refine.failed", undefined, "refine.failedTitle");
  return refined;
}

/** Improvement suggestions (text) for a draft, in `language`; 400 without content, 502 when the provider fails. */
export async function suggestStoryImprovements({
  content,
  title,
  topicTitle,
  language,
  signal,
}: {
  content: string;
  title?: string;
  topicTitle?: string;
  language: Locale;
  signal?: AbortSignal;
}): Promise<string> {
  if (!content.trim()) throw new AppError(400, "improvements.contentRequired", "content", "refine.missingTitle");
  try {
    const suggestions = await aiProvider().suggestImprovements({ content, title, topicTitle, language }, { signal });
    if (!suggestions.trim()) throw new Error("no suggestions");
    return suggestions;
  } catch (error) {
    console.error("suggestImprovements failed", error);
    throw new AppError(502, "improvements.failed");
  }
}
