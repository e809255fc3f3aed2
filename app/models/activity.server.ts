import { type Column, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
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
  const { touch, log } = bookChangeStatements(tx, bookId, input);
  if (databaseDialect() === "postgresql")
    await runStatement(sql`with touched as (${touch.getSQL()}) ${log.getSQL()}`, tx);
  else {
    await touch;
    await log;
  }
}

/**
 * For a change that is itself one statement (a story saved): what writes it, with the book's time and the record of
 * the change (logBookChange) in that same statement on PostgreSQL, in its WITH, so that the whole change is one round
 * trip; on SQLite the two run first, in the same transaction.
 */
export async function inBookChange(
  tx: Tx,
  bookId: number,
  input: ActivityInput,
): Promise<Pick<Tx, "update" | "insert" | "delete">> {
  if (databaseDialect() !== "postgresql") {
    await logBookChange(tx, bookId, input);
    return tx;
  }
  const { touch, log } = bookChangeStatements(tx, bookId, input);
  return tx.with(tx.$with("touched", {}).as(touch.getSQL()), tx.$with("logged", {}).as(log.getSQL()));
}

/**
 * PostgreSQL: the book's time and the record of a change made by an earlier CTE of the same statement, `changed` (rows
 * with a `book_id`), as two CTEs that write only when it changed a row: for a write that is one statement on its own
 * (`statementOnItsOwn`), whose conditions may leave it nothing to change. All three are written, or none.
 */
export function bookChangeAfter(tx: Tx, changed: string, input: ActivityInput) {
  const rows = sql.identifier(changed);
  const now = new Date();
  const name = (column: Column) => sql.identifier(column.name);
  // A value in a SELECT list has no type of its own for PostgreSQL: each is cast to its column's.
  const typed = (value: unknown, column: Column) =>
    sql`cast(${sql.param(value, column)} as ${sql.raw(column.getSQLType())})`;
  const record: [Column, SQL][] = [
    [activities.userId, typed(input.userId, activities.userId)],
    [activities.action, typed(input.action, activities.action)],
    [activities.resource, typed(input.resource, activities.resource)],
    [activities.details, input.details === undefined ? sql`null` : typed(input.details, activities.details)],
    [activities.createdAt, typed(now, activities.createdAt)],
  ];
  const columns = sql.join(
    record.map(([column]) => name(column)),
    sql`, `,
  );
  const values = sql.join(
    record.map(([, value]) => value),
    sql`, `,
  );
  return [
    tx.$with("touched", {}).as(bookTouch(tx, sql`(select "book_id" from ${rows})`).getSQL()),
    tx.$with("logged", {}).as(sql`insert into ${activities} (${columns}) select ${values} from ${rows}`),
  ];
}

/** The book marked as just worked on: `book` is its id, or a subquery of the ids of the books changed. */
function bookTouch(tx: Tx, book: number | SQL) {
  return tx
    .update(books)
    .set({ updatedAt: new Date() })
    .where(typeof book === "number" ? eq(books.id, book) : inArray(books.id, book));
}

function bookChangeStatements(tx: Tx, bookId: number, input: ActivityInput) {
  return {
    touch: bookTouch(tx, bookId),
    log: tx.insert(activities).values(input),
  };
}

export async function listActivities({ userId, limit = 50 }: { userId: number; limit?: number }) {
  return await db()
    .select()
    .from(activities)
    .where(eq(activities.userId, userId))
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(limit);
}
