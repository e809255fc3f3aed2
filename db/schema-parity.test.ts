import { getTableConfig as pgTableConfig, PgTable } from "drizzle-orm/pg-core";
import { getTableConfig as sqliteTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Postgres, startPostgres } from "../tests/support/postgres";
import { db } from "./client.server";
import { migratePostgres } from "./migrate-postgres.server";
import * as sqliteSchema from "./schema.sqlite";
import * as pgSchema from "./schema.pg";

// One schema in two dialects (issue 21, ADR 0032): these tests fail when SQLite's and PostgreSQL's disagree on a
// table, a column, a constraint or an index, first as drizzle declares them, then as each engine holds them after
// its migrations.

type Shape = {
  columns: string[];
  primaryKey: string[];
  foreignKeys: string[];
  indexes: string[];
  checks: string[];
};

const sorted = (values: string[]) => [...values].sort();

function declared(schema: Record<string, unknown>, dialect: "sqlite" | "pg"): Record<string, Shape> {
  const shapes: Record<string, Shape> = {};
  for (const table of Object.values(schema)) {
    if (!(table instanceof SQLiteTable) && !(table instanceof PgTable)) continue;
    const config = dialect === "sqlite" ? sqliteTableConfig(table as SQLiteTable) : pgTableConfig(table as PgTable);
    const columns = config.columns.map((column) => {
      const value = column.default === undefined ? (column.defaultFn ? "fn" : "none") : JSON.stringify(column.default);
      return `${column.name} ${column.notNull ? "not null" : "null"} default ${value}`;
    });
    const primary = config.columns.filter((column) => column.primary).map((column) => column.name);
    shapes[config.name] = {
      columns: sorted(columns),
      primaryKey: primary.length
        ? primary
        : sorted(config.primaryKeys.flatMap((key) => key.columns.map((c) => c.name))),
      foreignKeys: sorted(
        config.foreignKeys.map((key) => {
          const ref = key.reference();
          const to = ref.foreignColumns.map((c) => c.name).join(",");
          const table = (ref.foreignTable as unknown as { [k: symbol]: string })[Symbol.for("drizzle:Name")];
          const from = ref.columns.map((c) => c.name).join(",");
          return `${from} -> ${table}(${to}) on delete ${key.onDelete ?? "no action"}`;
        }),
      ),
      indexes: sorted(
        config.indexes.map(({ config: index }) => {
          const on = index.columns.map((c) => ("name" in c ? c.name : "?")).join(",");
          return `${index.unique ? "unique " : ""}${index.name} (${on})`;
        }),
      ),
      checks: sorted(config.checks.map((check) => check.name)),
    };
  }
  return shapes;
}

describe("the two schemas as declared", () => {
  it("have the same tables, columns, defaults, keys, indexes and checks", () => {
    const sqlite = declared(sqliteSchema, "sqlite");
    const postgres = declared(pgSchema, "pg");
    expect(Object.keys(postgres).sort()).toEqual(Object.keys(sqlite).sort());
    for (const table of Object.keys(sqlite)) expect(postgres[table], table).toEqual(sqlite[table]);
  });
});

type Row = Record<string, unknown>;

