import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PASSWORD, startServer, type RunningServer } from "../support/server";
import { createClient, loginAs } from "../support/http";

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

describe("headers", () => {
  it("pages carry a nonce CSP, nosniff and no framing", async () => {
    const response = await createClient(server.url).get("/login");
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(await response.text()).toContain(`nonce="${nonce}"`);
  });

  it("/api responses carry nosniff too", async () => {
    const response = await createClient(server.url).get("/api/me");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("methods an /api route does not serve", () => {
  it("get a JSON 405 in the user's language with an Allow header, not React Router's English error", async () => {
    const client = createClient(server.url);
    const before = server.output().length;
    const cases: [string, string, string][] = [
      ["GET", "/api/auth/login", "POST"],
      ["POST", "/api/me", "GET"],
      ["DELETE", "/api/admin/users", "GET"],
      ["GET", "/api/media/1", "PUT, DELETE"],
      ["PUT", "/api/auth/logout", "POST"],
    ];
    for (const [method, path, allow] of cases) {
      const en = await client.json(method, path, method === "GET" ? undefined : {});
      expect([method, path, en.status, en.headers.get("allow")]).toEqual([method, path, 405, allow]);
      expect(await en.json()).toEqual({ message: "This method is not allowed here." });
      const vi = await client.json(method, path, method === "GET" ? undefined : {}, {
        headers: { "Accept-Language": "vi" },
      });
      expect(await vi.json()).toEqual({ message: "Phương thức này không được phép ở đây." });
    }
    // React Router logs a stack trace when it answers a method itself: none here.
    expect(server.output().slice(before)).not.toContain("Error");
  });
});

describe("cross-site requests", () => {
  it("refuses a mutating request from another origin with 403", async () => {
    const client = createClient(server.url);
    const api = await client.json(
      "POST",
      "/api/auth/login",
      { username: "admin", password: ADMIN_PASSWORD },
      { headers: { Origin: "https://evil.example" } },
    );
    expect(api.status).toBe(403);
    expect((await api.json()).message).toBeTruthy();
    const page = await client.form(
      "/login",
      { username: "admin", password: ADMIN_PASSWORD },
      { headers: { Origin: "https://evil.example" } },
    );
    expect(page.status).toBe(403);
    const fetchSite = await client.form("/logout", {}, { headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(fetchSite.status).toBe(403);
  });

  it("accepts the same origin", async () => {
    const client = createClient(server.url);
    const ok = await client.json(
      "POST",
      "/api/auth/login",
      { username: "admin", password: ADMIN_PASSWORD },
      { headers: { Origin: server.url } },
    );
    expect(ok.status).toBe(200);
  });
});

describe("pages and guards", () => {
  it("answers unknown paths with the 404 page and unknown /api paths with JSON", async () => {
    const client = createClient(server.url);
    const page = await client.get("/no/such/page");
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("404 Page Not Found");
    const api = await client.get("/api/nothing-here");
    expect(api.status).toBe(404);
    expect(await api.json()).toHaveProperty("message");
  });

  it("shows /unauthorized to anyone, and /healthz answers 200", async () => {
    const client = createClient(server.url);
    const page = await client.get("/unauthorized");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("You do not have permission to access this page.");
    expect(html).toContain("Return to Home");
    expect((await client.get("/healthz")).status).toBe(200);
  });

  it("GET never logs out", async () => {
    const client = createClient(server.url);
    await loginAs(client, "admin", ADMIN_PASSWORD);
    await client.get("/logout");
    expect((await client.get("/api/me")).status).toBe(200);
  });
});
