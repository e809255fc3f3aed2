import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "~/i18n/en";
import vi from "~/i18n/vi";
import { mediaFiles } from "../resilience/support";
import { fakeAiEnv, reply, startFakeOpenAi, type FakeOpenAi } from "../support/fake-openai";
import { createClient, loginAs, type Client } from "../support/http";
import { pngBytes } from "../support/media-files";
import { appRoutes, fillPattern, servesGet, type AppRoute, type RouteIds } from "../support/routes";
import { ADMIN_PASSWORD, startServer, type RunningServer } from "../support/server";
import { databaseSnapshot } from "../support/test-database";

// Issue 16, "A GET that writes": docs/product.md §7 keeps `GET /api/topics/{id}/preview` (generates a draft and saves
// it
// over the one the user wrote) and `GET /api/books/{id}/preview` (generates and caches); SameSite=Lax cookies
// go with a link from another site, and with an AI server configured each costs money. Every route of
// app/routes.ts is sent a GET as another site would start it: nothing may be written, no file changed and
// no AI request made, and the GETs that would have written answer 403 (ADR 0022). The workspace asks with POST.

const HAND_WRITTEN = "In my own words: the river was wide, and we crossed it on Sundays.";

let fake: FakeOpenAi;
let server: RunningServer;
let admin: Client;
let lan: Client;
let ids: RouteIds & { bookTopic: number; other: number };
let routes: AppRoute[];

async function created(response: Response): Promise<{ id: number }> {
  if (response.status !== 201) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: number };
}

const isAdminRoute = (pattern: string) =>
  pattern === "admin" || pattern.startsWith("api/admin/") || pattern === "api/topics/:id/saved-preview";
