// The values a column may hold, free of any SQL dialect: both schemas (db/schema.sqlite.ts, db/schema.pg.ts) and the
// app use them.

export const LANGUAGES = ["en", "vi"] as const;
export type Language = (typeof LANGUAGES)[number];
export const STORY_STATUSES = ["draft", "published"] as const;
export const MEDIA_TYPES = ["image", "audio"] as const;
/** Who wrote a story: the family in the workspace, or the storyteller through her link (issue 18, ADR 0028). */
export const STORY_SOURCES = ["family", "storyteller"] as const;
/** Who paused a storyteller's weekly question: the family on the link card, or she with her email's unsubscribe. */
export const SCHEDULE_PAUSERS = ["owner", "storyteller"] as const;
/** When a storyteller's weekly question goes out (issue 37): weekdays (0 = Sunday), "HH:MM" and an IANA time zone. */
export type WeeklySchedule = { weekdays: number[]; time: string; timeZone: string };
/** How a week's question reaches her (issue 37): by email from the server, or by the family's own hand (Zalo, SMS…). */
export const QUESTION_CHANNELS = ["email", "hand"] as const;
export type QuestionChannel = (typeof QUESTION_CHANNELS)[number];
/** The mail Heirloom sends and takes (issue 37), as the admin's Email tab lists it. */
export const MAIL_DIRECTIONS = ["out", "in"] as const;
/**
 * What a message is: her week's question, the owner's notice of new answers or of quiet weeks, the polite answer to a
 * reply through an ended link; a reply she sent.
 */
export const MAIL_KINDS = ["question", "answers", "quiet", "ended", "reply"] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
/** Outgoing: queued (also between retries), sent or failed for good; incoming: taken, or refused with its reason. */
export const MAIL_STATUSES = ["queued", "sent", "failed", "taken", "refused"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
