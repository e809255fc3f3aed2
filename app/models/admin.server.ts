import { countChildren } from "~db/correlated";
import { asc, count, desc, eq, ne, sql } from "drizzle-orm";
import { db } from "~db/client.server";
import { books, users } from "~db/schema";
import type { UserListQuery } from "~/lib/admin-query.server";
import { ADMIN_USERNAME, toPublicUser } from "./user.server";

// Admin-wide queries: call these only behind requireAdmin.


export function listUsers(query: UserListQuery) {
  const bookCount = db()
    .select({ userId: books.userId, n: count().as("n") })
    .from(books)
    .groupBy(books.userId)
    .as("book_count");
  const where =
    query.role === "admin" ? eq(users.username, ADMIN_USERNAME) : query.role === "user" ? ne(users.username, ADMIN_USERNAME) : undefined;
  const column = users[query.sort];
  const order = query.dir === "asc" ? asc(column) : desc(column);
  const rows = db()
    .select({ user: users, bookCount: sql<number>`coalesce(${bookCount.n}, 0)` })
    .from(users)
    .leftJoin(bookCount, eq(bookCount.userId, users.id))
    .where(where)
    .orderBy(order, asc(users.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .all();
  const total = db().select({ n: count() }).from(users).where(where).get()?.n ?? 0;
  return {
    users: rows.map((r) => ({ ...toPublicUser(r.user), bookCount: Number(r.bookCount) })),
    total,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}

/** One user as the users table shows it, for the edit and delete dialogs. */
export function getUserRow(userId: number) {
  const row = db()
    .select({ user: users, bookCount: countChildren(books, books.userId, "users") })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  return row ? { ...toPublicUser(row.user), bookCount: Number(row.bookCount) } : null;
}
