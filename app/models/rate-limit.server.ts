import { and, eq, gt, lt, lte, or, sql } from "drizzle-orm";
import { db, type Db, transaction } from "~db/client.server";
import { rateLimits } from "~db/schema";

/** A limit: so many attempts per key in a fixed window. */
export type Limit = { limit: number; windowMs: number };
/** One key counted against one limit; `scope` names the limit, so that keys of different limits never meet. */
export type Counted = { scope: string; key: string } & Limit;

/** Seconds until every key has room again (0: now). */
async function secondsUntilFree(counted: Counted[], now: number): Promise<number> {
  let wait = 0;
  for (const { scope, key, limit } of counted) {
    const [window] = await db()
      .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
      .from(rateLimits)
      .where(and(eq(rateLimits.scope, scope), eq(rateLimits.key, key), gt(rateLimits.resetAt, new Date(now))));
    if (window && window.count >= limit)
      wait = Math.max(wait, Math.max(1, Math.ceil((window.resetAt.getTime() - now) / 1000)));
  }
  return wait;
}

/**
 * Counts one attempt for a key if its window has room, in one statement: a conditional upsert (a new window for a
 * key whose window is over, one more in a running one below its limit) that answers the row only when it counted.
 * The check and the count are one step on both engines, whoever else counts the key at the same moment (ADR 34).
 */
async function take(tx: Db, { scope, key, limit, windowMs }: Counted, now: number): Promise<boolean> {
  // Built from the column, so that each engine gets the time in its own type (ms in SQLite, a timestamp in PostgreSQL).
  const over = lte(rateLimits.resetAt, new Date(now));
  const resetAt = new Date(now + windowMs);
  const counted = await tx
    .insert(rateLimits)
    .values({ scope, key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: [rateLimits.scope, rateLimits.key],
      // Both expressions read the row as it was: a spent window starts again at one.
      set: {
        count: sql`case when ${over} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${over} then ${sql.param(resetAt, rateLimits.resetAt)} else ${rateLimits.resetAt} end`,
      },
      // A running window at its limit is left as it is, and the statement answers no row.
      setWhere: or(over, lt(rateLimits.count, limit)),
    })
    .returning({ count: rateLimits.count });
  return counted.length > 0;
}

/** Thrown inside `admitAttempt`'s transaction when a key is at its limit: it rolls back the keys counted before it. */
class AtLimit extends Error {}

/**
 * Admits one attempt when no key is at its limit, and then counts it for every key: each key is checked and counted
 * in one statement (`take`), and all keys in one transaction, so attempts sent at once, to one process or to several,
 * on SQLite or PostgreSQL, cannot pass more often than the limit. Returns 0 when admitted, else the seconds until it
 * may be tried again (nothing counted).
 */
export async function admitAttempt(counted: Counted[], now = Date.now()): Promise<number> {
  try {
    await transaction(async (tx) => {
      for (const one of counted) if (!(await take(tx, one, now))) throw new AtLimit();
    });
    return 0;
  } catch (error) {
    if (!(error instanceof AtLimit)) throw error;
    // Read after the rollback: the counts as the other attempts left them.
    return Math.max(1, await secondsUntilFree(counted, now));
  }
}

/** Uncounts one attempt of a running window: one that turned out not to count against the key (a success). */
export async function giveBackAttempt({ scope, key }: Pick<Counted, "scope" | "key">, now = Date.now()): Promise<void> {
  await transaction((tx) =>
    tx
      .update(rateLimits)
      .set({ count: sql`case when ${rateLimits.count} > 0 then ${rateLimits.count} - 1 else 0 end` })
      .where(and(eq(rateLimits.scope, scope), eq(rateLimits.key, key), gt(rateLimits.resetAt, new Date(now)))),
  );
}

/** Forgets every attempt of a key. */
export async function forgetAttempts({ scope, key }: Pick<Counted, "scope" | "key">): Promise<void> {
  await transaction((tx) => tx.delete(rateLimits).where(and(eq(rateLimits.scope, scope), eq(rateLimits.key, key))));
}

/** Removes the spent windows; run at start and then every few minutes, so the table holds only running ones. */
export async function purgeSpentAttempts(now = Date.now()): Promise<number> {
  const spent = await transaction((tx) =>
    tx
      .delete(rateLimits)
      .where(lte(rateLimits.resetAt, new Date(now)))
      .returning({ key: rateLimits.key }),
  );
  return spent.length;
}
