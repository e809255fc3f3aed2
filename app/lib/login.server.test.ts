import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { LOGIN_LIMITS } from "./limits";
import { attemptLogin } from "./login.server";
import { clientAddressContext } from "./client-address.server";
import { createUser } from "~/models/user.server";

// The limiters live for the process: each test uses its own accounts and client addresses.
const fromAddress = (address: string) => new RouterContextProvider(new Map([[clientAddressContext, address]]));
const signIn = (username: string, password: string, address: string) =>
  attemptLogin(new Request("http://heirloom.test/api/auth/login", { method: "POST" }), fromAddress(address), {
    username,
    password,
    rememberMe: false,
  });
const statusOf = async (attempt: ReturnType<typeof signIn>) => {
  const result = await attempt;
  return result.ok ? 200 : result.status;
};
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

// Each password check is deliberately slow (argon2): these limits are a guard against a hang, not a measurement.
describe("counting sign-in attempts", { timeout: 120_000 }, () => {
  it("checks at most the limit of wrong passwords sent at once, and refuses the rest with 429", async () => {
    await createUser({ username: "parallel", email: "parallel@example.com", password: "right-one" });
    const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => statusOf(signIn("parallel", `guess-${i}`, "10.0.0.1"))));
    expect(count(statuses, 401)).toBe(LOGIN_LIMITS.accountAndClient.limit);
    expect(count(statuses, 429)).toBe(30 - LOGIN_LIMITS.accountAndClient.limit);
    const blocked = await signIn("parallel", "right-one", "10.0.0.1");
    expect(blocked).toMatchObject({ ok: false, status: 429, messageKey: "login.tooManyAttempts" });
    expect(!blocked.ok && Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("counts an account's username and email, in any case or width, as one account", async () => {
    await createUser({ username: "twonames", email: "twonames@example.com", password: "right-one" });
    const names = ["twonames", "TWONAMES@example.com", "ｔｗｏｎａｍｅｓ", "twonames@example.com"];
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push(await statusOf(signIn(names[i % names.length]!, `guess-${i}`, "10.0.0.2")));
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("counts a name that matches no account like an account, so the answers do not tell them apart", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push(await statusOf(signIn("nobody-here", "guess", "10.0.0.4")));
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("lockout", { timeout: 120_000 }, () => {
  it("locks a stranger's address out of an account, and not the account's owner elsewhere", async () => {
    await createUser({ username: "victim", email: "victim@example.com", password: "right-one" });
    for (let i = 0; i < 30; i++) await signIn("victim", `guess-${i}`, "203.0.113.9");
    // Only the first ten were checked; the stranger's address is now locked out of this account.
    expect(await statusOf(signIn("victim", "right-one", "203.0.113.9"))).toBe(429);
    expect(await statusOf(signIn("victim", "right-one", "198.51.100.7"))).toBe(200);
  });
});
