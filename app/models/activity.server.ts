import { desc, eq, sql } from "drizzle-orm";
import type { Tx } from "~db/client.server";
import { db, runStatement } from "~db/client.server";
import { databaseDialect } from "~db/dialect";
import { activities, books } from "~db/schema";

export type ActivityInput = {
  userId: number;
  action: string;
  resource: string;
  details?: Record<string, unknown> | string;
};

/** Every mutation writes one row, inside the mutation's own transaction. */
export async function logActivity(tx: Tx, input: ActivityInput): Promise<void> {
  await tx.insert(activities).values(input);
}

/**
 * A change to a book's content: the book is marked as just worked on (it rises in "last updated" orderings) and the
 * change logged, in the change's transaction. On PostgreSQL it is one statement, the book's update in a WITH: a round
 * trip to the database fewer in every write, whose transactions an app server runs one at a time (ADR 32). SQLite
 * runs the two in the process.
 */
export async function logBookChange(tx: Tx, bookId: number, input: ActivityInput): Promise<void> {
  const touch = tx.update(books).set({ updatedAt: new Date() }).where(eq(books.id, bookId));
  const log = tx.insert(activities).values(input);
  if (databaseDialect() === "postgresql")
    await runStatement(sql`with touched as (${touch.getSQL()}) ${log.getSQL()}`, tx);
  else {
    await touch;
    await log;
  }
}

export async function listActivities({ userId, limit = 50 }: { userId: number; limit?: number }) {
  return await db()
    .select()
    .from(activities)
    .where(eq(activities.userId, userId))
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(limit);
}
