// Free of drizzle, so that the browser's form schemas can use it too (app/lib/validation.ts).

/**
 * How a Vietnamese storyteller's page addresses her (issue 18; bác and dì since issue 35); "ban" is the plain "bạn".
 * A text column without a check: a new value needs no migration, only its words in both languages.
 */
export const STORYTELLER_ADDRESSES = ["ba", "ong", "me", "bo", "co", "chu", "bac", "di", "ban"] as const;
export type StorytellerAddress = (typeof STORYTELLER_ADDRESSES)[number];
