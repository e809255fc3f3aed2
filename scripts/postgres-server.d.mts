// Types of scripts/postgres-server.mjs.

/** A throwaway PostgreSQL server in a temporary folder, on loopback, for one test file (issue 21). */
export type Postgres = {
  /** `postgres://heirloom@127.0.0.1:<port>/heirloom`: a database of its own, empty until migrated. */
  url: string;
  /** Another empty database on the same server, for a test that needs one more. */
  createDatabase: (name: string) => Promise<string>;
  /** Stops the server at once (`immediate`, a crash to the database) and starts it again on the same data. */
  restart: (mode?: "fast" | "immediate") => Promise<void>;
  /** Stops the server at once, keeping its data, until `startServer`: the database is out of reach meanwhile. */
  stopServer: () => Promise<void>;
  startServer: () => Promise<void>;
  /** Stops the server and removes its folder. */
  stop: () => Promise<void>;
};

/** Debian keeps each major version's programs in /usr/lib/postgresql/<major>/bin; PG_BIN overrides. */
export function postgresBin(): string;

/**
 * Starts a new server: initdb into a temporary folder, then pg_ctl start on a free loopback port, and an empty
 * `heirloom` database (see scripts/postgres-server.mjs). `durable` false turns fsync off, for speed;
 * `cpu` pins the server and its connections to that CPU.
 */
export function startPostgres(options?: { durable?: boolean; cpu?: number }): Promise<Postgres>;
