import path from "node:path";
import Database from "better-sqlite3";
import { eq, type SQL, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, prepareDatabase, transaction } from "./client.server";
import { databaseDialect } from "./dialect";
import { dataDirectory } from "./data-dir.server";
import { rateLimits } from "./schema";

// transaction() (issue 21, ADR 0032): async work on SQLite, one transaction at a time per process, on a connection of
// its own, so that reads elsewhere see only what was committed.

const T = new Date(Date.UTC(2030, 0, 1));
const counter = async (key: string) =>
  (await db().select().from(rateLimits).where(eq(rateLimits.key, key)))[0]?.count ?? null;
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

beforeAll(() => prepareDatabase());

describe(`transaction() on ${databaseDialect()}`, () => {
  it("commits what its work wrote, unseen by readers until then", async () => {
    let seenDuring: number | null = -1;
    await transaction(async (tx) => {
      await tx.insert(rateLimits).values({ scope: "tx", key: "a", count: 1, resetAt: T });
      await tick();
      seenDuring = await counter("a");
    });
    expect(seenDuring).toBeNull();
    expect(await counter("a")).toBe(1);
  });

  it("keeps nothing of work that throws", async () => {
    await expect(
      transaction(async (tx) => {
        await tx.insert(rateLimits).values({ scope: "tx", key: "b", count: 1, resetAt: T });
        await tick();
        throw new Error("no");
      }),
    ).rejects.toThrow("no");
    expect(await counter("b")).toBeNull();
  });

  it("loses no update when transactions read and write the same row at once", async () => {
    await transaction((tx) => tx.insert(rateLimits).values({ scope: "tx", key: "c", count: 0, resetAt: T }));
    await Promise.all(
      Array.from({ length: 20 }, () =>
        transaction(async (tx) => {
          const [row] = await tx.select().from(rateLimits).where(eq(rateLimits.key, "c"));
          await tick();
          await tx
            .update(rateLimits)
            .set({ count: row!.count + 1 })
            .where(eq(rateLimits.key, "c"));
        }),
      ),
    );
    expect(await counter("c")).toBe(20);
  });

  it("makes a transaction begun inside another a savepoint of it", async () => {
    await transaction(async (tx) => {
      await tx.insert(rateLimits).values({ scope: "tx", key: "d", count: 1, resetAt: T });
      await expect(
        transaction(async (inner) => {
          await inner
            .update(rateLimits)
            .set({ count: sql`${rateLimits.count} + 10` })
            .where(eq(rateLimits.key, "d"));
          throw new Error("inner");
        }),
      ).rejects.toThrow("inner");
      await transaction((inner) => inner.update(rateLimits).set({ count: 2 }).where(eq(rateLimits.key, "d")));
    });
    expect(await counter("d")).toBe(2);
  });

  // PostgreSQL locks rows, not the database: this is SQLite's guarantee.
  it.skipIf(databaseDialect() === "postgresql")(
    "holds SQLite's write lock from its start: another process waits",
    async () => {
      const other = new Database(path.join(dataDirectory(), "heirloom.db"), { timeout: 0 });
      try {
        await transaction(async (tx) => {
          await tx.select().from(rateLimits);
          expect(() => other.exec("BEGIN IMMEDIATE")).toThrow(/locked|busy/i);
        });
        other.exec("BEGIN IMMEDIATE");
        other.exec("ROLLBACK");
      } finally {
        other.close();
      }
    },
  );
});

// Every parameterised statement is named by its text (db/named-statements.server.ts): a connection parses and plans
// it once, then only binds and runs it.
describe.skipIf(databaseDialect() !== "postgresql")("statements on PostgreSQL", () => {
  it("runs the models' statements as named, prepared ones, parsed once per connection", async () => {
    const named = await transaction(async (tx) => {
      for (let i = 0; i < 3; i++)
        await tx
          .select()
          .from(rateLimits)
          .where(eq(rateLimits.key, `k${i}`));
      // drizzle's PostgreSQL handle (the models' type is SQLite's, which has no execute).
      const postgres = tx as unknown as { execute(query: SQL): Promise<{ rows: { statement: string }[] }> };
      return (await postgres.execute(sql`select statement from pg_prepared_statements where name like 'heirloom\\_%'`))
        .rows;
    });
    // One statement for the three reads: the same text with other values is the same statement.
    expect(named.filter((row) => row.statement.includes('from "rate_limits"'))).toHaveLength(1);
  });
});
