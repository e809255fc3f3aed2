import path from "node:path";
import Database from "better-sqlite3";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, transaction } from "./client.server";
import { dataDirectory } from "./data-dir.server";
import { rateLimits } from "./schema";

// transaction() (issue 21, ADR 0032): async work on SQLite, one transaction at a time per process, on a connection of
// its own, so that reads elsewhere see only what was committed.

const T = new Date(Date.UTC(2030, 0, 1));
const counter = (key: string) => db().select().from(rateLimits).where(eq(rateLimits.key, key)).all()[0]?.count ?? null;
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("transaction()", () => {
  it("commits what its work wrote, unseen by readers until then", async () => {
    let seenDuring: number | null = -1;
    await transaction(async (tx) => {
      await tx.insert(rateLimits).values({ scope: "tx", key: "a", count: 1, resetAt: T });
      await tick();
      seenDuring = counter("a");
    });
    expect(seenDuring).toBeNull();
    expect(counter("a")).toBe(1);
  });

  it("keeps nothing of work that throws", async () => {
    await expect(
      transaction(async (tx) => {
        await tx.insert(rateLimits).values({ scope: "tx", key: "b", count: 1, resetAt: T });
        await tick();
        throw new Error("no");
      }),
    ).rejects.toThrow("no");
    expect(counter("b")).toBeNull();
  });

  it("runs transactions of this process one after another: no update is lost", async () => {
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
    expect(counter("c")).toBe(20);
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
    expect(counter("d")).toBe(2);
  });

  it("holds the database's write lock from its start: another process waits its turn", async () => {
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
  });
});
