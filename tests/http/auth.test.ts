import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PASSWORD, startServer, type RunningServer } from "../support/server";
import { createClient, loginAs } from "../support/http";

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

describe("anonymous visitors", () => {
  it("are sent to /login from pages and get 401 from /api/me", async () => {
    const client = createClient(server.url);
    const home = await client.get("/");
    expect(home.status).toBe(302);
    expect(home.headers.get("location")).toBe("/login");
    const deep = await client.get("/profile?tab=1");
    expect(deep.headers.get("location")).toBe("/login?redirectTo=%2Fprofile%3Ftab%3D1");
    const me = await client.get("/api/me");
    expect(me.status).toBe(401);
    expect(me.headers.get("cache-control")).toBe("private, no-store");
    expect(await me.json()).toHaveProperty("message");
  });

  it("see the login page in Vietnamese with Accept-Language: vi, and in the cookie's language first", async () => {
    const vi = await createClient(server.url, { "Accept-Language": "vi-VN,vi;q=0.9" }).get("/login");
    const html = await vi.text();
    expect(html).toContain('lang="vi"');
    expect(html).toContain("Đăng nhập");
    const client = createClient(server.url, { "Accept-Language": "vi" });
    const set = await client.form("/preferences/language", { lng: "en", redirectTo: "/login" });
    expect(set.status).toBe(302);
    expect(await (await client.get("/login")).text()).toContain('lang="en"');
  });
});

describe("login and logout", () => {
  it("returns the user without any password field, and /api/me says isAdmin for the admin", async () => {
    const client = createClient(server.url);
    const response = await client.json("POST", "/api/auth/login", {
      username: "admin",
      password: ADMIN_PASSWORD,
      rememberMe: false,
    });
    expect(response.status).toBe(200);
    const user = await response.json();
    expect(user).toMatchObject({ id: expect.any(Number), username: "admin", isAdmin: true });
    expect(JSON.stringify(user)).not.toMatch(/password|hash|argon/i);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("heirloom_session="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Max-Age/i);
    const me = await (await client.get("/api/me")).json();
    expect(me).toMatchObject({ username: "admin", isAdmin: true });
    expect(me.firstLoginAt).toBeTruthy();
  });

  it("gives a 30-day cookie only with Remember me", async () => {
    const client = createClient(server.url);
    const response = await client.json("POST", "/api/auth/login", {
      username: "admin",
      password: ADMIN_PASSWORD,
      rememberMe: true,
    });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("heirloom_session="))!;
    expect(cookie).toMatch(/Max-Age=2592000/);
  });

  it("answers a bad login with 401 and a message, and a malformed one with 400", async () => {
    const client = createClient(server.url);
    const bad = await client.json("POST", "/api/auth/login", { username: "admin", password: "not-it" });
    expect(bad.status).toBe(401);
    expect((await bad.json()).message).toBeTruthy();
    const malformed = await client.json("POST", "/api/auth/login", { username: "" });
    expect(malformed.status).toBe(400);
    const notJson = await client.request("/api/auth/login", {
      method: "POST",
      body: "{",
      headers: { "Content-Type": "application/json" },
    });
    expect(notJson.status).toBe(400);
  });

  it("signs in by a plain form post and redirects to a safe redirectTo", async () => {
    const client = createClient(server.url);
    const response = await client.form("/login", {
      username: "admin",
      password: ADMIN_PASSWORD,
      redirectTo: "/profile",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/profile");
    expect((await client.get("/profile")).status).toBe(200);
    const evil = createClient(server.url);
    const other = await evil.form("/login", {
      username: "admin",
      password: ADMIN_PASSWORD,
      redirectTo: "//evil.example/",
    });
    expect(other.headers.get("location")).toBe("/");
  });

  it("shows the failure toast on the page after a bad form post", async () => {
    const client = createClient(server.url, { "Accept-Language": "vi" });
    const response = await client.form("/login", { username: "admin", password: "wrong-one" });
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toContain("Đăng nhập thất bại");
    expect(html).toContain('value="admin"');
  });

  it("starts a new session id at every login, and the old cookie stops working after logout", async () => {
    const client = createClient(server.url);
    await loginAs(client, "admin", ADMIN_PASSWORD);
    const firstCookie = client.cookieHeader();
    await loginAs(client, "admin", ADMIN_PASSWORD);
    expect(client.cookieHeader()).not.toBe(firstCookie);
    // The replaced session is gone on the server.
    expect((await fetch(new URL("/api/me", server.url), { headers: { Cookie: firstCookie } })).status).toBe(401);

    const current = client.cookieHeader();
    const logout = await client.request("/api/auth/logout", { method: "POST" });
    expect(logout.status).toBe(200);
    expect((await fetch(new URL("/api/me", server.url), { headers: { Cookie: current } })).status).toBe(401);
  });

  it("logs out through the page form and lands on /login", async () => {
    const client = createClient(server.url);
    await loginAs(client, "admin", ADMIN_PASSWORD);
    const cookie = client.cookieHeader();
    const response = await client.form("/logout", {});
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login");
    expect((await fetch(new URL("/", server.url), { headers: { Cookie: cookie }, redirect: "manual" })).status).toBe(
      302,
    );
  });
});

describe("rate limiting", () => {
  it("ends 30 wrong passwords in a row for one account in 429, in the user's language", async () => {
    const client = createClient(server.url, { "Accept-Language": "vi" });
    const admin = createClient(server.url);
    await loginAs(admin, "admin", ADMIN_PASSWORD);
    await admin.json("POST", "/api/admin/create-user", {
      username: "victim",
      email: "victim@example.com",
      password: "victim-pass",
    });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push(
        (await client.json("POST", "/api/auth/login", { username: "victim", password: `guess-${i}` })).status,
      );
    }
    expect(statuses[0]).toBe(401);
    expect(statuses.at(-1)).toBe(429);
    const blocked = await client.json("POST", "/api/auth/login", { username: "victim", password: "victim-pass" });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await blocked.json()).message).toMatch(/Vui lòng/);
  });
});

