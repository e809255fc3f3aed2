import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PASSWORD, startServer, type RunningServer } from "../support/server";
import { createClient, loginAs, type Client } from "../support/http";
import { rawFetch } from "../support/raw-http";

// Issue 16: the scheme and the client's address behind a reverse proxy (TRUST_PROXY), cookies that follow the
// scheme (COOKIE_SECURE), the site's one address (PUBLIC_URL), and the headers that depend on them.

const credentials = { username: "admin", password: ADMIN_PASSWORD, redirectTo: "/" };
const sessionCookie = (response: Response) =>
  response.headers.getSetCookie().find((c) => c.startsWith("heirloom_session="));
const isSecure = (cookie: string | undefined) => /;\s*Secure(;|$)/i.test(cookie ?? "");

describe("production defaults over plain http (a home server at http://raspberrypi.local:3000)", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ COOKIE_SECURE: undefined });
  });
  afterAll(() => server?.stop());

  it("signs in: no cookie is Secure, and the next request is signed in", async () => {
    const client = createClient(server.url, { Host: "raspberrypi.local:3000" }, rawFetch);
    const login = await client.form("/login", credentials);
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe("/");
    const cookies = login.headers.getSetCookie();
    expect(sessionCookie(login)).toBeTruthy();
    // A browser drops a Secure cookie that comes over plain http, and the user lands back on /login.
    expect(cookies.filter(isSecure)).toEqual([]);
    const home = await client.get("/");
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Logout");
    // The preference and flash cookies follow the same rule.
    const theme = await client.form("/preferences/theme", { theme: "dark", redirectTo: "/" });
    expect(theme.headers.getSetCookie().length).toBeGreaterThan(0);
    expect(theme.headers.getSetCookie().filter(isSecure)).toEqual([]);
  });

  it("ignores X-Forwarded-Proto and sends no HSTS: no proxy is trusted unless TRUST_PROXY says so", async () => {
    const client = createClient(server.url, { "X-Forwarded-Proto": "https" });
    const login = await client.form("/login", credentials);
    expect(isSecure(sessionCookie(login))).toBe(false);
    expect(login.headers.get("strict-transport-security")).toBeNull();
    expect((await client.get("/login")).headers.get("strict-transport-security")).toBeNull();
  });

  it("ignores X-Forwarded-For: the address that is locked out is the socket's", async () => {
    const lockedOut = await failUntilLockedOut(server, "198.51.100.7");
    expect(lockedOut).toBe(true);
    // Another forwarded address changes nothing: it is the same client.
    const other = await failedLogin(server, "someone-else", "198.51.100.8");
    expect(other.status).toBe(429);
  }, 180_000);
});

describe("behind a reverse proxy with TRUST_PROXY=1", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ COOKIE_SECURE: undefined, TRUST_PROXY: "1" });
  });
  afterAll(() => server?.stop());

  it("marks every cookie Secure and sends HSTS when the proxy says https", async () => {
    const client = createClient(server.url, { "X-Forwarded-Proto": "https" });
    const login = await client.form("/login", credentials);
    expect(login.status).toBe(302);
    expect(isSecure(sessionCookie(login))).toBe(true);
    expect(login.headers.get("strict-transport-security")).toBe("max-age=31536000");
    const theme = await client.form("/preferences/theme", { theme: "dark", redirectTo: "/" });
    expect(theme.headers.getSetCookie().length).toBeGreaterThan(0);
    expect(theme.headers.getSetCookie().every(isSecure)).toBe(true);
    const logout = await client.form("/logout", {});
    expect(logout.headers.getSetCookie().every(isSecure)).toBe(true);
    // Static files too.
    const robots = await client.get("/robots.txt");
    expect(robots.status).toBe(200);
    expect(robots.headers.get("strict-transport-security")).toBe("max-age=31536000");
  });

  it("accepts a form posted from the https page (React Router compares the full origin, scheme included)", async () => {
    const host = new URL(server.url).host;
    const client = createClient(server.url, { "X-Forwarded-Proto": "https", Origin: `https://${host}` });
    const login = await client.form("/login", credentials);
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe("/");
    const api = await createClient(server.url, { "X-Forwarded-Proto": "https", Origin: `https://${host}` }).json(
      "POST",
      "/api/auth/login",
      credentials,
    );
    expect(api.status).toBe(200);
    const other = await createClient(server.url, { "X-Forwarded-Proto": "https", Origin: "https://evil.example" }).json(
      "POST",
      "/api/auth/login",
      credentials,
    );
    expect(other.status).toBe(403);
  });

  it("leaves cookies without Secure and sends no HSTS when the proxy says http", async () => {
    const client = createClient(server.url, { "X-Forwarded-Proto": "http" });
    const login = await client.form("/login", credentials);
    expect(isSecure(sessionCookie(login))).toBe(false);
    expect(login.headers.get("strict-transport-security")).toBeNull();
  });

  it("takes the client's address from X-Forwarded-For: one address locked out does not lock out another", async () => {
    expect(await failUntilLockedOut(server, "198.51.100.7")).toBe(true);
    expect((await failedLogin(server, "someone-else", "198.51.100.7")).status).toBe(429);
    // The proxy appends the address it saw: the right-most one is the client, whatever the client wrote before it.
    expect((await failedLogin(server, "someone-else", "198.51.100.7, 198.51.100.8")).status).toBe(401);
    expect((await failedLogin(server, "someone-else", "198.51.100.8, 198.51.100.7")).status).toBe(429);
  }, 180_000);
});

