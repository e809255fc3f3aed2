// The engines' own codes for a unique constraint broken by an insert or an update (issue 21, ADR 0032): SQLite's
// (better-sqlite3) and PostgreSQL's SQLSTATE. drizzle wraps a failed query's error, the driver's is its cause.
const UNIQUE_VIOLATION = new Set(["SQLITE_CONSTRAINT_UNIQUE", "SQLITE_CONSTRAINT_PRIMARYKEY", "23505"]);

function codeOf(error: unknown): unknown {
  return error instanceof Error && "code" in error ? error.code : undefined;
}

/** Whether `error` is a unique constraint's refusal, on either engine, wrapped by drizzle or not. */
export function isUniqueViolation(error: unknown): boolean {
  const cause = error instanceof Error ? error.cause : undefined;
  return UNIQUE_VIOLATION.has(codeOf(error) as string) || UNIQUE_VIOLATION.has(codeOf(cause) as string);
}
