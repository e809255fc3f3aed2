import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
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

// The same tables as db/schema.sqlite.ts (SQLite), for PostgreSQL (issue 21, ADR 0032): the same names, columns,
// defaults, constraints and indexes, with each value in PostgreSQL's own type. db/schema-parity.test.ts fails when
// the two disagree; the comments on what each column means are in db/schema.sqlite.ts.

// Timestamps to the millisecond, as SQLite keeps them.
const at = (name: string) => timestamp(name, { mode: "date", precision: 3, withTimezone: true });
const createdAt = () =>
  at("created_at")
    .notNull()
    .$defaultFn(() => new Date());
const updatedAt = () =>
  at("updated_at")
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());
// By default, not always: copying an installation (db:copy) keeps every row's id.
const id = () => integer("id").primaryKey().generatedByDefaultAsIdentity();

export const users = pgTable(
  "users",
  {
    id: id(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    displayName: text("display_name"),
    passwordHash: text("password_hash").notNull(),
    firstLoginAt: at("first_login_at"),
    lastLoginAt: at("last_login_at"),
    answerEmails: boolean("answer_emails").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_username_unique").on(t.username),
    uniqueIndex("users_email_unique").on(t.email),
    index("users_created_at_idx").on(t.createdAt),
    index("users_last_login_at_idx").on(t.lastLoginAt),
    index("users_first_login_at_idx").on(t.firstLoginAt),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    persistent: boolean("persistent").notNull().default(false),
    expiresAt: at("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

export const books = pgTable(
  "books",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    coverImage: text("cover_image"),
    coverBytes: integer("cover_bytes"),
    language: text("language", { enum: LANGUAGES }).notNull().default("vi"),
    tone: text("tone").notNull().default(""),
    importedAt: at("imported_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("books_user_id_idx").on(t.userId),
    index("books_user_updated_idx").on(t.userId, t.updatedAt),
    index("books_user_title_idx").on(t.userId, t.title),
    index("books_created_at_idx").on(t.createdAt),
    index("books_cover_image_idx").on(t.coverImage),
    check("books_tone_length", sql`length(${t.tone}) <= 128`),
  ],
);

export const topics = pgTable(
  "topics",
  {
    id: id(),
    bookId: integer("book_id")
      .notNull()
      .references(() => books.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    preview: text("preview"),
    // The book's owner, copied by a database trigger on every insert (migration 0012): the library lists a user's
    // newest topics across all their books from one index, without joining and sorting every topic they have.
    userId: integer("user_id"),
    position: integer("position").notNull().default(0),
    archived: boolean("archived").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("topics_book_position_idx").on(t.bookId, t.position),
    index("topics_created_at_idx").on(t.createdAt),
    index("topics_book_archived_created_idx").on(t.bookId, t.archived, t.createdAt),
    index("topics_user_archived_created_idx").on(t.userId, t.archived, t.createdAt, t.id),
  ],
);

export const questions = pgTable(
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

export const stories = pgTable(
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
    hasAudio: boolean("has_audio").notNull().default(false),
    hasImages: boolean("has_images").notNull().default(false),
    position: integer("position").notNull().default(0),
    source: text("source", { enum: STORY_SOURCES }).notNull().default("family"),
    tellerName: text("teller_name"),
    storytellerLinkId: integer("storyteller_link_id").references(() => storytellerLinks.id, { onDelete: "set null" }),
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
    index("stories_book_source_status_idx").on(t.bookId, t.source, t.status),
    uniqueIndex("stories_answer_key_unique").on(t.bookId, t.idempotencyScope, t.idempotencyKey),
  ],
);

export const media = pgTable(
  "media",
  {
    id: id(),
    storyId: integer("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    type: text("type", { enum: MEDIA_TYPES }).notNull(),
    storageKey: text("storage_key").notNull(),
    mimeType: text("mime_type").notNull(),
    filename: text("filename").notNull().default(""),
    size: integer("size").notNull().default(0),
    thumbSize: integer("thumb_size"),
    description: text("description").notNull().default(""),
    transcription: text("transcription"),
    durationMs: integer("duration_ms"),
    width: integer("width"),
    height: integer("height"),
    createdAt: createdAt(),
  },
  (t) => [index("media_story_id_idx").on(t.storyId), uniqueIndex("media_storage_key_unique").on(t.storageKey)],
);

export const activities = pgTable(
  "activities",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    resource: text("resource").notNull(),
    details: jsonb("details").$type<Record<string, unknown> | string>(),
    createdAt: createdAt(),
  },
  (t) => [index("activities_user_created_idx").on(t.userId, t.createdAt)],
);

export const bookPreviews = pgTable("book_previews", {
  bookId: integer("book_id")
    .primaryKey()
    .references(() => books.id, { onDelete: "cascade" }),
  contentHash: text("content_hash").notNull(),
  content: text("content").notNull(),
  createdAt: createdAt(),
});

export const shares = pgTable(
  "shares",
  {
    id: id(),
    bookId: integer("book_id")
      .notNull()
      .references(() => books.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    sealedToken: text("sealed_token"),
    createdAt: createdAt(),
    expiresAt: at("expires_at"),
  },
  (t) => [uniqueIndex("shares_token_hash_unique").on(t.tokenHash), index("shares_book_id_idx").on(t.bookId)],
);

export const storytellerLinks = pgTable(
  "storyteller_links",
  {
    id: id(),
    bookId: integer("book_id")
      .notNull()
      .references(() => books.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    name: text("name").notNull().default(""),
    address: text("address", { enum: STORYTELLER_ADDRESSES }).notNull().default("ban"),
    topicIds: jsonb("topic_ids").$type<number[]>(),
    createdAt: createdAt(),
    expiresAt: at("expires_at").notNull(),
    lastUsedAt: at("last_used_at"),
    revokedAt: at("revoked_at"),
    email: text("email"),
    schedule: jsonb("schedule").$type<WeeklySchedule>(),
    pausedAt: at("paused_at"),
    pausedBy: text("paused_by", { enum: SCHEDULE_PAUSERS }),
    nextSendAt: at("next_send_at"),
    tokenSealed: text("token_sealed"),
    origin: text("origin"),
    nextQuestionId: integer("next_question_id").references(() => questions.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("storyteller_links_token_hash_unique").on(t.tokenHash),
    index("storyteller_links_book_id_idx").on(t.bookId),
    index("storyteller_links_next_send_at_idx").on(t.nextSendAt),
    index("storyteller_links_next_question_id_idx").on(t.nextQuestionId),
  ],
);

export const questionSends = pgTable(
  "question_sends",
  {
    id: id(),
    linkId: integer("link_id")
      .notNull()
      .references(() => storytellerLinks.id, { onDelete: "cascade" }),
    questionId: integer("question_id").references(() => questions.id, { onDelete: "set null" }),
    channel: text("channel", { enum: QUESTION_CHANNELS }).notNull(),
    createdAt: createdAt(),
    sentAt: at("sent_at"),
    replyKeyHash: text("reply_key_hash"),
    repliedAt: at("replied_at"),
  },
  (t) => [
    index("question_sends_link_created_idx").on(t.linkId, t.createdAt),
    index("question_sends_question_id_idx").on(t.questionId),
    uniqueIndex("question_sends_reply_key_hash_unique").on(t.replyKeyHash),
  ],
);

export const mailMessages = pgTable(
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
    nextAttemptAt: at("next_attempt_at"),
    leaseUntil: at("lease_until"),
    createdAt: createdAt(),
    finishedAt: at("finished_at"),
  },
  (t) => [
    index("mail_messages_status_next_attempt_idx").on(t.status, t.nextAttemptAt),
    index("mail_messages_created_idx").on(t.createdAt, t.id),
    index("mail_messages_send_id_idx").on(t.sendId),
    index("mail_messages_link_id_idx").on(t.linkId),
    index("mail_messages_book_id_idx").on(t.bookId),
  ],
);

export const rateLimits = pgTable(
  "rate_limits",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    count: integer("count").notNull(),
    resetAt: at("reset_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index("rate_limits_reset_at_idx").on(t.resetAt)],
);

export const mediaDeletions = pgTable("media_deletions", {
  key: text("key").primaryKey(),
  createdAt: createdAt(),
});
