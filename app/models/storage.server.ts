import { eq, sql, type SQL } from "drizzle-orm";
import { db, type Tx } from "~db/client.server";
import { outerColumn } from "~db/correlated";
import { users } from "~db/schema";
import { env } from "~/platform/env.server";
import { AppError } from "~/lib/errors";

// The storage quota (issue 16, ADR 0022): what a user keeps on disk is counted in SQL from the byte sizes
// stored beside each file, never by walking the disk. A user's bytes are their photos and recordings
// (`media.size`, the file, plus `media.thumb_size`, a photo's thumbnail) and their uploaded covers
// (`books.cover_bytes`, one cover file counted once however many of their books share it after a copy).

/**
 * A user's stored bytes as an SQL expression, for `user` (a bound id, or a column of an outer query).
 * The names are written out, aliased, because drizzle leaves columns unqualified in a single-table select,
 * where a subquery's `id` would silently mean another table's.
 */
function bytesOf(user: SQL) {
  return sql<number>`((select coalesce(sum(m.size + coalesce(m.thumb_size, 0)), 0) from media m
      join stories s on s.id = m.story_id join books b on b.id = s.book_id where b.user_id = ${user})
    + (select coalesce(sum(c.bytes), 0) from (select max(cb.cover_bytes) as bytes from books cb
      where cb.user_id = ${user} and cb.cover_bytes is not null group by cb.cover_image) c))`.mapWith(Number);
}

/** Each user's stored bytes, as a column of a query over `users` (the admin's Users tab): no query per row. */
export const storageBytesOfUserRow = bytesOf(outerColumn("users", "id"));

/** The bytes a user's files take, read inside `runner` (a transaction sees its own writes). */
export async function storageUsed(userId: number, runner: Tx = db()): Promise<number> {
  const [row] = await runner
    .select({ bytes: bytesOf(sql`${userId}`) })
    .from(users)
    .where(eq(users.id, userId));
  return row?.bytes ?? 0;
}

/** The quota in bytes, or null when USER_STORAGE_QUOTA_MB=0 turned it off. */
export function storageQuota(): number | null {
  return env().storageQuotaBytes;
}

const full = (field: string) => new AppError(413, "storage.quotaExceeded", field, "storage.quotaExceededTitle");

/**
 * The check that counts: called in the transaction that has just written the rows of new files. When the
 * user's files now take more than the quota it throws, which rolls the rows back, and the caller removes
 * the files. Two uploads at once cannot both pass: SQLite runs one transaction after the other, and the
 * second sees the first's row.
 */
export async function assertWithinQuota(
  tx: Tx,
  userId: number,
  { field = "file", quota = storageQuota() }: { field?: string; quota?: number | null } = {},
): Promise<void> {
  if (quota !== null && (await storageUsed(userId, tx)) > quota) throw full(field);
}

/**
 * An early answer before the work of storing (re-encoding a photo, unpacking a zip): refused when `bytes`
 * more (at least one) cannot fit. A photo's size is only known once it is re-encoded, so it asks for 0.
 */
export async function assertRoomFor(
  userId: number,
  bytes: number,
  { field = "file", quota = storageQuota() }: { field?: string; quota?: number | null } = {},
): Promise<void> {
  if (quota !== null && (await storageUsed(userId)) + Math.max(bytes, 1) > quota) throw full(field);
}
