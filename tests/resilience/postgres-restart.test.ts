import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "~/i18n/en";
import type { Client } from "../support/http";
import { type Postgres, startPostgres } from "../support/postgres";
import { startServer, type RunningServer } from "../support/server";
import { bookWithTopic, createSignedInUsers } from "./support";

// The app on PostgreSQL while PostgreSQL restarts under its writes (issue 21): a request caught in the restart gets
// a 503 in the user's language (a page too), never a hang or a 500; every story the app acknowledged is in the
// database afterwards, once; and the app writes again once PostgreSQL is back, without being restarted itself.
// The PostgreSQL server is durable here (fsync on): an acknowledged write must outlive the restart.
const WRITERS = 6;

let postgres: Postgres;
let databaseUrl: string;
let server: RunningServer;
let writers: { client: Client; topicId: number; name: string }[];

beforeAll(async () => {
  postgres = await startPostgres({ durable: true });
  databaseUrl = await postgres.createDatabase("restart");
  server = await startServer({ DATABASE_URL: databaseUrl });
  const users = await createSignedInUsers(
    server,
    Array.from({ length: WRITERS }, (_, i) => `restart${i}`),
  );
  writers = [];
  for (const user of users)
    writers.push({ ...user, topicId: (await bookWithTopic(user.client, `Book of ${user.name}`)).topicId });
});
afterAll(async () => {
  await server?.stop();
  await postgres?.stop();
});

type Outcome = { status: number; title: string; message?: string; saved?: string };

/**
 * One story from one writer, then a save of it (a save on PostgreSQL is one statement outside any transaction): each
 * one's status, the message of a refusal, and the text of an acknowledged save.
 */
async function write(writer: (typeof writers)[number], title: string): Promise<Outcome[]> {
  const response = await writer.client.json("POST", `/api/topics/${writer.topicId}/stories`, {
    title,
    content: `Written while the database restarts: ${title}.`,
  });
  const body = (await response.json().catch(() => ({}))) as { id?: number; message?: string };
  const created = { status: response.status, title, message: body.message };
  if (response.status !== 201) return [created];
  const content = `Saved while the database restarts: ${title}.`;
  const saving = await writer.client.json("PUT", `/api/stories/${body.id}`, { title, content, status: "draft" });
  const save = (await saving.json().catch(() => ({}))) as { message?: string };
  return [created, { status: saving.status, title, message: save.message, saved: content }];
}

describe("PostgreSQL restarted during writes", () => {
  it("answers 503 to what it catches, keeps every acknowledged write, and writes again once it is back", async () => {
    const outcomes: Outcome[] = [];
    let writing = true;
    let sequence = 0;
    const loops = writers.map(async (writer) => {
      while (writing) outcomes.push(...(await write(writer, `${writer.name} story ${sequence++}`)));
    });
    // Writes before, during and after the restart; the restart waits until a few have gone through.
    while (outcomes.filter((outcome) => outcome.status === 201).length < 20) await new Promise((r) => setImmediate(r));
    await postgres.restart("immediate");
    const afterRestart = outcomes.length;
    while (outcomes.slice(afterRestart).filter((outcome) => outcome.status === 201).length < 20)
      await new Promise((r) => setTimeout(r, 10));
    writing = false;
    await Promise.all(loops);

    // Only 201s, 200s (saves) and 503s, and every 503 says why in the user's language.
    expect(outcomes.filter((outcome) => ![200, 201, 503].includes(outcome.status))).toEqual([]);
    for (const refused of outcomes.filter((outcome) => outcome.status === 503))
      expect(refused.message).toBe(en.errors.databaseUnavailable);

    // Every acknowledged story is kept, once.
    const acknowledged = outcomes.filter((outcome) => outcome.status === 201).map((outcome) => outcome.title);
    const database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
    try {
      const { rows } = await database.query<{ title: string; n: string; content: string }>(
        "select title, count(*) as n, max(content) as content from stories group by title",
      );
      const kept = new Map(rows.map((row) => [row.title, Number(row.n)]));
      expect(acknowledged.filter((title) => kept.get(title) !== 1)).toEqual([]);
      // Every acknowledged save too.
      const contents = new Map(rows.map((row) => [row.title, row.content]));
      const saves = outcomes.filter((outcome) => outcome.status === 200);
      expect(saves.length).toBeGreaterThan(0);
      expect(saves.filter((outcome) => contents.get(outcome.title) !== outcome.saved)).toEqual([]);
    } finally {
      await database.end();
    }
  });

  it("answers a page with a 503 while PostgreSQL is down, and the page again once it is up", async () => {
    const [writer] = writers;
    await postgres.stopServer();
    try {
      const down = await writer!.client.get("/books");
      expect(await down.text()).toContain(en.errors.databaseUnavailable);
      expect(down.status).toBe(503);
      expect(down.headers.get("retry-after")).toBe("5");
      const api = await writer!.client.get("/api/books");
      expect(api.status).toBe(503);
      expect(((await api.json()) as { message: string }).message).toBe(en.errors.databaseUnavailable);
      // A navigation in the browser asks for the page's data alone: the same 503, with the page's message in it.
      const navigation = await writer!.client.get("/books.data");
      expect(navigation.status).toBe(503);
      expect(navigation.headers.get("retry-after")).toBe("5");
      expect(await navigation.text()).toMatch(/"reason","database"/);
    } finally {
      await postgres.startServer();
    }
    expect((await writer!.client.get("/books")).status).toBe(200);
  });
});
