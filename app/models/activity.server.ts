import { desc, eq } from "drizzle-orm";
import type { Tx } from "~db/client.server";
import { db } from "~db/client.server";
import { activities } from "~db/schema";

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

export async function listActivities({ userId, limit = 50 }: { userId: number; limit?: number }) {
  return await db()
    .select()
    .from(activities)
    .where(eq(activities.userId, userId))
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(limit);
}
