import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { LOGIN_LIMITS } from "~/lib/limits";
import { LoginRefused, signIn as signInWith } from "./sign-in.server";
import { clientAddressContext } from "~/http/client-address.server";
import { createUser } from "~/models/user.server";

// The limiters live for the process: each test uses its own accounts and client addresses.
const fromAddress = (address: string) => new RouterContextProvider(new Map([[clientAddressContext, address]]));
const signIn = (username: string, password: string, address: string, cookie?: string) =>
  signInWith(
    new Request("http://heirloom.test/api/auth/login", { method: "POST", headers: cookie ? { Cookie: cookie } : {} }),
    fromAddress(address),
    { username, password, rememberMe: false },
  );
/** 200 for a sign-in, else the refusal's status. */
const statusOf = async (attempt: ReturnType<typeof signIn>) => {
  try {
    await attempt;
    return 200;
  } catch (error) {
    if (error instanceof LoginRefused) return error.status;
    throw error;
  }
};
const refusalOf = (attempt: ReturnType<typeof signIn>) =>
  attempt.then(
    () => null,
    (error: unknown) => {
      if (error instanceof LoginRefused) return error;
      throw error;
    },
  );
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

// Each password check is deliberately slow (argon2): these limits are a guard against a hang, not a measurement.
describe("counting sign-in attempts", { timeout: 120_000 }, () => {
  it("checks at most the limit of wrong passwords sent at once, and refuses the rest with 429", async () => {
    await createUser({ username: "parallel", email: "parallel@example.com", password: "right-one" });
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => statusOf(signIn("parallel", `guess-${i}`, "10.0.0.1"))),
    );
    expect(count(statuses, 401)).toBe(LOGIN_LIMITS.accountAndClient.limit);
    expect(count(statuses, 429)).toBe(30 - LOGIN_LIMITS.accountAndClient.limit);
    const blocked = await refusalOf(signIn("parallel", "right-one", "10.0.0.1"));
    expect(blocked).toMatchObject({ status: 429, messageKey: "login.tooManyAttempts" });
    expect(Number(blocked?.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("counts an account's username and email, in any case or width, as one account", async () => {
    await createUser({ username: "twonames", email: "twonames@example.com", password: "right-one" });
    const names = ["twonames", "TWONAMES@example.com", "ｔｗｏｎａｍｅｓ", "twonames@example.com"];
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push(await statusOf(signIn(names[i % names.length]!, `guess-${i}`, "10.0.0.2")));
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
    for (let i = 0; i < 30; i++) await statusOf(signIn("victim", `guess-${i}`, "203.0.113.9"));
    // Only the first ten were checked; the stranger's address is now locked out of this account.
    expect(await statusOf(signIn("victim", "right-one", "203.0.113.9"))).toBe(429);
    expect(await statusOf(signIn("victim", "right-one", "198.51.100.7"))).toBe(200);
  });
});

describe("signing in through remix-auth's Authenticator and our password strategy", { timeout: 120_000 }, () => {
  it("gives the user and a new session cookie for the right password, with or without a name's case", async () => {
    await createUser({ username: "through", email: "through@example.com", password: "right-one" });
    const { user, headers } = await signIn("THROUGH", "right-one", "10.0.0.5");
    expect(user.username).toBe("through");
    expect(headers.get("Set-Cookie")).toMatch(/^heirloom_session=[^;]+;/);
  });

  it("refuses a wrong password with 401, and ends the session the visitor had", async () => {
    await createUser({ username: "wrongpass", email: "wrongpass@example.com", password: "right-one" });
    const refused = await refusalOf(signIn("wrongpass", "wrong-one", "10.0.0.6", "heirloom_session=old"));
    expect(refused).toMatchObject({ status: 401, messageKey: "login.invalidCredentials" });
    expect(refused?.headers.get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
  });

  it("keeps a password's line feeds as they are (a password set through /api may hold one)", async () => {
    await createUser({ username: "twolines", email: "twolines@example.com", password: "first\nsecond" });
    const { user } = await signIn("twolines", "first\nsecond", "10.0.0.8");
    expect(user.username).toBe("twolines");
  });

  it("keeps each sign-in's own form and address when several run at once through the one authenticator", async () => {
    await createUser({ username: "atonce", email: "atonce@example.com", password: "right-one" });
    // A stranger's guesses and the owner's sign-in, interleaved: each strategy run must see its own attempt.
    const guesses = Array.from({ length: 12 }, (_, i) => statusOf(signIn("atonce", `guess-${i}`, "192.0.2.50")));
    const owner = statusOf(signIn("atonce", "right-one", "192.0.2.51"));
    const statuses = await Promise.all(guesses);
    expect(await owner).toBe(200);
    expect(count(statuses, 401)).toBe(LOGIN_LIMITS.accountAndClient.limit);
    expect(count(statuses, 429)).toBe(12 - LOGIN_LIMITS.accountAndClient.limit);
  });
});
