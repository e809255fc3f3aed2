// Free of drizzle, so that the browser's form schemas can use it too (app/lib/validation.ts).

/** How a Vietnamese storyteller's page addresses her (issue 18); "ban" is the plain "bạn". */
export const STORYTELLER_ADDRESSES = ["ba", "ong", "me", "bo", "co", "chu", "ban"] as const;
export type StorytellerAddress = (typeof STORYTELLER_ADDRESSES)[number];
