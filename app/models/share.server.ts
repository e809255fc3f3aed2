import { and, desc, eq, gt, isNotNull, isNull, or } from "drizzle-orm";
import { db, transaction } from "~db/client.server";
import { books, shares, type Share } from "~db/schema";
import { AppError } from "~/lib/errors";
import { hashLinkToken as hashToken, isLinkToken, newLinkToken } from "~/platform/link-token.server";
import { sealToken, unsealToken } from "~/platform/token-seal.server";
import { logActivity } from "./activity.server";
import { ownedBook } from "./book.server";

import type { ShareView } from "./share.types";

const view = (share: Share, now = Date.now()): ShareView => ({
  id: share.id,
  createdAt: share.createdAt,
  expiresAt: share.expiresAt,
  expired: share.expiresAt !== null && share.expiresAt.getTime() <= now,
});

/** Makes a read-only link to one of the user's books; the token is returned here and never again. */
export async function createShare({
  bookId,
  userId,
  expiresAt,
}: {
  bookId: number;
  userId: number;
  expiresAt: Date | null;
}): Promise<{ token: string; share: ShareView }> {
  if (expiresAt && expiresAt.getTime() <= Date.now()) throw new AppError(400, "share.expiryInPast", "expiresAt");
  const token = newLinkToken();
  return transaction(async (tx) => {
    await ownedBook(tx, bookId, userId);
    const share = (
      await tx
        .insert(shares)
        .values({ bookId, tokenHash: hashToken(token), sealedToken: sealToken(token), expiresAt })
        .returning()
    )[0]!;
    await logActivity(tx, {
      userId,
      action: "create",
      resource: "share",
      details: { id: share.id, bookId, expiresAt: expiresAt?.toISOString() ?? null },
    });
    return { token, share: view(share) };
  });
}

/** The links of one of the user's books, newest first (without their tokens, which are not kept). */
export async function listShares({ bookId, userId }: { bookId: number; userId: number }): Promise<ShareView[] | null> {
  const owned = (
    await db()
      .select({ id: books.id })
      .from(books)
      .where(and(eq(books.id, bookId), eq(books.userId, userId)))
  )[0];
  if (!owned) return null;
  const now = Date.now();
  return (
    await db().select().from(shares).where(eq(shares.bookId, bookId)).orderBy(desc(shares.createdAt), desc(shares.id))
  ).map((share) => view(share, now));
}

async function revoke(where: ReturnType<typeof eq>, userId: number): Promise<ShareView> {
  return transaction(async (tx) => {
    const row = (
      await tx
        .select({ share: shares })
        .from(shares)
        .innerJoin(books, eq(books.id, shares.bookId))
        .where(and(where, eq(books.userId, userId)))
    )[0];
    if (!row) throw new AppError(404, "share.notFound");
    await tx.delete(shares).where(eq(shares.id, row.share.id));
    await logActivity(tx, {
      userId,
      action: "delete",
      resource: "share",
      details: { id: row.share.id, bookId: row.share.bookId },
    });
    return view(row.share);
  });
}

/** Revokes a link by its token (DELETE /api/shares/{token}), for the book's owner only. */
export async function revokeShareByToken({ token, userId }: { token: string; userId: number }): Promise<ShareView> {
  if (!isLinkToken(token)) throw new AppError(404, "share.notFound");
  return revoke(eq(shares.tokenHash, hashToken(token)), userId);
}

/** Revokes a link by its id (the share dialog, which never has the token again). */
export async function revokeShareById({
  shareId,
  bookId,
  userId,
}: {
  shareId: number;
  bookId: number;
  userId: number;
}): Promise<ShareView> {
  const share = (await db().select({ bookId: shares.bookId }).from(shares).where(eq(shares.id, shareId)))[0];
  if (share?.bookId !== bookId) throw new AppError(404, "share.notFound");
  return revoke(eq(shares.id, shareId), userId);
}

/** The book a token opens: null for a malformed, unknown, revoked or expired token. */
export async function bookIdForToken(token: string): Promise<number | null> {
  if (!isLinkToken(token)) return null;
  const now = new Date();
  const row = (
    await db()
      .select({ bookId: shares.bookId })
      .from(shares)
      .where(and(eq(shares.tokenHash, hashToken(token)), or(isNull(shares.expiresAt), gt(shares.expiresAt, now))))
  )[0];
  return row?.bookId ?? null;
}

/** The link a printed book's voice codes open (issue 19): one that never expires, as a book on a shelf does not. */
export type PrintLink = { shareId: number; token: string; createdAt: Date };

/**
 * The newest link of the book that does not expire and whose token the server can read back (ADR 0029); null when
 * there is none, and the book is then printed without voice codes. Callers check who may print the book.
 */
export async function printLinkFor(bookId: number): Promise<PrintLink | null> {
  const rows = await db()
    .select({ id: shares.id, sealedToken: shares.sealedToken, createdAt: shares.createdAt })
    .from(shares)
    .where(and(eq(shares.bookId, bookId), isNull(shares.expiresAt), isNotNull(shares.sealedToken)))
    .orderBy(desc(shares.createdAt), desc(shares.id));
  for (const row of rows) {
    const token = unsealToken(row.sealedToken!);
    if (token) return { shareId: row.id, token, createdAt: row.createdAt };
  }
  return null;
}
