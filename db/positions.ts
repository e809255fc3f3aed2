import { inArray, max, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { runStatement, type Tx } from "./client.server";

/** The position after the last one among the rows `where` selects (0 for the first), inside a transaction. */
export async function nextPosition(tx: Tx, table: SQLiteTable, position: AnyColumn, where: SQL): Promise<number> {
  const last = (
    await tx
      .select({ position: max(position) })
      .from(table)
      .where(where)
  )[0]?.position;
  return typeof last === "number" ? last + 1 : 0;
}

/**
 * Gives the rows with these ids the positions 0, 1, 2 … in this order, in one statement inside a transaction: one
 * UPDATE per row was a round trip each on PostgreSQL, while the app server's one transaction turn waited.
 */
export async function savePositions(tx: Tx, table: SQLiteTable, id: AnyColumn, position: AnyColumn, ids: number[]) {
  if (ids.length === 0) return;
  // The positions are our own integers, written as literals: a typed value on both engines, no placeholder to cast.
  const cases = sql.join(
    ids.map((rowId, index) => sql`when ${rowId} then ${sql.raw(String(index))}`),
    sql` `,
  );
  await runStatement(
    sql`update ${table} set ${sql.identifier(position.name)} = case ${id} ${cases} end where ${inArray(id, ids)}`,
    tx,
  );
}
