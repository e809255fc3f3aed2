import type { RouterContextProvider } from "react-router";
import type { User } from "~db/schema";
import type { Locale } from "~/i18n/config";
import { getLocale } from "~/http/i18n-middleware.server";
import { getTopic } from "~/models/topic.server";
import { AppError } from "~/lib/errors";

/**
 * The topic and language writing help works in: the named topic's (its book's language), checked
 * against its owner, or what the client sent and the page's language when no topic is named.
 */
export async function writingContext(
  context: Readonly<RouterContextProvider>,
  user: User,
  input: { topicId?: number; topicTitle: string; topicDescription: string },
): Promise<{ topic: { title: string; description: string }; language: Locale }> {
  if (!input.topicId)
    return { topic: { title: input.topicTitle, description: input.topicDescription }, language: getLocale(context) };
  const topic = await getTopic({ topicId: input.topicId, userId: user.id });
  if (!topic) throw new AppError(404, "topics.notFound");
  return { topic: { title: topic.title, description: topic.description }, language: topic.bookLanguage };
}
