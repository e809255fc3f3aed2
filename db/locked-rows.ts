import { databaseDialect } from "./dialect";

/**
 * A select of rows that a job takes, inside its transaction: on PostgreSQL locked FOR UPDATE, skipping the rows
 * another app server has already taken, so that two servers share the due work instead of waiting on or repeating it
 * (ADR 0041). SQLite has one writer at a time, whose transaction already holds every row.
 */
export function skippingLocked<Query>(query: Query): Query {
  if (databaseDialect() !== "postgresql") return query;
  return (query as unknown as { for(strength: "update", config: { skipLocked: true }): Query }).for("update", {
    skipLocked: true,
  });
}
