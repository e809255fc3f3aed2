import { beforeAll, describe, expect, it } from "vitest";
import { db, prepareDatabase } from "~db/client.server";
import { rateLimits } from "~db/schema";
import { admitAttempt, type Counted, forgetAttempts, giveBackAttempt, purgeSpentAttempts } from "./rate-limit.server";

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 27, 10, 0, 0);
// Each test counts its own keys: the table lives as long as the test file's database.
const limit = (key: string, max = 3): Counted => ({ scope: "test", key, limit: max, windowMs: MINUTE });

beforeAll(() => prepareDatabase());

describe("rate limits in the database", () => {
  it("admits attempts up to the limit, then says how long to wait, counting nothing more", async () => {
    const a = limit("a");
    for (let i = 0; i < 3; i++) expect(await admitAttempt([a], T0 + i)).toBe(0);
    expect(await admitAttempt([a], T0 + 10_000)).toBe(50);
    expect(await admitAttempt([a], T0 + 59_500)).toBe(1);
    const [row] = (await db().select().from(rateLimits)).filter((r) => r.key === "a");
    expect(row?.count).toBe(3);
    // Another key of the same limit, and the same key of another limit, are counted apart.
    expect(await admitAttempt([limit("b")], T0)).toBe(0);
    expect(await admitAttempt([{ ...a, scope: "other" }], T0)).toBe(0);
  });

  it("starts a new window once the old one is over", async () => {
    const c = limit("c", 1);
    expect(await admitAttempt([c], T0)).toBe(0);
    expect(await admitAttempt([c], T0 + MINUTE - 1)).toBe(1);
    expect(await admitAttempt([c], T0 + MINUTE)).toBe(0);
    expect(await admitAttempt([c], T0 + MINUTE + 1)).toBe(60);
  });

  it("admits only when every key is free, and then counts every key", async () => {
    const full = limit("full", 1);
    const free = limit("free", 5);
    expect(await admitAttempt([full], T0)).toBe(0);
    expect(await admitAttempt([free, full], T0)).toBe(60);
    expect((await db().select().from(rateLimits)).find((r) => r.key === "free")).toBeUndefined();
    expect(await admitAttempt([free, limit("free-2", 5)], T0)).toBe(0);
    expect((await db().select().from(rateLimits)).filter((r) => r.key.startsWith("free"))).toHaveLength(2);
  });

  it("gives an attempt back, never below none, and forgets a key", async () => {
    const d = limit("d", 2);
    expect(await admitAttempt([d], T0)).toBe(0);
    expect(await admitAttempt([d], T0)).toBe(0);
    expect(await admitAttempt([d], T0)).toBeGreaterThan(0);
    await giveBackAttempt(d, T0);
    expect(await admitAttempt([d], T0)).toBe(0);
    for (let i = 0; i < 3; i++) await giveBackAttempt(d, T0);
    expect(await admitAttempt([d], T0)).toBe(0);
    expect(await admitAttempt([d], T0)).toBe(0);
    expect(await admitAttempt([d], T0)).toBeGreaterThan(0);
    await forgetAttempts(d);
    expect(await admitAttempt([d], T0)).toBe(0);
  });

  it("purges only the windows that are over", async () => {
    await admitAttempt([limit("old")], T0 - 2 * MINUTE);
    await admitAttempt([limit("running")], T0);
    expect(await purgeSpentAttempts(T0)).toBeGreaterThanOrEqual(1);
    const keys = (await db().select().from(rateLimits)).map((r) => r.key);
    expect(keys).toContain("running");
    expect(keys).not.toContain("old");
  });
});
