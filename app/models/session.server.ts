import crypto from "node:crypto";
import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import { db, prepared, type Tx } from "~db/client.server";
import { sessions, users, type User } from "~db/schema";
import { logActivity } from "./activity.server";

export const REMEMBER_ME_MS = 30 * 24 * 60 * 60 * 1000;
// A session without "Remember me" ends with the browser; the server forgets it after a day of grace.
const BROWSER_SESSION_MS = 24 * 60 * 60 * 1000;

const hash = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** Creates a session and returns the token for the cookie; only its hash is stored. */
export function createSession({ userId, persistent }: { userId: number; persistent: boolean }): string {
  const token = crypto.randomBytes(32).toString("base64url");
  const now = Date.now();
  db().transaction((tx) => {
    tx.delete(sessions)
      .where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date(now))))
      .run();
    tx.insert(sessions)
      .values({
        id: hash(token),
        userId,
        persistent,
        expiresAt: new Date(now + (persistent ? REMEMBER_ME_MS : BROWSER_SESSION_MS)),
      })
      .run();
  });
  return token;
}

/** Every request asks this, so the query is prepared once. */
export function getSessionUser(token: string): User | null {
  const query = prepared("getSessionUser", (client) =>
    client
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, sql.placeholder("id")), gt(sessions.expiresAt, sql.placeholder("now"))))
      .prepare(),
  );
  const row = query.get({ id: hash(token), now: Date.now() });
  return row?.user ?? null;
}

/** Ends one session (a sign-out), recorded as the user's "logout" activity. */
export function deleteSession(token: string): void {
  db().transaction((tx) => {
    const ended = tx
      .delete(sessions)
      .where(eq(sessions.id, hash(token)))
      .returning({ userId: sessions.userId })
      .get();
    if (ended) logActivity(tx, { userId: ended.userId, action: "logout", resource: "session" });
  });
}

/**
 * Ends every session of a user but the one whose token is `except`, inside the caller's transaction
 * (a password change: the change and the sign-outs commit together). Returns how many ended.
 */
export function endUserSessions(tx: Tx, userId: number, { except }: { except?: string | null } = {}): number {
  const where = except ? and(eq(sessions.userId, userId), ne(sessions.id, hash(except))) : eq(sessions.userId, userId);
  return tx.delete(sessions).where(where).run().changes;
}

/** Removes every expired session; run at start and then daily, so the table does not grow without end. */
export function purgeExpiredSessions(): number {
  return db().delete(sessions).where(lt(sessions.expiresAt, new Date())).run().changes;
}
