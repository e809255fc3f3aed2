import { and, eq, gt, lte, sql } from "drizzle-orm";
import { db, type Db, transaction } from "~db/client.server";
import { rateLimits } from "~db/schema";

/** A limit: so many attempts per key in a fixed window. */
export type Limit = { limit: number; windowMs: number };
/** One key counted against one limit; `scope` names the limit, so that keys of different limits never meet. */
export type Counted = { scope: string; key: string } & Limit;

async function secondsUntilFree(tx: Db, counted: Counted[], now: number): Promise<number> {
  let wait = 0;
  for (const { scope, key, limit } of counted) {
    const [window] = await tx
      .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
      .from(rateLimits)
      .where(and(eq(rateLimits.scope, scope), eq(rateLimits.key, key), gt(rateLimits.resetAt, new Date(now))));
    if (window && window.count >= limit)
      wait = Math.max(wait, Math.max(1, Math.ceil((window.resetAt.getTime() - now) / 1000)));
  }
  return wait;
}

/** Seconds until every key may try again (0: now), counting nothing. */
export async function attemptsRetryAfter(counted: Counted[], now = Date.now()): Promise<number> {
  // A read: it waits for no writer's turn.
  return secondsUntilFree(db(), counted, now);
}

/** Counts one attempt for each key: a new window for a key whose window is over, one more in a running one. */
async function count(tx: Db, counted: Counted[], now: number): Promise<void> {
  // Built from the column, so that each engine gets the time in its own type (ms in SQLite, a timestamp in PostgreSQL).
  const over = lte(rateLimits.resetAt, new Date(now));
  for (const { scope, key, windowMs } of counted) {
    const resetAt = new Date(now + windowMs);
    await tx
      .insert(rateLimits)
      .values({ scope, key, count: 1, resetAt })
      .onConflictDoUpdate({
        target: [rateLimits.scope, rateLimits.key],
        // Both expressions read the row as it was: a spent window starts again at one.
        set: {
          count: sql`case when ${over} then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${over} then ${sql.param(resetAt, rateLimits.resetAt)} else ${rateLimits.resetAt} end`,
        },
      });
  }
}

/**
 * Admits one attempt when no key is at its limit, and then counts it for every key, in one transaction that holds
 * the database's write lock from its start: attempts sent at once, to one process or to several, cannot all pass.
 * Returns 0 when admitted, else the seconds until it may be tried again (nothing counted).
 */
export async function admitAttempt(counted: Counted[], now = Date.now()): Promise<number> {
  return transaction(async (tx) => {
    const wait = await secondsUntilFree(tx, counted, now);
    if (wait === 0) await count(tx, counted, now);
    return wait;
  });
}

/** Counts one attempt for each key, whatever their counts. */
export async function countAttempt(counted: Counted[], now = Date.now()): Promise<void> {
  return transaction((tx) => count(tx, counted, now));
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
