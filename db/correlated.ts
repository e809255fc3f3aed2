import { sql, type AnyColumn } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

/**
 * A column of the outer query, written out in full (`"table"."column"`) for use inside a subquery. drizzle leaves
 * column names unqualified in single-table selects, so inside a subquery `"id"` would silently mean the subquery's
 * own table's.
 */
export const outerColumn = (table: string, column: string) => sql.raw(`"${table}"."${column}"`);

/** `(select count(*) from child where child.fk = parent.id)`, with the parent's column written out in full. */
export function countChildren(child: SQLiteTable, foreignKey: AnyColumn, parentTable: string, parentColumn = "id") {
  const parent = outerColumn(parentTable, parentColumn);
  return sql<number>`(select count(*) from ${child} where ${foreignKey} = ${parent})`.mapWith(Number);
}
