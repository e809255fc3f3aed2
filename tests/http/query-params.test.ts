import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUERY_NUMBERS } from "~/lib/query-params";
import { translatedMessages } from "../resilience/support";
import { createClient, loginAs, type Client } from "../support/http";
import { pngBytes } from "../support/media-files";
import { appRoutes, fillPattern, servesGet, type AppRoute, type RouteIds } from "../support/routes";
import { ADMIN_PASSWORD, startServer, type RunningServer } from "../support/server";

// Issue 16, "Odd numbers": `/api/books?offset=1e309` was a 500 (SQLITE_MISMATCH). Every numeric query
// parameter is read one way (app/lib/query-params.ts, ADR 0022): an /api route answers 400 with a translated
// `{ message }`, a page still renders. The routes come from app/routes.ts and the parameters from the table
// QUERY_NUMBERS, so a new route or parameter is covered; a route that reads a number without declaring
// it is caught by the "every parameter at once" requests below (and by query-params.test.ts's source check).

/** Not a whole number, or out of any range: each must be refused by /api and survived by a page. */
const ODD = [
  "1e309",
  "Infinity",
  "-Infinity",
  "99999999999999999999",
  "9".repeat(400),
  "-1",
  "-0",
  "1.5",
  "abc",
  "0x10",
  " 5",
  "NaN",
  "1,2",
  "%00",
  "١٢",
];

let server: RunningServer;
let admin: Client;
let lan: Client;
let ids: RouteIds;
let routes: AppRoute[];

async function created(response: Response): Promise<{ id: number; token?: string }> {
  if (response.status !== 201) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: number };
}

beforeAll(async () => {
  server = await startServer();
  admin = createClient(server.url);
  await loginAs(admin, "admin", ADMIN_PASSWORD);
  await admin.json("POST", "/api/admin/create-user", {
    username: "lan",
    email: "lan@example.com",
    password: "secret1",
  });
  lan = createClient(server.url);
  const me = await loginAs(lan, "lan", "secret1");
  const book = await created(await lan.json("POST", "/api/books", { title: "Grandma", language: "en" }));
  const topic = await created(await lan.json("POST", `/api/books/${book.id}/topics`, { title: "Childhood" }));
  await created(await lan.json("POST", `/api/topics/${topic.id}/questions`, { question: "Where were you born?" }));
  const story = await created(
    await lan.json("POST", `/api/topics/${topic.id}/stories`, {
      title: "The river",
      content: "We swam.",
      status: "published",
    }),
  );
  const form = new FormData();
  form.append("type", "image");
  form.append("file", new Blob([await pngBytes()], { type: "image/png" }), "garden.png");
  const media = await created(await lan.request(`/api/stories/${story.id}/media`, { method: "POST", body: form }));
  const share = (await (await lan.json("POST", `/api/books/${book.id}/shares`, {})).json()) as { token: string };
  const tell = (await (await lan.json("POST", `/api/books/${book.id}/storyteller-links`, {})).json()) as {
    token: string;
  };
  ids = {
    book: book.id,
    topic: topic.id,
    story: story.id,
    media: media.id,
    user: me.id,
    share: share.token,
    tell: tell.token,
  };
  routes = appRoutes().filter(servesGet);
});
afterAll(() => server?.stop());

const isAdminRoute = (pattern: string) =>
  pattern === "admin" || pattern.startsWith("api/admin/") || pattern === "api/topics/:id/saved-preview";
const clientFor = (pattern: string) => (isAdminRoute(pattern) ? admin : lan);
const declared = (pattern: string): Record<string, unknown> | undefined =>
  (QUERY_NUMBERS as Record<string, Record<string, unknown>>)[pattern];
const allNames = () => [...new Set(Object.values(QUERY_NUMBERS).flatMap((shape) => Object.keys(shape)))];
const query = (entries: [string, string][]) =>
  entries.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("&");

type Failure = { url: string; status: number; why: string; body: string };

/** Sends `url` and records why the answer is wrong, if it is. */
async function check(client: Client, url: string, expectation: "api-400" | "api-any" | "page", failures: Failure[]) {
  const response = await client.get(url, { headers: { "Accept-Language": "vi" } });
  const body = await response.text();
  const fail = (why: string) => failures.push({ url, status: response.status, why, body: body.slice(0, 160) });
  if (response.status >= 500) return fail("5xx");
  if (expectation === "page")
    return response.status === 200 ? undefined : fail("a page with odd numbers must still render");
  if (expectation === "api-400" && response.status !== 400) return fail("expected 400");
  if (response.status < 400) return;
  if (!response.headers.get("content-type")?.startsWith("application/json")) return fail("not JSON");
  const message = (JSON.parse(body) as { message?: unknown }).message;
  if (typeof message !== "string" || !translatedMessages.has(message))
    return fail(`untranslated message ${JSON.stringify(message)}`);
  if (expectation === "api-400" && !/[ăâđêôơư]/i.test(message)) fail("not in the visitor's language (vi)");
}

