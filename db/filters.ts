import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { databaseDialect } from "./dialect";

/**
 * The operator of a search that ignores case (issue 21, ADR 0032): SQLite's LIKE folds ASCII letters; PostgreSQL's
 * LIKE folds nothing, its ILIKE folds every letter its character classes know (C.UTF-8: Vietnamese too).
 */
export function likeIgnoringCase(): SQL {
  return sql.raw(databaseDialect() === "postgresql" ? "ilike" : "like");
}

/**
 * `(a like :name or b like :name …)`, with `\` escaping, for a pattern from containsPattern(): the condition
 * of a list's search statement. A list prepares it apart from its plain statement rather than writing
 * `(:name is null or a like :name …)`: that names the text columns even when nothing is searched, and then
 * SQLite has to read every row's text instead of answering the count and the sort from an index.
 */
export function searchContains(columns: AnyColumn[], name: string): SQL {
  const likes = sql.join(
    columns.map((column) => sql`${column} ${likeIgnoringCase()} ${sql.placeholder(name)} escape '\\'`),
    sql` or `,
  );
  return sql`(${likes})`;
}

/** The LIKE pattern for text taken literally, or null for no search. */
export function containsPattern(text: string | undefined): string | null {
  // NUL is left out: PostgreSQL's text cannot hold it, so no stored text has one.
  const searched = text?.replaceAll("\u0000", "");
  if (!searched) return null;
  return `%${searched.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `(a like :p or b like :p …)` for a non-prepared query, or undefined (no condition) for an empty search. */
export function containsAny(columns: (AnyColumn | SQL)[], text: string | undefined): SQL | undefined {
  const pattern = containsPattern(text);
  if (!pattern) return undefined;
  const likes = sql.join(
    columns.map((column) => sql`${column} ${likeIgnoringCase()} ${pattern} escape '\\'`),
    sql` or `,
  );
  return sql`(${likes})`;
}
