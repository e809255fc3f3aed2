import { max, type AnyColumn, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Tx } from "./client.server";

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
