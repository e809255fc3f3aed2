import crypto from "node:crypto";
import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import { db, prepared, type Tx, transaction } from "~db/client.server";
import { sessions, users, type User } from "~db/schema";
import { logActivity } from "./activity.server";

export const REMEMBER_ME_MS = 30 * 24 * 60 * 60 * 1000;
// A session without "Remember me" ends with the browser; the server forgets it after a day of grace.
const BROWSER_SESSION_MS = 24 * 60 * 60 * 1000;

const hash = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** Creates a session and returns the token for the cookie; only its hash is stored. */
export async function createSession({ userId, persistent }: { userId: number; persistent: boolean }): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  const now = Date.now();
  await transaction(async (tx) => {
    await tx.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date(now))));
    await tx.insert(sessions).values({
      id: hash(token),
      userId,
      persistent,
      expiresAt: new Date(now + (persistent ? REMEMBER_ME_MS : BROWSER_SESSION_MS)),
    });
  });
  return token;
}

/** Every request asks this, so the query is prepared once. */
export async function getSessionUser(token: string): Promise<User | null> {
  const query = prepared("getSessionUser", (client) =>
    client
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sql.placeholder("id")),
          gt(sessions.expiresAt, sql.param(sql.placeholder("now"), sessions.expiresAt)),
        ),
      ),
  );
  // The time goes through the column's encoder: milliseconds for SQLite, a timestamp for PostgreSQL.
  const row = (await query.execute({ id: hash(token), now: new Date() }))[0];
  return row?.user ?? null;
}

/** Ends one session (a sign-out), recorded as the user's "logout" activity. */
export async function deleteSession(token: string): Promise<void> {
  await transaction(async (tx) => {
    const ended = (
      await tx
        .delete(sessions)
        .where(eq(sessions.id, hash(token)))
        .returning({ userId: sessions.userId })
    )[0]!;
    if (ended) await logActivity(tx, { userId: ended.userId, action: "logout", resource: "session" });
  });
}

/**
 * Ends every session of a user but the one whose token is `except`, inside the caller's transaction
 * (a password change: the change and the sign-outs commit together). Returns how many ended.
 */
export async function endUserSessions(
  tx: Tx,
  userId: number,
  { except }: { except?: string | null } = {},
): Promise<number> {
  const where = except ? and(eq(sessions.userId, userId), ne(sessions.id, hash(except))) : eq(sessions.userId, userId);
  return (await tx.delete(sessions).where(where).returning({ id: sessions.id })).length;
}

/** Removes every expired session; run at start and then daily, so the table does not grow without end. */
export async function purgeExpiredSessions(): Promise<number> {
  const ended = await db().delete(sessions).where(lt(sessions.expiresAt, new Date())).returning({ id: sessions.id });
  return ended.length;
}