/** The modules that say they write on GET: the one check, or its page form for a dialog. */
const refusesOtherSites = (route: AppRoute) => /refuseCrossSiteWrite\(|startedByAnotherSite\(/.test(route.source);
const savedPreview = async (topicId: number) =>
  ((await (await lan.get(`/api/topics/${topicId}`)).json()) as { preview: string | null }).preview;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startServer(fakeAiEnv(fake));
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
  const other = await created(await lan.json("POST", `/api/books/${book.id}/topics`, { title: "Work" }));
  await created(await lan.json("POST", `/api/topics/${topic.id}/questions`, { question: "Where were you born?" }));
  const story = await created(
    await lan.json("POST", `/api/topics/${topic.id}/stories`, {
      title: "The river",
      content: "We swam in the river.",
      status: "published",
    }),
  );
  await created(
    await lan.json("POST", `/api/topics/${other.id}/stories`, {
      title: "The shop",
      content: "Father kept a shop.",
      status: "published",
    }),
  );
  // The user's own draft narrative, written by hand in the topic editor.
  expect((await lan.json("PUT", `/api/topics/${topic.id}`, { preview: HAND_WRITTEN })).status).toBe(200);
  const form = new FormData();
  form.append("type", "image");
  form.append("file", new Blob([await pngBytes()], { type: "image/png" }), "garden.png");
  const media = await created(await lan.request(`/api/stories/${story.id}/media`, { method: "POST", body: form }));
  const share = (await (await lan.json("POST", `/api/books/${book.id}/shares`, {})).json()) as { token: string };
  const tell = (await (await lan.json("POST", `/api/books/${book.id}/storyteller-links`, {})).json()) as {
    token: string;
  };
  ids = {
    tell: tell.token,
    book: book.id,
    topic: topic.id,
    story: story.id,
    media: media.id,
    user: me.id,
    share: share.token,
    bookTopic: topic.id,
    other: other.id,
  };
  routes = appRoutes().filter(servesGet);
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

describe("a GET that writes", () => {
  for (const site of ["cross-site", "same-site"] as const) {
    it(
      `started by another site (Sec-Fetch-Site: ${site}): ` +
        "no route writes, changes a file or calls the AI server; the writing ones answer 403",
      async () => {
        fake.reset();
        const dbBefore = await databaseSnapshot(server.database);
        const filesBefore = mediaFiles(server.dataDir);
        const refused = new Map<string, number[]>();
        const unexpected: string[] = [];
        for (const route of routes) {
          const base = fillPattern(route.pattern, ids);
          // Every way the previews are asked for; the other routes get them too (they ignore them).
          for (const query of ["", "?force=true", "?stream=1", "?stream=1&force=true", "?download=1", "?copy=1"]) {
            const response = await (isAdminRoute(route.pattern) ? admin : lan).get(`${base}${query}`, {
              headers: { "Sec-Fetch-Site": site, "Accept-Language": "vi" },
            });
            const body = await response.text();
            if (response.status >= 500) unexpected.push(`${base}${query}: ${response.status}`);
            if (response.status !== 403) continue;
            refused.set(route.pattern, [...(refused.get(route.pattern) ?? []), response.status]);
            // The refusal is in the visitor's language: JSON `{ message }` from /api, the page with its notice
            // otherwise.
            if (route.api) expect(JSON.parse(body)).toEqual({ message: vi.errors.crossSite });
            else expect(body).toContain(vi.errors.crossSite);
          }
        }
        expect(unexpected).toEqual([]);
        expect(fake.requests.map((request) => request.body.messages?.[0]?.content?.slice(0, 60))).toEqual([]);
        expect(await databaseSnapshot(server.database)).toEqual(dbBefore);
        expect(mediaFiles(server.dataDir)).toEqual(filesBefore);
        expect(await savedPreview(ids.topic)).toBe(HAND_WRITTEN);
        // The GETs that write are exactly the ones that say so, and each refused every variant.
        const marked = routes.filter(refusesOtherSites).map((route) => route.pattern);
        expect(marked.sort()).toEqual([
          "api/books/:id/book.epub",
          "api/books/:id/book.pdf",
          "api/books/:id/preview",
          "api/books/:id/print-package.zip",
          "api/topics/:id/preview",
          "books/:bookId/keepsake",
          "books/:bookId/suggest-topics",
        ]);
        expect([...refused.keys()].sort()).toEqual(marked);
        for (const pattern of marked) expect(refused.get(pattern)).toHaveLength(6);
      },
    );
  }

  it(
    "the same GET typed or bookmarked (none), from our own pages (same-origin) " +
      "or without the header (a script) still works, as docs/product.md §7 says",
    async () => {
      for (const site of ["none", "same-origin", undefined]) {
        fake.reset();
        fake.enqueue(reply.content(`A draft about the shop (${site ?? "no header"}).`));
        const headers: Record<string, string> = site ? { "Sec-Fetch-Site": site } : {};
        const response = await lan.get(`/api/topics/${ids.other}/preview`, { headers });
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ preview: `A draft about the shop (${site ?? "no header"}).` });
        expect(await savedPreview(ids.other)).toBe(`A draft about the shop (${site ?? "no header"}).`);
        expect(fake.requests).toHaveLength(1);
      }
      const download = await lan.get(`/api/books/${ids.book}/preview?download=1`, {
        headers: { "Sec-Fetch-Site": "same-origin" },
      });
      expect(download.status).toBe(200);
      expect(download.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    },
  );

  it(
    "POST regenerates (the workspace's way), " +
      "streamed as newline-delimited JSON too; another site's POST is refused",
    async () => {
      fake.reset();
      fake.enqueue(reply.content("A new draft about the river."));
      const origin = { Origin: server.url, "Sec-Fetch-Site": "same-origin" };
      const streamed = await lan.request(`/api/topics/${ids.topic}/preview?stream=1`, {
        method: "POST",
        headers: origin,
      });
      expect(streamed.status).toBe(200);
      expect(streamed.headers.get("content-type")).toContain("application/x-ndjson");
      const events = (await streamed.text())
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { text?: string; done?: boolean; preview?: string });
      expect(
        events
          .filter((event) => event.text)
          .map((event) => event.text)
          .join(""),
      ).toBe("A new draft about the river.");
      expect(events.at(-1)).toEqual({ done: true, preview: "A new draft about the river." });
      expect(await savedPreview(ids.topic)).toBe("A new draft about the river.");

      // The whole book: both topics have a saved draft now, so it is stitched from them without the AI server.
      const book = await lan.request(`/api/books/${ids.book}/preview?stream=1&force=true`, {
        method: "POST",
        headers: origin,
      });
      const last = JSON.parse((await book.text()).trim().split("\n").at(-1)!) as {
        done: boolean;
        fromCache: boolean;
        preview: string;
      };
      expect(last).toMatchObject({ done: true, fromCache: false });
      expect(last.preview).toContain("A new draft about the river.");
      const plain = (await (
        await lan.request(`/api/books/${ids.book}/preview`, { method: "POST", headers: origin })
      ).json()) as { fromCache: boolean };
      expect(plain.fromCache).toBe(true);

      const before = await databaseSnapshot(server.database);
      const foreign = await lan.request(`/api/topics/${ids.topic}/preview`, {
        method: "POST",
        headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      });
      expect(foreign.status).toBe(403);
      expect(((await foreign.json()) as { message: string }).message).toBe(en.errors.crossSite);
      expect(await databaseSnapshot(server.database)).toEqual(before);
      expect(fake.requests).toHaveLength(1);
      // PUT and the rest are still not served.
      expect((await lan.request(`/api/topics/${ids.topic}/preview`, { method: "PUT", headers: origin })).status).toBe(
        405,
      );
    },
  );
});
