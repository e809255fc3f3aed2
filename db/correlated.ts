import { sql, type AnyColumn } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

/**
 * `(select count(*) from child where child.fk = parent.id)`, with the outer column written out in full.
 * drizzle leaves column names unqualified in single-table selects, so inside a subquery `"id"` would
 * silently mean the child's own id; here the parent's column is always `"table"."column"`.
 */
export function countChildren(child: SQLiteTable, foreignKey: AnyColumn, parentTable: string, parentColumn = "id") {
  const parent = sql.raw(`"${parentTable}"."${parentColumn}"`);
  return sql<number>`(select count(*) from ${child} where ${foreignKey} = ${parent})`.mapWith(Number);
}