describe("counting guesses", () => {
  it("checks at most 10 of 30 wrong passwords sent at once for one account; the others get 429", async () => {
    const admin = createClient(server.url);
    await loginAs(admin, "admin", ADMIN_PASSWORD);
    await admin.json("POST", "/api/admin/create-user", {
      username: "parallel",
      email: "parallel@example.com",
      password: "parallel-pass",
    });
    const client = createClient(server.url);
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        client.json("POST", "/api/auth/login", { username: "parallel", password: `guess-${i}` }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
  });
});

/**
 * A Location a browser resolves on this site: one leading "/", then no second "/" or "\", and no control or space
 * character.
 */
function expectSameSitePath(location: string | null) {
  expect(location).toMatch(/^\/(?![/\\])/);
  expect(location).not.toMatch(/[\u0000-\u0020\u007f-\u009f]/);
  expect(new URL(location!, "https://heirloom.example").origin).toBe("https://heirloom.example");
}

describe("redirectTo", () => {
  // Raw query values, as a link on another site would write them.
  const hostile = [
    "/%09/evil.example",
    "/%0a/evil.example",
    "//evil.example",
    "/%5Cevil.example",
    "/%5C%5Cevil.example",
    "%0d%0a/evil.example",
    "/x%0d%0aSet-Cookie:%20a=b",
    "/%01",
    "/%7F",
    "/%C2%85/evil.example",
    "%20//evil.example",
    "/books/..%2F..%2F%2Fevil.example",
    "https://evil.example",
  ];

  it("sends a signed-in visitor of /login only to a same-site path, never answering 5xx", async () => {
    const client = createClient(server.url);
    await loginAs(client, "admin", ADMIN_PASSWORD);
    for (const value of hostile) {
      const response = await client.get(`/login?redirectTo=${value}`);
      expect(response.status, value).toBe(302);
      expect(response.headers.get("location"), value).toBe("/");
    }
    // A path in another script, or with Latin-1 and other characters outside ASCII, stays, percent-encoded.
    const vietnamese = await client.get("/login?redirectTo=/books%3Fq%3D%E1%BB%87");
    expect(vietnamese.status).toBe(302);
    expect(vietnamese.headers.get("location")).toBe("/books?q=%E1%BB%87");
    for (const value of ["/b%C3%B6cher", "/%E1%BB%87", "/books?q=%C3%A9"]) {
      const response = await client.request(`/login?redirectTo=${encodeURIComponent(decodeURIComponent(value))}`);
      expect(response.status, value).toBe(302);
      expectSameSitePath(response.headers.get("location"));
    }
  });

  it("is checked the same way after a form sign-in and by the preference forms", async () => {
    for (const value of ["/\t/evil.example", "/\\evil.example", "\r\n/evil.example", "/\u0001", "/\u0085", "/ệ"]) {
      const signIn = await createClient(server.url).form("/login", {
        username: "admin",
        password: ADMIN_PASSWORD,
        redirectTo: value,
      });
      expect(signIn.status, JSON.stringify(value)).toBe(302);
      expectSameSitePath(signIn.headers.get("location"));
      const language = await createClient(server.url).form("/preferences/language", { lng: "vi", redirectTo: value });
      expect(language.status, JSON.stringify(value)).toBe(302);
      expectSameSitePath(language.headers.get("location"));
      const theme = await createClient(server.url).form("/preferences/theme", { theme: "dark", redirectTo: value });
      expect(theme.status, JSON.stringify(value)).toBe(302);
      expectSameSitePath(theme.headers.get("location"));
      const layout = await createClient(server.url).form("/preferences/layout", {
        toc: "collapsed",
        redirectTo: value,
      });
      expect(layout.status, JSON.stringify(value)).toBe(302);
      expectSameSitePath(layout.headers.get("location"));
    }
  });
});
