import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeAiEnv, reply, startFakeOpenAi, type FakeOpenAi, type FakeReply } from "../support/fake-openai";
import type { Client } from "../support/http";
import { startServer, type RunningServer } from "../support/server";
import { databaseSnapshot } from "../support/test-database";
import { createSignedInUsers, en, vi } from "./support";

// Every AI feature, with the AI server (a) not there at all, (b) never answering, (c) answering 500 or 429:
// a clear 502 with a message in the user's language, within the configured timeout, nothing written,
// and the rest of the app keeps serving while the AI calls hang.
const TIMEOUT_MS = 1_500;
/** Refinement and previews are long answers: the provider gives them three times the timeout. */
const LONG_TIMEOUT_MS = 3 * TIMEOUT_MS;
/** What a loaded two-core machine may add to a bound. */
const SLACK_MS = 2_500;

type Language = "en" | "vi";
type Strings = typeof en;
type Content = { bookId: number; topicId: number; storyId: number };

/** One AI call: how to make it, how long it may take, and the message and title it must fail with. */
type AiCall = {
  name: string;
  long?: boolean;
  stream?: boolean;
  send: (client: Client, content: Content, headers: Record<string, string>) => Promise<Response>;
  /** The failure's message and title; `reason` is the provider's reason (did not answer, busy). */
  expected: (t: Strings, reason: string) => { message: string; title?: string };
};

const post = (path: string, body: unknown) => (client: Client, _content: Content, headers: Record<string, string>) =>
  client.json("POST", path, body, { headers });

const CALLS: AiCall[] = [
  {
    name: "suggest topics",
    send: post("/api/books/suggest-topics", {
      title: "Grandpa",
      description: "His life",
      tone: "nostalgic",
      language: "en",
    }),
    expected: (t, reason) => ({ message: reason, title: t.suggest.generateFailed }),
  },
  {
    name: "regenerate questions",
    send: (client, { topicId }, headers) =>
      client.json("POST", `/api/topics/${topicId}/regenerate-questions`, undefined, { headers }),
    expected: (t, reason) => ({ message: reason, title: t.questions.regenerateFailed }),
  },
  {
    name: "autocomplete",
    send: (client, { topicId }, headers) =>
      client.json(
        "POST",
        "/api/generate-autocomplete",
        { text: "I remember the summer when we", title: "Summer", topicId },
        { headers },
      ),
    expected: (t, reason) => ({ message: reason, title: t.writingHelp.autocompleteFailed }),
  },
  {
    name: "answer follow-up",
    send: (client, { topicId }, headers) =>
      client.json(
        "POST",
        "/api/answer-followup",
        { question: "Where did you live?", currentText: "In a small house by the river.", storyTitle: "Home", topicId },
        { headers },
      ),
    expected: (t, reason) => ({ message: reason, title: t.writingHelp.followupFailed }),
  },
  {
    name: "suggest improvements",
    send: (client, { topicId }, headers) =>
      client.json(
        "POST",
        "/api/stories/suggest-improvements",
        { content: "We walked to school every day.", title: "School", topicId },
        { headers },
      ),
    expected: (t) => ({ message: t.improvements.failed }),
  },
  {
    name: "topic preview",
    long: true,
    send: (client, { topicId }, headers) => client.get(`/api/topics/${topicId}/preview`, { headers }),
    expected: (t, reason) => ({ message: reason, title: t.preview.failed }),
  },
  {
    name: "topic preview, streamed",
    long: true,
    stream: true,
    send: (client, { topicId }, headers) => client.get(`/api/topics/${topicId}/preview?stream=1`, { headers }),
    expected: (t, reason) => ({ message: reason, title: t.preview.failed }),
  },
  {
    name: "book preview",
    long: true,
    send: (client, { bookId }, headers) => client.get(`/api/books/${bookId}/preview?force=true`, { headers }),
    expected: (t, reason) => ({ message: reason, title: t.preview.failed }),
  },
  {
    name: "book preview, streamed",
    long: true,
    stream: true,
    send: (client, { bookId }, headers) => client.get(`/api/books/${bookId}/preview?stream=1&force=true`, { headers }),
    expected: (t, reason) => ({ message: reason, title: t.preview.failed }),
  },
  {
    name: "refine on story create",
    long: true,
    send: (client, { topicId }, headers) =>
      client.json(
        "POST",
        `/api/topics/${topicId}/stories`,
        {
          title: "Refined",
          content: "we went to the market , early",
          refineContent: true,
          additionalRefinementInfo: "warmer",
        },
        { headers },
      ),
    expected: (t) => ({ message: t.refine.failed, title: t.refine.failedTitle }),
  },
  {
    name: "refine on story update",
    long: true,
    send: (client, { storyId }, headers) =>
      client.json(
        "PUT",
        `/api/stories/${storyId}`,
        { title: "The river", content: "we swam in the river , every day", refineContent: true },
        { headers },
      ),
    expected: (t) => ({ message: t.refine.failed, title: t.refine.failedTitle }),
  },
];

