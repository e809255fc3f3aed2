import crypto from "node:crypto";

// The secret of a link that opens part of a book without an account (a share, a storyteller's door; ADR 0015,
// ADR 0028). 32 random bytes: 256 bits, well past the 128 a guess must beat; base64url keeps the link short.
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const newLinkToken = (): string => crypto.randomBytes(TOKEN_BYTES).toString("base64url");

/** A token is high-entropy random, so one fast hash is enough: no dictionary can reach it. */
export const hashLinkToken = (token: string): string => crypto.createHash("sha256").update(token).digest("hex");

/** Whether a string has a token's shape, checked before any query (a wrong shape is simply unknown). */
export const isLinkToken = (token: string): boolean => TOKEN_PATTERN.test(token);
