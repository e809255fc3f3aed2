import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { STORYTELLER_ADDRESSES } from "./storyteller-addresses";
import {
  LANGUAGES,
  MAIL_DIRECTIONS,
  MAIL_KINDS,
  MAIL_STATUSES,
  MEDIA_TYPES,
  QUESTION_CHANNELS,
  SCHEDULE_PAUSERS,
  STORY_SOURCES,
  STORY_STATUSES,
  type WeeklySchedule,
} from "./values";

// Timestamps are stored as epoch milliseconds so that sorting and comparing stay cheap and portable.
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date());
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());
const id = () => integer("id").primaryKey({ autoIncrement: true });

export { LANGUAGES, type Language, MEDIA_TYPES, STORY_STATUSES } from "./values";

export const users = sqliteTable(
  "users",
  {
    id: id(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    displayName: text("display_name"),
    passwordHash: text("password_hash").notNull(),
    firstLoginAt: integer("first_login_at", { mode: "timestamp_ms" }),
    lastLoginAt: integer("last_login_at", { mode: "timestamp_ms" }),
    // Whether the user is emailed when a storyteller's answers arrive or she goes quiet (issue 37; Profile).
    answerEmails: integer("answer_emails", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Usernames and emails are compared case-insensitively; the model stores them lower-cased.
    uniqueIndex("users_username_unique").on(t.username),
    uniqueIndex("users_email_unique").on(t.email),
    index("users_created_at_idx").on(t.createdAt),
    index("users_last_login_at_idx").on(t.lastLoginAt),
    index("users_first_login_at_idx").on(t.firstLoginAt),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    // SHA-256 of the token in the cookie: a copy of the database does not hand out live sessions.
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    persistent: integer("persistent", { mode: "boolean" }).notNull().default(false),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

export const books = sqliteTable(
  "books",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    coverImage: text("cover_image"),
    // The bytes of an uploaded cover's file (null for a preset or none), for the storage quota. Copies share
    // the file and carry the same value; the quota counts one cover file once.
    coverBytes: integer("cover_bytes"),
    language: text("language", { enum: LANGUAGES }).notNull().default("vi"),
    tone: text("tone").notNull().default(""),
    // When the book came in through an import (a keepsake zip), else null: the library tells an imported copy
    // from its original by it. It belongs to this row, not to the exported document, so it is never exported.
    importedAt: integer("imported_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("books_user_id_idx").on(t.userId),
    index("books_user_updated_idx").on(t.userId, t.updatedAt),
    index("books_user_title_idx").on(t.userId, t.title),
    index("books_created_at_idx").on(t.createdAt),
    // Uploaded covers are shared by copies; deleting a file first asks whether any book still uses it.
    index("books_cover_image_idx").on(t.coverImage),
    check("books_tone_length", sql`length(${t.tone}) <= 128`),
  ],
);

export const topics = sqliteTable(
  "topics",
  {
    id: id(),
    bookId: integer("book_id")
      .notNull()
      .references(() => books.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    // The saved draft narrative of the topic (docs/product.md §3 Topic.preview).
    preview: text("preview"),
    // The book's owner, copied by a database trigger on every insert (migration 0012): the library lists a user's
    // newest topics across all their books from one index, without joining and sorting every topic they have.
    userId: integer("user_id"),
    position: integer("position").notNull().default(0),
    archived: integer("archived", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("topics_book_position_idx").on(t.bookId, t.position),
    index("topics_created_at_idx").on(t.createdAt),
    // The library's Topics section: a book's topics that are not archived, newest first, read from the index alone.
    index("topics_book_archived_created_idx").on(t.bookId, t.archived, t.createdAt),
    index("topics_user_archived_created_idx").on(t.userId, t.archived, t.createdAt, t.id),
  ],
);

export const questions = sqliteTable(
  "questions",
  {
    id: id(),
    topicId: integer("topic_id")
      .notNull()
      .references(() => topics.id, { onDelete: "cascade" }),
    question: text("question").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("questions_topic_position_idx").on(t.topicId, t.position)],
);

export const stories = sqliteTable(
  "stories",
  {
    id: id(),
    topicId: integer("topic_id")
      .notNull()
      .references(() => topics.id, { onDelete: "cascade" }),
    bookId: integer("book_id")
      .notNull()
      .references(() => books.id, { onDelete: "cascade" }),
    // The book's owner, copied by a database trigger on every insert, as on topics (migration 0012).
    userId: integer("user_id"),
    questionId: integer("question_id").references(() => questions.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    content: text("content").notNull().default(""),
    refinedContent: text("refined_content"),
    status: text("status", { enum: STORY_STATUSES }).notNull().default("draft"),
    hasAudio: integer("has_audio", { mode: "boolean" }).notNull().default(false),
    hasImages: integer("has_images", { mode: "boolean" }).notNull().default(false),
    position: integer("position").notNull().default(0),
    // An answer sent through a storyteller link is a draft the family completes before anyone else reads it.
    source: text("source", { enum: STORY_SOURCES }).notNull().default("family"),
    tellerName: text("teller_name"),
    storytellerLinkId: integer("storyteller_link_id").references(() => storytellerLinks.id, { onDelete: "set null" }),
    // The key the answering page sent with the answer: a retry of the same answer finds this story. Its scope is the
    // door it came through ("link:{id}" or "owner"), kept as text so that it outlives the link's row; the digest is a
    // SHA-256 of what was sent (question, text, recording), so that the key sent again with another answer is told
    // apart from a retry.
    idempotencyKey: text("idempotency_key"),
    idempotencyScope: text("idempotency_scope"),
    idempotencyDigest: text("idempotency_digest"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("stories_topic_position_idx").on(t.topicId, t.position),
    index("stories_book_updated_idx").on(t.bookId, t.updatedAt),
    index("stories_user_updated_idx").on(t.userId, t.updatedAt, t.id),
    index("stories_question_id_idx").on(t.questionId),
    index("stories_created_at_idx").on(t.createdAt),
    index("stories_storyteller_link_idx").on(t.storytellerLinkId),
    // A book's storyteller drafts (the "new answers" notice on Home and in the workspace, on every render) from the
    // index, without reading each story's row and its long text.
    index("stories_book_source_status_idx").on(t.bookId, t.source, t.status),
    // An answer's key is unique to its door in its book: her link's, or the owner's own door.
    uniqueIndex("stories_answer_key_unique").on(t.bookId, t.idempotencyScope, t.idempotencyKey),
  ],
);

export const media = sqliteTable(
  "media",
  {
    id: id(),
    storyId: integer("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    type: text("type", { enum: MEDIA_TYPES }).notNull(),
    // The name the server gave the file under DATA_DIR/media; never derived from user input.
    storageKey: text("storage_key").notNull(),
    mimeType: text("mime_type").notNull(),
    filename: text("filename").notNull().default(""),
    size: integer("size").notNull().default(0),
    // A photo's thumbnail file beside it (0 for a recording), so the quota sums every byte on disk in SQL.
    // Null only for rows older than the column, until the start that measures them (storage.server.ts).
    thumbSize: integer("thumb_size"),
    description: text("description").notNull().default(""),
    transcription: text("transcription"),
    // A recording's length, read from its bytes when it is kept (null for photos, and for a recording whose
    // length its container does not tell).
    durationMs: integer("duration_ms"),
    // A photo's web file in pixels, read when it is stored, so a page can reserve its place before it loads
    // (null for recordings). Null for a photo only until the start that measures rows older than the columns.
    width: integer("width"),
    height: integer("height"),
    createdAt: createdAt(),
  },
  (t) => [index("media_story_id_idx").on(t.storyId), uniqueIndex("media_storage_key_unique").on(t.storageKey)],
);

export const activities = sqliteTable(
  "activities",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    resource: text("resource").notNull(),
    details: text("details", { mode: "json" }).$type<Record<string, unknown> | string>(),
    createdAt: createdAt(),
  },
  (t) => [index("activities_user_created_idx").on(t.userId, t.createdAt)],
);

// A whole-book preview is cached against a hash of the content it was made from,
// so an unchanged book is served without regenerating it.
export const bookPreviews = sqliteTable("book_previews", {
  bookId: integer("book_id")
    .primaryKey()
    .references(() => books.id, { onDelete: "cascade" }),
  contentHash: text("content_hash").notNull(),
  content: text("content").notNull(),
  createdAt: createdAt(),
});

// A read-only link to a book for the family (issue 9). Only a hash of the token is kept: the link is
// shown once, when it is made. Revoking deletes the row, so a revoked token is simply unknown.
export const shares = sqliteTable(
  "shares",
  {
    id: id(),
    bookId: integer("book_id")
      .notNull()
      .references(() => books.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    // The token sealed with the server's secret (ADR 0029), so that the printed book can carry the link in its
    // voice codes. Null for links made before the column: those can still be read, but not printed.
    sealedToken: text("sealed_token"),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("shares_token_hash_unique").on(t.tokenHash), index("shares_book_id_idx").on(t.bookId)],
);

// A link for the storyteller to answer a book's questions without an account (issue 18, ADR 0028). As with
// shares, only a hash of the token is kept. Revoking marks the row rather than deleting it, so that her page
// can still say kindly, in the book's language, that the link no longer works.
export const storytellerLinks = sqliteTable(
  "storyteller_links",
  {
    id: id(),
    bookId: integer("book_id")
      .notNull()
      .references(() => books.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    name: text("name").notNull().default(""),
    address: text("address", { enum: STORYTELLER_ADDRESSES }).notNull().default("ban"),
    // The topics whose questions the link offers, or null for every topic that is not archived when she opens it.
    topicIds: text("topic_ids", { mode: "json" }).$type<number[]>(),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    // The weekly question (issue 37): her email address, if the family has one, the schedule in her time zone, and
    // when it was paused and by whom ("owner" from the link card, "storyteller" from her email's unsubscribe link).
    // nextSendAt is when the next question goes, null while there is no schedule, it is paused or the link has ended.
    email: text("email"),
    schedule: text("schedule", { mode: "json" }).$type<WeeklySchedule>(),
    pausedAt: integer("paused_at", { mode: "timestamp_ms" }),
    pausedBy: text("paused_by", { enum: SCHEDULE_PAUSERS }),
    nextSendAt: integer("next_send_at", { mode: "timestamp_ms" }),
    // The token sealed with the server's secret (ADR 0029), so that a week's email can carry her link; null for a link
    // made before weekly questions, which cannot be emailed. `origin` is the site's address the owner used, for mail
    // written without a request when PUBLIC_URL is not set.
    tokenSealed: text("token_sealed"),
    origin: text("origin"),
    // "Ask this one next": the question the family chose for the next week, before the book's order.
    nextQuestionId: integer("next_question_id").references(() => questions.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("storyteller_links_token_hash_unique").on(t.tokenHash),
    index("storyteller_links_book_id_idx").on(t.bookId),
    index("storyteller_links_next_send_at_idx").on(t.nextSendAt),
    index("storyteller_links_next_question_id_idx").on(t.nextQuestionId),
  ],
);

/**
 * Attempts counted per key in a fixed window (sign-ins, a storyteller link's answers): in the database, so that every
 * app process sharing it counts the same attempts (issue 21, ADR 0031). Rows past `reset_at` are spent and purged.
 */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    /** Which limit counts: "login:pair", "login:account", "login:client", "door:link". */
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    count: integer("count").notNull(),
    resetAt: integer("reset_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index("rate_limits_reset_at_idx").on(t.resetAt)],
);

/**
 * Stored files whose owner is gone (a story, a book, a user) while the media store could not be reached: removed
 * when it can be, at start and every quarter of an hour after (ADR 0033). Keys are never reused.
 */
export const mediaDeletions = sqliteTable("media_deletions", {
  key: text("key").primaryKey(),
  createdAt: createdAt(),
});

/**
 * The questions a link has sent, one a week or at the owner's "send now" (issue 37): by email, or prepared for the
 * family to send by hand (sentAt once they mark it sent). An email's reply names its send by a key only the server can
 * make (ADR 0041), kept here as its hash; repliedAt marks the key spent.
 */
export const questionSends = sqliteTable(
  "question_sends",
  {
    id: id(),
    linkId: integer("link_id")
      .notNull()
      .references(() => storytellerLinks.id, { onDelete: "cascade" }),
    questionId: integer("question_id").references(() => questions.id, { onDelete: "set null" }),
    channel: text("channel", { enum: QUESTION_CHANNELS }).notNull(),
    createdAt: createdAt(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    replyKeyHash: text("reply_key_hash"),
    repliedAt: integer("replied_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("question_sends_link_created_idx").on(t.linkId, t.createdAt),
    index("question_sends_question_id_idx").on(t.questionId),
    uniqueIndex("question_sends_reply_key_hash_unique").on(t.replyKeyHash),
  ],
);

/**
 * Every message Heirloom sends or takes (issue 37), for the admin's Email tab: never a body, only who, what and how it
 * went. An outgoing one is also its own durable job: queued until a server leases it (leaseUntil), sends it under the
 * Message-ID stored here before the first try, and marks it sent, or queued again for nextAttemptAt, or failed.
 */
export const mailMessages = sqliteTable(
  "mail_messages",
  {
    id: id(),
    direction: text("direction", { enum: MAIL_DIRECTIONS }).notNull(),
    kind: text("kind", { enum: MAIL_KINDS }).notNull(),
    sendId: integer("send_id").references(() => questionSends.id, { onDelete: "cascade" }),
    linkId: integer("link_id").references(() => storytellerLinks.id, { onDelete: "cascade" }),
    bookId: integer("book_id").references(() => books.id, { onDelete: "cascade" }),
    recipient: text("recipient").notNull().default(""),
    sender: text("sender").notNull().default(""),
    subject: text("subject").notNull().default(""),
    messageId: text("message_id"),
    status: text("status", { enum: MAIL_STATUSES }).notNull(),
    reason: text("reason"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
    leaseUntil: integer("lease_until", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("mail_messages_status_next_attempt_idx").on(t.status, t.nextAttemptAt),
    index("mail_messages_created_idx").on(t.createdAt, t.id),
    index("mail_messages_send_id_idx").on(t.sendId),
    index("mail_messages_link_id_idx").on(t.linkId),
    index("mail_messages_book_id_idx").on(t.bookId),
  ],
);

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type Book = typeof books.$inferSelect;
export type Topic = typeof topics.$inferSelect;
export type Question = typeof questions.$inferSelect;
export type Story = typeof stories.$inferSelect;
export type Media = typeof media.$inferSelect;
export type Activity = typeof activities.$inferSelect;
export type Share = typeof shares.$inferSelect;
export type StorytellerLink = typeof storytellerLinks.$inferSelect;
export type QuestionSend = typeof questionSends.$inferSelect;
export type MailMessage = typeof mailMessages.$inferSelect;
