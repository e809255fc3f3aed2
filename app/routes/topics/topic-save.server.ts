import type { Topic, User } from "~db/schema";
import { createTopic, type NewTopic, type TopicChanges, updateTopic } from "~/models/topic.server";

/**
 * A topic save as every caller asks for it: the workspace's topic editor, POST /api/books/{id}/topics and
 * PUT /api/topics/{id}. A new topic goes into a book; a change names its topic, and the book when a page of one book
 * saves it. The fields were checked with the caller's schema (topicCreateSchema, topicFormSchema, topicUpdateSchema).
 */
export type TopicSave =
  | { topicId: number; bookId?: number; changes: TopicChanges }
  | { topicId?: undefined; bookId: number; fields: NewTopic };

/**
 * Saves a topic: the one use case of every topic save (ADR 37). The model checks, where it reads the book or the
 * topic to write it, that it is the user's (and this book's): 404 otherwise.
 */
export async function saveTopic(user: User, save: TopicSave): Promise<Topic> {
  if (save.topicId === undefined) return createTopic({ bookId: save.bookId, userId: user.id, input: save.fields });
  return updateTopic({ topicId: save.topicId, bookId: save.bookId, userId: user.id, changes: save.changes });
}