type Result = { call: AiCall; language: Language; status: number; body: Record<string, unknown>; ms: number };

/** Makes the call and reads its answer: a JSON error, or the last event of a stream. */
async function run(call: AiCall, client: Client, content: Content, language: Language): Promise<Result> {
  const started = Date.now();
  const response = await call.send(client, content, { "Accept-Language": language });
  const text = await response.text();
  const ms = Date.now() - started;
  if (!call.stream) return { call, language, status: response.status, body: JSON.parse(text), ms };
  // A stream has already said 200 when the AI fails: its last event carries the error and its status.
  const events = text
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const last = events.at(-1)!;
  return {
    call,
    language,
    status: Number(last.status ?? (last.done ? 200 : 0)),
    body: { message: last.error, title: last.title, events: events.length },
    ms,
  };
}

function expectClearFailure(result: Result, reasonKey: "aiUnavailable" | "aiBusy") {
  const t = result.language === "vi" ? (vi as unknown as Strings) : en;
  const expected = result.call.expected(t, t.errors[reasonKey]);
  const label = `${result.call.name} (${result.language})`;
  expect({ label, status: result.status }).toEqual({ label, status: 502 });
  expect({ label, message: result.body.message }).toEqual({ label, message: expected.message });
  if (expected.title) expect({ label, title: result.body.title }).toEqual({ label, title: expected.title });
  const bound = (result.call.long ? LONG_TIMEOUT_MS : TIMEOUT_MS) + SLACK_MS;
  expect({ label, withinBound: result.ms <= bound }).toEqual({ label, withinBound: true });
}

async function prepare(server: RunningServer, name: string): Promise<{ client: Client; content: Content }> {
  const [user] = await createSignedInUsers(server, [name]);
  const client = user!.client;
  const book = (await (
    await client.json("POST", "/api/books", { title: "Grandpa's life", language: "en", tone: "nostalgic" })
  ).json()) as { id: number };
  const topic = (await (
    await client.json("POST", `/api/books/${book.id}/topics`, { title: "Childhood", description: "The village" })
  ).json()) as { id: number };
  expect(
    (await client.json("POST", `/api/topics/${topic.id}/questions`, { question: "Where were you born?" })).status,
  ).toBe(201);
  const story = await client.json("POST", `/api/topics/${topic.id}/stories`, {
    title: "The river",
    content: "We swam in the river every summer.",
    status: "published",
  });
  expect(story.status).toBe(201);
  return {
    client,
    content: { bookId: book.id, topicId: topic.id, storyId: ((await story.json()) as { id: number }).id },
  };
}

/** Every call in both languages at once, as a family's several devices might. */
const everyCall = (client: Client, content: Content) =>
  Promise.all(CALLS.flatMap((call) => (["en", "vi"] as const).map((language) => run(call, client, content, language))));

