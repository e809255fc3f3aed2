// The tests' throwaway PostgreSQL server, shared with the bench (scripts/postgres-server.mjs).
export { type Postgres, postgresBin, startPostgres } from "../../scripts/postgres-server.mjs";
