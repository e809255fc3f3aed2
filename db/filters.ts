import { sql, type AnyColumn, type SQL } from "drizzle-orm";

// Filters for prepared queries. optionalEquals: one statement serves with and without the filter, because a
// placeholder set to null turns its condition off (the column is in the index either way).

/** `(:name is null or column = :name)` */
export function optionalEquals(column: AnyColumn, name: string): SQL {
  return sql`(${sql.placeholder(name)} is null or ${column} = ${sql.placeholder(name)})`;
}

/**
 * `(a like :name or b like :name …)`, with `\` escaping, for a pattern from containsPattern(): the condition
 * of a list's search statement. A list prepares it apart from its plain statement rather than writing
 * `(:name is null or a like :name …)`: that names the text columns even when nothing is searched, and then
 * SQLite has to read every row's text instead of answering the count and the sort from an index.
 */
export function searchContains(columns: AnyColumn[], name: string): SQL {
  const likes = sql.join(
    columns.map((column) => sql`${column} like ${sql.placeholder(name)} escape '\\'`),
    sql` or `,
  );
  return sql`(${likes})`;
}

/** The LIKE pattern for text taken literally, or null for no search. */
export function containsPattern(text: string | undefined): string | null {
  if (!text) return null;
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `(a like :p or b like :p …)` for a non-prepared query, or undefined (no condition) for an empty search. */
export function containsAny(columns: (AnyColumn | SQL)[], text: string | undefined): SQL | undefined {
  const pattern = containsPattern(text);
  if (!pattern) return undefined;
  const likes = sql.join(
    columns.map((column) => sql`${column} like ${pattern} escape '\\'`),
    sql` or `,
  );
  return sql`(${likes})`;
}
