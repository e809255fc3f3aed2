/** A PostgreSQL connection URL: `postgres://…` or `postgresql://…`. */
export const POSTGRES_URL = /^postgres(ql)?:\/\/\S+$/;

/**
 * The engine this process uses, from DATABASE_URL, read once when it starts (issue 21, ADR 0032): `postgres://…` or
 * `postgresql://…` is PostgreSQL; unset, SQLite in DATA_DIR.
 */
export function databaseDialect(url: string | undefined = process.env.DATABASE_URL): "sqlite" | "postgresql" {
  return url && POSTGRES_URL.test(url) ? "postgresql" : "sqlite";
}