describe("numeric query parameters", () => {
  it("every route that declares numbers is a route of app/routes.ts that serves GET", () => {
    const patterns = new Set(routes.map((route) => route.pattern));
    expect(Object.keys(QUERY_NUMBERS).filter((pattern) => !patterns.has(pattern))).toEqual([]);
  });

  it("/api: each declared number with an odd value is a 400 with a translated message, never a 5xx", async () => {
    const failures: Failure[] = [];
    const api = routes.filter((route) => route.api && declared(route.pattern));
    expect(api.map((route) => route.pattern)).toContain("api/books");
    for (const route of api) {
      const base = fillPattern(route.pattern, ids);
      for (const name of Object.keys(declared(route.pattern)!)) {
        for (const value of ODD)
          await check(clientFor(route.pattern), `${base}?${query([[name, value]])}`, "api-400", failures);
      }
    }
    expect(failures).toEqual([]);
  });

  it("/api: an empty value means 'not given' (an empty form field), and a valid one is served", async () => {
    const books = await lan.get("/api/books?offset=&limit=");
    expect(books.status).toBe(200);
    expect(((await (await lan.get("/api/books?offset=1&limit=1")).json()) as unknown[]).length).toBe(0);
    expect((await lan.get("/api/books?offset=0&limit=500")).status).toBe(200);
    expect((await lan.get("/api/books?limit=501")).status).toBe(400);
    expect((await lan.get("/api/books?limit=0")).status).toBe(400);
    const english = (await (await lan.get("/api/books?offset=1e309")).json()) as {
      message: string;
      errors: Record<string, string>;
    };
    expect(english).toEqual({
      message: "The address has a number that is not valid. Please check the link.",
      errors: { offset: english.message },
    });
  });

  it("pages: odd numbers in the address still show the page (clamped or ignored), never a 5xx", async () => {
    const failures: Failure[] = [];
    const pages = routes.filter((route) => !route.api && declared(route.pattern));
    expect(pages.map((route) => route.pattern).sort()).toEqual([
      "",
      "admin",
      "books",
      "books/:bookId",
      "books/:bookId/topics/:topicId",
    ]);
    for (const route of pages) {
      const base = fillPattern(route.pattern, ids);
      for (const name of Object.keys(declared(route.pattern)!)) {
        for (const value of [...ODD, "", "0", "999999"]) {
          // The admin page's dialogs need their id to open; with `dialog` set the id is read too.
          const extra: [string, string][] =
            route.pattern === "admin" && name === "id" ? [["dialog", "activities"]] : [];
          const dialog: [string, string][] = route.pattern === "" && name === "bookId" ? [["dialog", "edit-book"]] : [];
          await check(
            clientFor(route.pattern),
            `${base}?${query([...extra, ...dialog, [name, value]])}`,
            "page",
            failures,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("a bookmarked page past the end shows the last page", async () => {
    const page = await admin.get("/admin?tab=users&page=999");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("lan@example.com");
    const api = (await (await admin.get("/api/admin/users?page=999")).json()) as { page: number; pages: number };
    expect(api.page).toBe(api.pages);
  });

  it("every other route that serves GET survives every known number at once with an odd value", async () => {
    const failures: Failure[] = [];
    const names = allNames();
    for (const route of routes.filter((route) => !declared(route.pattern))) {
      // The preview endpoints generate and save (a writing GET): leave them to writing-gets.test.ts.
      if (route.source.includes("refuseCrossSiteWrite(")) continue;
      const base = fillPattern(route.pattern, ids);
      for (const value of ["1e309", "99999999999999999999", "abc"]) {
        await check(
          clientFor(route.pattern),
          `${base}?${query(names.map((name) => [name, value]))}`,
          route.api ? "api-any" : "page",
          failures,
        );
      }
    }
    // A page may redirect (login, logout, preferences) or be a 404 on purpose (api/*): only a 5xx is wrong here.
    expect(
      failures.filter(
        (failure) => failure.why === "5xx" || failure.why.startsWith("untranslated") || failure.why === "not JSON",
      ),
    ).toEqual([]);
  });
});
