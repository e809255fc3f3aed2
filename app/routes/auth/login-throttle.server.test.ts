import { describe, expect, it } from "vitest";
import { LOGIN_LIMITS } from "~/lib/limits";
import { admitLoginAttempt } from "./login-throttle.server";

// The limiters live for the process: each test uses its own account keys and client addresses.
// (app/routes/auth/sign-in.server.test.ts checks the same rules through the whole sign-in, with real passwords.)
const admitted = async (account: string, client: string) =>
  (await admitLoginAttempt({ accounts: [account], client })).admitted;

describe("login throttle", () => {
  it("counts an attempt when it is admitted, before its outcome is known", async () => {
    const results = await Promise.all(Array.from({ length: 30 }, () => admitted("user:1", "10.1.0.1")));
    expect(results.filter(Boolean)).toHaveLength(LOGIN_LIMITS.accountAndClient.limit);
    const refused = await admitLoginAttempt({ accounts: ["user:1"], client: "10.1.0.1" });
    expect(refused).toMatchObject({ admitted: false, retryAfterSeconds: expect.any(Number) });
    expect(!refused.admitted && refused.retryAfterSeconds).toBeGreaterThan(0);
    // Another address still may try this account.
    expect(await admitted("user:1", "10.1.0.2")).toBe(true);
  });

  it("forgives the account's failures from that address after a success, but not the account-wide count", async () => {
    for (let i = 0; i < LOGIN_LIMITS.accountAndClient.limit - 1; i++)
      expect(await admitted("user:2", "10.2.0.1")).toBe(true);
    const success = await admitLoginAttempt({ accounts: ["user:2"], client: "10.2.0.1" });
    if (!success.admitted) throw new Error("refused");
    await success.succeeded();
    for (let i = 0; i < LOGIN_LIMITS.accountAndClient.limit; i++)
      expect(await admitted("user:2", "10.2.0.1")).toBe(true);
    expect(await admitted("user:2", "10.2.0.1")).toBe(false);
  });

  it("locks an account whose attempts come from many addresses, at the account-wide limit", async () => {
    const perAddress = LOGIN_LIMITS.accountAndClient.limit;
    let address = 0;
    for (let taken = 0; taken < LOGIN_LIMITS.account.limit; address++) {
      for (let i = 0; i < perAddress && taken < LOGIN_LIMITS.account.limit; i++, taken++)
        expect(await admitted("user:3", `10.3.0.${address}`)).toBe(true);
    }
    expect(await admitted("user:3", "10.3.1.1")).toBe(false);
    // Reaching it took more than one address: no single stranger can.
    expect(address).toBeGreaterThan(1);
    expect(await admitted("user:4", "10.3.1.1")).toBe(true);
  });

  it("locks an address that tries many accounts, at the per-client limit, and gives back its successes", async () => {
    for (let i = 0; i < 20; i++) {
      const attempt = await admitLoginAttempt({ accounts: ["user:5"], client: "10.5.0.1" });
      if (!attempt.admitted) throw new Error("refused");
      await attempt.succeeded();
    }
    for (let i = 0; i < LOGIN_LIMITS.client.limit; i++)
      expect(await admitted(`name:sprayed-${i}`, "10.5.0.1")).toBe(true);
    expect(await admitted("name:one-more", "10.5.0.1")).toBe(false);
    expect(await admitted("name:one-more", "10.5.0.2")).toBe(true);
  });

  it("counts every key of a name that two accounts share", async () => {
    for (let i = 0; i < LOGIN_LIMITS.accountAndClient.limit; i++)
      expect((await admitLoginAttempt({ accounts: ["user:6", "user:7"], client: "10.6.0.1" })).admitted).toBe(true);
    expect(await admitted("user:6", "10.6.0.1")).toBe(false);
    expect(await admitted("user:7", "10.6.0.1")).toBe(false);
  });
});
