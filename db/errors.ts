// The engines' own codes for a constraint an insert or an update broke, a unique one or a foreign key (issue 21,
// ADR 0032): SQLite's (better-sqlite3) and PostgreSQL's SQLSTATE. drizzle wraps a failed query's error, the driver's
// is its cause.
const UNIQUE_VIOLATION = new Set(["SQLITE_CONSTRAINT_UNIQUE", "SQLITE_CONSTRAINT_PRIMARYKEY", "23505"]);

function codeOf(error: unknown): unknown {
  return error instanceof Error && "code" in error ? error.code : undefined;
}

const FOREIGN_KEY_VIOLATION = new Set(["SQLITE_CONSTRAINT_FOREIGNKEY", "23503"]);

/** Whether `error`, or the driver's error drizzle wrapped in it, carries one of `codes`. */
function carries(error: unknown, codes: Set<string>): boolean {
  const cause = error instanceof Error ? error.cause : undefined;
  return codes.has(codeOf(error) as string) || codes.has(codeOf(cause) as string);
}

/** Whether `error` is a unique constraint's refusal, on either engine, wrapped by drizzle or not. */
export function isUniqueViolation(error: unknown): boolean {
  return carries(error, UNIQUE_VIOLATION);
}

/** Whether `error` is a foreign key's refusal (the row referred to is gone), on either engine. */
export function isForeignKeyViolation(error: unknown): boolean {
  return carries(error, FOREIGN_KEY_VIOLATION);
}

// A database that cannot be reached just now (issue 21): the connection refused, broken or timed out, or the
// server shutting down or starting (PostgreSQL's SQLSTATE classes 08 and 57P, and 53300, too many connections).
const UNAVAILABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND"]);
const UNAVAILABLE_STATES = /^(08\d{3}|57P0[1-3]|53300)$/;
// node-postgres says these in words only: a connection ended under a query, the pool's wait for one ran out.
const UNAVAILABLE_WORDS =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/;

/** Whether `error`, or what it wraps, says the database cannot be reached just now (answered with a 503). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let layer = error, depth = 0; layer instanceof Error && depth < 4; layer = layer.cause, depth++) {
    const code = codeOf(layer);
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
    if (UNAVAILABLE_WORDS.test(layer.message)) return true;
  }
  return false;
}
