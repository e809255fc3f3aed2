import { and, eq, ne, or } from "drizzle-orm";
import { transaction } from "~db/client.server";
import { alias } from "drizzle-orm/sqlite-core";
import { users } from "~db/schema";
import { nameKey } from "~/lib/names";
import { logActivity } from "./activity.server";

export type NameCheck = {
  /** Users whose stored username or email was rewritten to its name key. */
  normalised: number[];
  /** Pairs of users that share a name (one's username is the other's email, or two keys would be equal). */
  conflicts: { name: string; userIds: number[] }[];
};

/**
 * Brings names stored before issue 16 (lower case only) to their name key (NFKC and lower case), at
 * start: "hương" typed with combining marks, or a full-width "ｌａｎ", must match what sign-in looks up
 * now. SQL has no NFKC, so this is code rather than a migration; it reads the users table once (a
 * family's worth of rows) and writes only rows that change, each with its activity row. A name whose
 * key another user already has is left as it is and reported with every name two users share, for
 * the admin to resolve; sign-in then tries each account the name matches.
 */
export async function normaliseStoredNames(): Promise<NameCheck> {
  return transaction(async (tx) => {
    const normalised: number[] = [];
    const conflicts: NameCheck["conflicts"] = [];
    const rows = await tx.select({ id: users.id, username: users.username, email: users.email }).from(users);
    for (const row of rows) {
      const set: { username?: string; email?: string } = {};
      for (const field of ["username", "email"] as const) {
        const key = nameKey(row[field]);
        if (key === row[field]) continue;
        const other = (
          await tx
            .select({ id: users.id })
            .from(users)
            .where(and(or(eq(users.username, key), eq(users.email, key)), ne(users.id, row.id)))
            .limit(1)
        )[0];
        if (other) conflicts.push({ name: key, userIds: [row.id, other.id] });
        else set[field] = key;
      }
      if (!set.username && !set.email) continue;
      await tx.update(users).set(set).where(eq(users.id, row.id));
      await logActivity(tx, {
        userId: row.id,
        action: "update",
        resource: "user",
        details: { id: row.id, fields: Object.keys(set), reason: "nameKey" },
      });
      normalised.push(row.id);
    }
    // Names that were already keys but are shared across the two columns (allowed before issue 16).
    const other = alias(users, "other");
    const shared = await tx
      .select({ name: users.username, a: users.id, b: other.id })
      .from(users)
      .innerJoin(other, and(eq(other.email, users.username), ne(other.id, users.id)));
    for (const { name, a, b } of shared) conflicts.push({ name, userIds: [a, b] });
    return { normalised, conflicts };
  });
}
