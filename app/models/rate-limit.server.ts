import { and, eq, gt, lte, sql } from "drizzle-orm";
import { db, type Tx } from "~db/client.server";
import { rateLimits } from "~db/schema";

/** A limit: so many attempts per key in a fixed window. */
export type Limit = { limit: number; windowMs: number };
/** One key counted against one limit; `scope` names the limit, so that keys of different limits never meet. */
export type Counted = { scope: string; key: string } & Limit;

function live(tx: Tx, { scope, key }: Pick<Counted, "scope" | "key">, now: number) {
  return tx
    .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(and(eq(rateLimits.scope, scope), eq(rateLimits.key, key), gt(rateLimits.resetAt, new Date(now))))
    .get();
}

function secondsUntilFree(tx: Tx, counted: Counted[], now: number): number {
  let wait = 0;
  for (const entry of counted) {
    const window = live(tx, entry, now);
    if (window && window.count >= entry.limit)
      wait = Math.max(wait, Math.max(1, Math.ceil((window.resetAt.getTime() - now) / 1000)));
  }
  return wait;
}

/** Seconds until every key may try again (0: now), counting nothing. */
export function attemptsRetryAfter(counted: Counted[], now = Date.now()): number {
  return db().transaction((tx) => secondsUntilFree(tx, counted, now));
}

/** Counts one attempt for each key: a new window for a key whose window is over, one more in a running one. */
function count(tx: Tx, counted: Counted[], now: number): void {
  const over = sql`${rateLimits.resetAt} <= ${now}`;
  for (const { scope, key, windowMs } of counted) {
    tx.insert(rateLimits)
      .values({ scope, key, count: 1, resetAt: new Date(now + windowMs) })
      .onConflictDoUpdate({
        target: [rateLimits.scope, rateLimits.key],
        // Both expressions read the row as it was: a spent window starts again at one.
        set: {
          count: sql`case when ${over} then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${over} then ${now + windowMs} else ${rateLimits.resetAt} end`,
        },
      })
      .run();
  }
}

/**
 * Admits one attempt when no key is at its limit, and then counts it for every key, in one transaction that holds
 * the database's write lock from its start: attempts sent at once, to one process or to several, cannot all pass.
 * Returns 0 when admitted, else the seconds until it may be tried again (nothing counted).
 */
export function admitAttempt(counted: Counted[], now = Date.now()): number {
  return db().transaction((tx) => {
    const wait = secondsUntilFree(tx, counted, now);
    if (wait === 0) count(tx, counted, now);
    return wait;
  });
}

/** Counts one attempt for each key, whatever their counts. */
export function countAttempt(counted: Counted[], now = Date.now()): void {
  db().transaction((tx) => count(tx, counted, now));
}

/** Uncounts one attempt of a running window: one that turned out not to count against the key (a success). */
export function giveBackAttempt({ scope, key }: Pick<Counted, "scope" | "key">, now = Date.now()): void {
  db()
    .update(rateLimits)
    .set({ count: sql`case when ${rateLimits.count} > 0 then ${rateLimits.count} - 1 else 0 end` })
    .where(and(eq(rateLimits.scope, scope), eq(rateLimits.key, key), gt(rateLimits.resetAt, new Date(now))))
    .run();
}

/** Forgets every attempt of a key. */
export function forgetAttempts({ scope, key }: Pick<Counted, "scope" | "key">): void {
  db()
    .delete(rateLimits)
    .where(and(eq(rateLimits.scope, scope), eq(rateLimits.key, key)))
    .run();
}

/** Removes the spent windows; run at start and then every few minutes, so the table holds only running ones. */
export function purgeSpentAttempts(now = Date.now()): number {
  return db()
    .delete(rateLimits)
    .where(lte(rateLimits.resetAt, new Date(now)))
    .run().changes;
}