describe("COOKIE_SECURE=true over plain http", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ COOKIE_SECURE: "true" });
  });
  afterAll(() => server?.stop());

  const warning = {
    en: "Signing in cannot work at this address",
    vi: "Không thể đăng nhập tại địa chỉ này",
  };

  it("says on the login page why signing in cannot work, in English and Vietnamese, without JavaScript", async () => {
    const en = await (
      await createClient(server.url, { Host: "raspberrypi.local:3000" }, rawFetch).get("/login")
    ).text();
    expect(en).toContain(warning.en);
    expect(en).toContain("https");
    const vi = await (
      await createClient(server.url, { Host: "raspberrypi.local:3000", "Accept-Language": "vi" }, rawFetch).get(
        "/login",
      )
    ).text();
    expect(vi).toContain(warning.vi);
    // The cookie is Secure, as asked.
    const login = await createClient(server.url, { Host: "raspberrypi.local:3000" }, rawFetch).form(
      "/login",
      credentials,
    );
    expect(isSecure(sessionCookie(login))).toBe(true);
  });

  it("says nothing on localhost, where browsers keep Secure cookies over http", async () => {
    const html = await (await createClient(server.url).get("/login")).text();
    expect(html).not.toContain(warning.en);
  });
});

describe("PUBLIC_URL", () => {
  let server: RunningServer;
  let family: Client;
  beforeAll(async () => {
    server = await startServer({ PUBLIC_URL: "https://family.example", COOKIE_SECURE: undefined });
    family = createClient(server.url, { Host: "family.example" }, rawFetch);
    await loginAs(family, "admin", ADMIN_PASSWORD);
  });
  afterAll(() => server?.stop());

  it("builds share links from it, not from the request", async () => {
    const book = await (await family.json("POST", "/api/books", { title: "Chuyện nhà" })).json();
    const share = await family.json("POST", `/api/books/${book.id}/shares`, {});
    expect(share.status).toBe(201);
    const { url, token } = await share.json();
    expect(url).toBe(`https://family.example/s/${token}`);
  });

  it("answers any other host with a translated plain 400, static files included; /healthz answers anyway", async () => {
    for (const path of ["/login", "/api/me", "/robots.txt", "/favicon.svg"]) {
      const en = await createClient(server.url).get(path);
      expect([path, en.status]).toEqual([path, 400]);
      expect(en.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(await en.text()).toBe("This server answers only at its own address, https://family.example.");
    }
    const vi = await createClient(server.url, { Host: "evil.example", "Accept-Language": "vi" }, rawFetch).get(
      "/login",
    );
    expect(vi.status).toBe(400);
    expect(await vi.text()).toBe("Máy chủ này chỉ trả lời tại địa chỉ của nó, https://family.example.");
    expect((await createClient(server.url).get("/healthz")).status).toBe(200);
    expect((await family.get("/login")).status).toBe(302); // signed in already
  });

  it("accepts its own origin and refuses every other one with 403", async () => {
    const own = createClient(server.url, { Host: "family.example", Origin: "https://family.example" }, rawFetch);
    expect((await own.json("POST", "/api/auth/login", credentials)).status).toBe(200);
    // A form posted without JavaScript passes React Router's own check too.
    expect((await own.form("/login", credentials)).status).toBe(302);
    for (const origin of ["http://family.example", "https://evil.example", "https://family.example:8443"]) {
      const other = createClient(server.url, { Host: "family.example", Origin: origin }, rawFetch);
      expect([origin, (await other.json("POST", "/api/auth/login", credentials)).status]).toEqual([origin, 403]);
      expect([origin, (await other.form("/login", credentials)).status]).toEqual([origin, 403]);
    }
  });

  it("is the scheme the browser uses: cookies are Secure and HSTS is sent for an https PUBLIC_URL", async () => {
    const login = await createClient(server.url, { Host: "family.example" }, rawFetch).form("/login", credentials);
    expect(isSecure(sessionCookie(login))).toBe(true);
    expect(login.headers.get("strict-transport-security")).toBe("max-age=31536000");
  });
});

describe("headers", () => {
  let server: RunningServer;
  let timed: RunningServer;
  beforeAll(async () => {
    [server, timed] = await Promise.all([startServer(), startServer({ SERVER_TIMING: "1" })]);
  });
  afterAll(async () => {
    await Promise.all([server?.stop(), timed?.stop()]);
  });

  it("static files carry the same security headers as pages, and keep their caching", async () => {
    const client = createClient(server.url);
    const page = await client.get("/login");
    const asset = /\/assets\/[^"]+\.js/.exec(await page.text())![0];
    for (const [path, cacheControl] of [
      [asset, "public, max-age=31536000, immutable"],
      ["/robots.txt", "public, max-age=3600"],
      ["/covers/1.webp", "public, max-age=3600"],
      ["/favicon.svg", "public, max-age=3600"],
    ] as const) {
      const response = await client.get(path);
      expect([path, response.status]).toEqual([path, 200]);
      expect(response.headers.get("cache-control"), path).toBe(cacheControl);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
      expect(response.headers.get("referrer-policy"), path).toBe(page.headers.get("referrer-policy"));
      expect(response.headers.get("permissions-policy"), path).toBe(page.headers.get("permissions-policy"));
      expect(response.headers.get("content-security-policy"), path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers.get("strict-transport-security"), path).toBeNull(); // plain http
    }
  });

  it("sends Server-Timing only when SERVER_TIMING asks for it", async () => {
    const plain = createClient(server.url);
    await loginAs(plain, "admin", ADMIN_PASSWORD);
    const without = await plain.get("/admin?tab=books");
    expect(without.status).toBe(200);
    expect(without.headers.get("server-timing")).toBeNull();
    const asked = createClient(timed.url);
    await loginAs(asked, "admin", ADMIN_PASSWORD);
    expect((await asked.get("/admin?tab=books")).headers.get("server-timing")).toMatch(
      /^admin-data;desc="\d+ SQL queries";dur=[\d.]+$/,
    );
  });
});

/** One wrong password for `username`, as if from `forwardedFor` (the header a proxy sets). */
function failedLogin(server: RunningServer, username: string, forwardedFor: string): Promise<Response> {
  return createClient(server.url, { "X-Forwarded-For": forwardedFor }).json("POST", "/api/auth/login", {
    username,
    password: "wrong-password",
  });
}

/**
 * Wrong passwords from one forwarded address, each for another unknown account (so that no account's own
 * limit is reached), until the per-client limit answers 429; false if it never does within 500 tries.
 */
async function failUntilLockedOut(server: RunningServer, forwardedFor: string): Promise<boolean> {
  for (let round = 0; round < 50; round++) {
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        failedLogin(server, `nobody-${round}-${i}`, forwardedFor).then((r) => r.status),
      ),
    );
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    if (statuses.includes(429)) return true;
  }
  return false;
}
