import { defineConfig } from "drizzle-kit";

// PostgreSQL's migrations, generated from db/schema.pg.ts beside SQLite's (drizzle.config.ts): `npm run db:generate`
// writes both (ADR 0032).
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.pg.ts",
  out: "./db/migrations-pg",
});
