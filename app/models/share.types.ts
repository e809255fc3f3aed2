// A type the server's share model gives and the share dialog shows: imported by both sides, so this module holds
// types only and imports no server code (tests/unit/layers.test.ts).

/** A share link as its owner sees it: never its token. */
export type ShareView = { id: number; createdAt: Date; expiresAt: Date | null; expired: boolean };
