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
    const response = await client.json("POST", "/api/auth/login", { username: "admin", password: ADMIN_PASSWORD, rememberMe: false });
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
    const response = await client.json("POST", "/api/auth/login", { username: "admin", password: ADMIN_PASSWORD, rememberMe: true });
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
    const notJson = await client.request("/api/auth/login", { method: "POST", body: "{", headers: { "Content-Type": "application/json" } });
    expect(notJson.status).toBe(400);
  });

  it("signs in by a plain form post and redirects to a safe redirectTo", async () => {
    const client = createClient(server.url);
    const response = await client.form("/login", { username: "admin", password: ADMIN_PASSWORD, redirectTo: "/profile" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/profile");
    expect((await client.get("/profile")).status).toBe(200);
    const evil = createClient(server.url);
    const other = await evil.form("/login", { username: "admin", password: ADMIN_PASSWORD, redirectTo: "//evil.example/" });
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
    expect((await fetch(new URL("/", server.url), { headers: { Cookie: cookie }, redirect: "manual" })).status).toBe(302);
  });
});

describe("rate limiting", () => {
  it("ends 30 wrong passwords in a row for one account in 429, in the user's language", async () => {
    const client = createClient(server.url, { "Accept-Language": "vi" });
    const admin = createClient(server.url);
    await loginAs(admin, "admin", ADMIN_PASSWORD);
    await admin.json("POST", "/api/admin/create-user", { username: "victim", email: "victim@example.com", password: "victim-pass" });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push((await client.json("POST", "/api/auth/login", { username: "victim", password: `guess-${i}` })).status);
    }
    expect(statuses[0]).toBe(401);
    expect(statuses.at(-1)).toBe(429);
    const blocked = await client.json("POST", "/api/auth/login", { username: "victim", password: "victim-pass" });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await blocked.json()).message).toMatch(/Vui lòng/);
  });
});