/** What SQLite holds after its migrations, from its catalogue. */
function sqliteHeld(): Record<string, Omit<Shape, "columns"> & { columns: string[] }> {
  const client = db().$client;
  const tables = client
    .prepare(
      "select name, sql from sqlite_master where type = 'table' " +
        "and name not like 'sqlite_%' and name not like '__drizzle%'",
    )
    .all() as { name: string; sql: string }[];
  const held: ReturnType<typeof sqliteHeld> = {};
  for (const { name, sql } of tables) {
    const info = client.prepare(`pragma table_info(${name})`).all() as Row[];
    const indexes = (client.prepare(`pragma index_list(${name})`).all() as Row[]).filter((i) => i.origin === "c");
    held[name] = {
      columns: sorted(info.map((c) => `${String(c.name)} ${c.notnull || c.pk ? "not null" : "null"}`)),
      primaryKey: info
        .filter((c) => Number(c.pk) > 0)
        .sort((a, b) => Number(a.pk) - Number(b.pk))
        .map((c) => String(c.name)),
      foreignKeys: sorted(
        (client.prepare(`pragma foreign_key_list(${name})`).all() as Row[]).map(
          (k) =>
            `${String(k.from)} -> ${String(k.table)}(${String(k.to)}) on delete ${String(k.on_delete).toLowerCase()}`,
        ),
      ),
      indexes: sorted(
        indexes.map((index) => {
          const on = (client.prepare(`pragma index_info(${String(index.name)})`).all() as Row[])
            .sort((a, b) => Number(a.seqno) - Number(b.seqno))
            .map((c) => String(c.name))
            .join(",");
          return `${index.unique ? "unique " : ""}${String(index.name)} (${on})`;
        }),
      ),
      checks: sorted([...sql.matchAll(/CONSTRAINT "([^"]+)" CHECK/g)].map((m) => m[1]!)),
    };
  }
  return held;
}

/** What PostgreSQL holds after its migrations, from its catalogue. */
async function postgresHeld(client: pg.Client): Promise<ReturnType<typeof sqliteHeld>> {
  const tables = (
    await client.query<{ name: string }>(
      "select table_name as name from information_schema.tables " +
        "where table_schema = 'public' and table_type = 'BASE TABLE'",
    )
  ).rows;
  const held: ReturnType<typeof sqliteHeld> = {};
  for (const { name } of tables) {
    const columns = await client.query<{ column_name: string; is_nullable: string }>(
      "select column_name, is_nullable from information_schema.columns " +
        "where table_schema = 'public' and table_name = $1",
      [name],
    );
    const constraints = await client.query<{ name: string; type: string; definition: string; columns: string[] }>(
      `select c.conname as name, c.contype as type, pg_get_constraintdef(c.oid) as definition,
              array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
                    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as columns
         from pg_constraint c where c.conrelid = $1::regclass`,
      [name],
    );
    const indexes = await client.query<{ name: string; unique: boolean; columns: string[] }>(
      `select i.relname as name, x.indisunique as unique,
              array(select a.attname::text from unnest(x.indkey) with ordinality k(n, o)
                    join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.n order by k.o) as columns
         from pg_index x join pg_class i on i.oid = x.indexrelid
        where x.indrelid = $1::regclass and not x.indisprimary`,
      [name],
    );
    const byType = (type: string) => constraints.rows.filter((c) => c.type === type);
    held[name] = {
      columns: sorted(columns.rows.map((c) => `${c.column_name} ${c.is_nullable === "YES" ? "null" : "not null"}`)),
      primaryKey: byType("p")[0]?.columns ?? [],
      foreignKeys: sorted(
        byType("f").map((c) => {
          const match = /REFERENCES (\w+)\((\w+)\)(?: ON DELETE (CASCADE|SET NULL))?/.exec(c.definition);
          const onDelete = (match?.[3] ?? "no action").toLowerCase();
          return `${c.columns.join(",")} -> ${match?.[1]}(${match?.[2]}) on delete ${onDelete}`;
        }),
      ),
      indexes: sorted(indexes.rows.map((i) => `${i.unique ? "unique " : ""}${i.name} (${i.columns.join(",")})`)),
      checks: sorted(byType("c").map((c) => c.name)),
    };
  }
  return held;
}

describe("the two schemas as each engine holds them after its migrations", () => {
  let server: Postgres;
  let client: pg.Client;

  beforeAll(async () => {
    server = await startPostgres();
    await migratePostgres(server.url);
    client = new pg.Client({ connectionString: server.url });
    await client.connect();
  }, 60_000);

  afterAll(async () => {
    await client?.end();
    await server?.stop();
  });

  it("have the same tables, columns, keys, indexes and checks", async () => {
    const sqlite = sqliteHeld();
    const postgres = await postgresHeld(client);
    expect(
      Object.keys(postgres)
        .filter((t) => !t.startsWith("__drizzle"))
        .sort(),
    ).toEqual(Object.keys(sqlite).sort());
    for (const table of Object.keys(sqlite)) expect(postgres[table], table).toEqual(sqlite[table]);
  });

  it("applies its migrations once: a second start finds nothing to do", async () => {
    await migratePostgres(server.url);
    const applied = await client.query("select count(*)::int as n from drizzle.__drizzle_migrations");
    expect(applied.rows[0].n).toBeGreaterThan(0);
    await migratePostgres(server.url);
    const again = await client.query("select count(*)::int as n from drizzle.__drizzle_migrations");
    expect(again.rows[0].n).toBe(applied.rows[0].n);
  });
});