async function unusedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe("the AI server is not there", () => {
  let server: RunningServer;
  let client: Client;
  let content: Content;

  beforeAll(async () => {
    const port = await unusedPort();
    server = await startServer({
      OPENAI_API_KEY: "test",
      OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
      AI_MODEL: "test-model",
      AI_TIMEOUT_MS: String(TIMEOUT_MS),
    });
    ({ client, content } = await prepare(server, "nobody"));
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("every AI call fails at once with a clear 502 in the user's language, and nothing is written", async () => {
    const before = await databaseSnapshot(server.database);
    const results = await everyCall(client, content);
    for (const result of results) {
      expectClearFailure(result, "aiUnavailable");
      // Nothing to wait for: a refused connection is not retried.
      expect({ name: result.call.name, fast: result.ms < TIMEOUT_MS + SLACK_MS }).toEqual({
        name: result.call.name,
        fast: true,
      });
    }
    expect(await databaseSnapshot(server.database)).toEqual(before);
    expect(server.output()).toMatch(/cannot reach the server: ECONNREFUSED/);
  });
});

describe("the AI server hangs or fails", () => {
  let fake: FakeOpenAi;
  let server: RunningServer;
  let client: Client;
  let content: Content;
  const enqueueMany = (make: () => FakeReply, count: number) => fake.enqueue(...Array.from({ length: count }, make));

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    server = await startServer(fakeAiEnv(fake, TIMEOUT_MS));
    ({ client, content } = await prepare(server, "waiting"));
  });
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  it(
    "never answering: each call gives up after its " + "timeout with a clear 502, while the app keeps serving",
    async () => {
      fake.reset();
      enqueueMany(reply.hang, CALLS.length * 2);
      const before = await databaseSnapshot(server.database);
      let settled = false;
      const pending = everyCall(client, content).finally(() => (settled = true));
      // Every call is now waiting on the AI server…
      await fake.waitForRequest(CALLS.length * 2);
      // …and the rest of the app answers as usual.
      for (const path of [
        "/healthz",
        "/books",
        `/books/${content.bookId}`,
        "/api/books",
        `/api/topics/${content.topicId}/questions`,
      ]) {
        const started = Date.now();
        const response = await client.get(path);
        expect({ path, status: response.status }).toEqual({ path, status: 200 });
        await response.arrayBuffer();
        expect({ path, fast: Date.now() - started < 3_000 }).toEqual({ path, fast: true });
      }
      // All of that was answered while AI calls were still waiting.
      expect(settled).toBe(false);
      const results = await pending;
      for (const result of results) {
        expectClearFailure(result, "aiUnavailable");
        // It was the timeout that ended the wait, not an early error.
        expect({ name: result.call.name, waited: result.ms >= TIMEOUT_MS - 100 }).toEqual({
          name: result.call.name,
          waited: true,
        });
      }
      // A timed-out request is not retried, and the AI server saw each call cancelled.
      expect(fake.requests).toHaveLength(CALLS.length * 2);
      await Promise.all(fake.requests.map((request) => request.aborted));
      expect(await databaseSnapshot(server.database)).toEqual(before);
    },
  );

  it.each([
    { status: 500, reason: "aiUnavailable" as const },
    { status: 429, reason: "aiBusy" as const },
  ])(
    "answering $status: one retry, then a clear 502 in the user's language, and nothing is written",
    async ({ status, reason }) => {
      fake.reset();
      // Each call tries twice; two replies per call (and more than enough in the queue).
      enqueueMany(() => reply.status(status), CALLS.length * 2 * 2);
      const before = await databaseSnapshot(server.database);
      const results = await everyCall(client, content);
      for (const result of results) expectClearFailure(result, reason);
      expect(fake.requests).toHaveLength(CALLS.length * 2 * 2);
      expect(await databaseSnapshot(server.database)).toEqual(before);
      expect((await client.get("/healthz")).status).toBe(200);
    },
  );

  it("once the AI server answers again, the same calls work", async () => {
    fake.reset();
    fake.enqueue(reply.topics([{ title: "School days", description: "Teachers and friends." }]));
    const response = await client.json("POST", "/api/books/suggest-topics", { title: "Grandpa", language: "en" });
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 200,
      body: [{ title: "School days", description: "Teachers and friends." }],
    });
  });
});
