import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../support/http";
import { startServer, type RunningServer } from "../support/server";
import { bookWithTopic, checkedContent, contentIsWhole, createSignedInUsers } from "./support";

// 50 signed-in users write stories at the same time for 30 s, on loopback, against the real server:
// no 5xx, and every story the server acknowledged is in the database exactly once, as last written.
const USERS = 50;
const WRITE_MS = Number(process.env.RESILIENCE_WRITE_SECONDS ?? 30) * 1000;
/** Every n-th write of a user is an update of one of their earlier stories. */
const UPDATE_EVERY = 4;

type Writer = { name: string; id: number; client: Client; topicId: number };
type Outcome = { status: number; method: string; error?: string };

let server: RunningServer;
let writers: Writer[];

beforeAll(async () => {
  server = await startServer();
  const users = await createSignedInUsers(
    server,
    Array.from({ length: USERS }, (_, i) => `writer${String(i).padStart(2, "0")}`),
  );
  writers = [];
  for (const user of users)
    writers.push({ ...user, topicId: (await bookWithTopic(user.client, `Book of ${user.name}`)).topicId });
  // 50 accounts: 100 argon2id hashes and checks of 38 MiB each, which take a while on a busy two-core machine.
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

describe("50 users writing at once", () => {
  it("loses no story, duplicates none, and never answers 5xx", async () => {
    const outcomes: Outcome[] = [];
    /** The stories each 201 acknowledged: id → what the last acknowledged write said. */
    const acknowledged = new Map<number, { title: string; content: string; userId: number }>();
    const deadline = Date.now() + WRITE_MS;

    async function write(writer: Writer) {
      const mine: number[] = [];
      for (let n = 0; Date.now() < deadline; n++) {
        const update = n % UPDATE_EVERY === UPDATE_EVERY - 1 && mine.length > 0;
        try {
          if (update) {
            const storyId = mine[n % mine.length]!;
            const { title } = acknowledged.get(storyId)!;
            const content = checkedContent(title, 200 + (n % 7) * 150, n * 7919 + writer.id);
            const response = await writer.client.json("PUT", `/api/stories/${storyId}`, {
              title,
              content,
              status: "published",
            });
            outcomes.push({ status: response.status, method: "PUT" });
            if (response.status === 200) acknowledged.set(storyId, { title, content, userId: writer.id });
            else outcomes[outcomes.length - 1]!.error = await response.text();
          } else {
            // Unique per request, so a duplicated row is visible as a repeated title.
            const title = `${writer.name} story ${n}`;
            const content = checkedContent(title, 100 + (n % 11) * 120, n * 104729 + writer.id);
            const response = await writer.client.json("POST", `/api/topics/${writer.topicId}/stories`, {
              title,
              content,
              status: "draft",
            });
            outcomes.push({ status: response.status, method: "POST" });
            if (response.status === 201) {
              const story = (await response.json()) as { id: number; title: string };
              expect(story.title).toBe(title);
              expect(acknowledged.has(story.id)).toBe(false);
              acknowledged.set(story.id, { title, content, userId: writer.id });
              mine.push(story.id);
            } else outcomes[outcomes.length - 1]!.error = await response.text();
          }
        } catch (error) {
          outcomes.push({ status: 0, method: update ? "PUT" : "POST", error: String(error) });
        }
      }
    }

    const started = Date.now();
    await Promise.all(writers.map(write));
    const seconds = (Date.now() - started) / 1000;

    const creates = outcomes.filter((o) => o.method === "POST").length;
    const updates = outcomes.length - creates;
    console.log(
      `concurrent writes: ${USERS} users, ${outcomes.length} writes in ${seconds.toFixed(1)} s ` +
        `(${creates} creates, ${updates} updates, ${(outcomes.length / seconds).toFixed(0)} writes/s)`,
    );

    const failures = outcomes.filter((o) => !(o.method === "POST" ? o.status === 201 : o.status === 200));
    expect(failures.slice(0, 5)).toEqual([]);
    expect(outcomes.filter((o) => o.status >= 500)).toEqual([]);
    expect(creates).toBeGreaterThan(USERS * 5);

    // "userId" quoted: PostgreSQL folds an unquoted alias to lower case.
    const rows = await server.database.query<{ id: number; title: string; content: string; userId: number }>(
      'SELECT s.id, s.title, s.content, b.user_id AS "userId" FROM stories s JOIN books b ON b.id = s.book_id',
    );
    // Exactly the acknowledged stories: none lost, none extra.
    expect(rows.length).toBe(acknowledged.size);
    const titles = new Map<string, number>();
    for (const row of rows) titles.set(row.title, (titles.get(row.title) ?? 0) + 1);
    expect([...titles].filter(([, count]) => count > 1)).toEqual([]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const wrong: string[] = [];
    for (const [id, expected] of acknowledged) {
      const row = byId.get(id);
      if (!row) wrong.push(`story ${id} (${expected.title}) is missing`);
      else if (row.title !== expected.title || row.content !== expected.content || row.userId !== expected.userId)
        wrong.push(`story ${id} differs from its last acknowledged write`);
      else if (!contentIsWhole(row.title, row.content)) wrong.push(`story ${id} is not whole`);
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
