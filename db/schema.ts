import { databaseDialect } from "./dialect";
import * as pg from "./schema.pg";
import * as sqlite from "./schema.sqlite";

// The tables the models use, chosen once when the process starts (issue 21, ADR 0032): PostgreSQL's with
// DATABASE_URL, SQLite's otherwise. The models are typed by SQLite's; the two declare the same tables, columns and
// values (db/schema-parity.test.ts), and drizzle writes each one's SQL in its own dialect.
const chosen = (databaseDialect() === "postgresql" ? pg : sqlite) as unknown as typeof sqlite;

export const {
  users,
  sessions,
  books,
  topics,
  questions,
  stories,
  media,
  activities,
  bookPreviews,
  shares,
  storytellerLinks,
  rateLimits,
  mediaDeletions,
  questionSends,
  mailMessages,
} = chosen;

export type {
  Activity,
  Book,
  MailMessage,
  Media,
  Question,
  QuestionSend,
  Session,
  Share,
  Story,
  StorytellerLink,
  Topic,
  User,
} from "./schema.sqlite";
export { LANGUAGES, type Language, MEDIA_TYPES, STORY_STATUSES } from "./values";
