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
