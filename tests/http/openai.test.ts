import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fakeAiEnv, reply, startFakeOpenAi, type FakeOpenAi } from "../support/fake-openai";
import { createClient, loginAs, type Client } from "../support/http";
import { ADMIN_PASSWORD, startServer, type RunningServer } from "../support/server";

// The real built server with the OpenAI-compatible provider, talking HTTP to a fake model server.
const TIMEOUT_MS = 4_000;

let fake: FakeOpenAi;
let server: RunningServer;
let lan: Client;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  // No AI_PROVIDER: a key alone chooses the OpenAI-compatible provider (README, Configuration).
  server = await startServer(fakeAiEnv(fake, TIMEOUT_MS));
  const admin = createClient(server.url);
  await loginAs(admin, "admin", ADMIN_PASSWORD);
  await admin.json("POST", "/api/admin/create-user", {
    username: "lan",
    email: "lan@example.com",
    password: "secret1",
  });
  lan = createClient(server.url);
  await loginAs(lan, "lan", "secret1");
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});
beforeEach(() => fake.reset());

async function post(client: Client, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await client.json("POST", path, body, { headers });
  return { status: response.status, body: await response.json() };
}

async function topicWithQuestion(language: "en" | "vi", question: string) {
  const book = (await post(lan, "/api/books", { title: language === "vi" ? "Bà nội" : "Grandpa", language })).body;
  const topic = (
    await post(lan, `/api/books/${book.id}/topics`, { title: language === "vi" ? "Tuổi thơ" : "Childhood" })
  ).body;
  const asked = (await post(lan, `/api/topics/${topic.id}/questions`, { question })).body;
  return { book, topic, asked };
}

const questionsOf = async (topicId: number) =>
  ((await (await lan.get(`/api/topics/${topicId}/questions`)).json()) as { question: string }[]).map((q) => q.question);

describe("the OpenAI-compatible provider, through the real server", () => {
  it("logs which model and server it uses at start", () => {
    expect(server.output()).toContain(`AI: model test-model on ${new URL(fake.baseURL).origin}`);
  });

  it("suggest-topics returns the model's topics, checked, and asks in the book's language", async () => {
    fake.enqueue(
      reply.topics([
        { title: "  Thời thơ ấu ", description: " Ngôi nhà và làng quê.  " },
        { title: "", description: "không có tiêu đề" },
        { title: "thời thơ ấu", description: "trùng lặp" },
        ...Array.from({ length: 10 }, (_, i) => ({ title: `Chủ đề ${i + 1}`, description: "" })),
      ]),
    );
    const result = await post(lan, "/api/books/suggest-topics", {
      title: "Ông nội",
      description: "Cuộc đời ông",
      tone: "nostalgic",
      language: "vi",
    });
    expect(result.status).toBe(200);
    expect(result.body).toHaveLength(8);
    expect(result.body[0]).toEqual({ title: "Thời thơ ấu", description: "Ngôi nhà và làng quê." });
    expect(result.body[1].title).toBe("Chủ đề 1");

    const [request] = fake.requests;
    expect(fake.requests).toHaveLength(1);
    expect(request!.body.model).toBe("test-model");
    expect(request!.body.response_format).toMatchObject({
      type: "json_schema",
      json_schema: { name: "topics", strict: true },
    });
    expect(request!.body.response_format!.json_schema!.schema).toMatchObject({ required: ["topics"] });
    expect(request!.body.messages[0]!.content).toContain("Write every word of your answer in Vietnamese");
    expect(request!.body.messages[0]!.content).toContain("“nostalgic”");
    expect(request!.body.messages[1]!.content).toContain("Book title: Ông nội");
  });

  it("suggest-topics with a topic title asks about that title", async () => {
    fake.enqueue(reply.topics([{ title: "The blue bicycle", description: "The bicycle you rode to school." }]));
    const result = await post(lan, "/api/books/suggest-topics", {
      title: "Grandpa",
      language: "en",
      topicTitle: "The blue bicycle",
    });
    expect(result).toEqual({
      status: 200,
      body: [{ title: "The blue bicycle", description: "The bicycle you rode to school." }],
    });
    expect(fake.requests[0]!.body.messages[0]!.content).toContain("in English");
    expect(fake.requests[0]!.body.messages[1]!.content).toContain("Topic title to describe: The blue bicycle");
  });

  it("regenerate-questions stores the model's questions, skipping those already asked", async () => {
    const { topic, asked } = await topicWithQuestion("en", "What was your first home like?");
    // Answered, so it stays; the model repeating it must not add it twice.
    await post(lan, `/api/topics/${topic.id}/stories`, {
      title: "Home",
      content: "A small house.",
      questionId: asked.id,
    });
    fake.enqueue(
      reply.questions([
        "  what was your first home like? ",
        "Who lived next door?",
        "WHO LIVED NEXT DOOR?",
        "",
        "What games did you play?",
      ]),
    );
    const result = await post(lan, `/api/topics/${topic.id}/regenerate-questions`, {});
    expect(result.status).toBe(200);
    expect(result.body.map((q: { question: string }) => q.question)).toEqual([
      "What was your first home like?",
      "Who lived next door?",
      "What games did you play?",
    ]);
    const prompt = fake.requests[0]!.body.messages;
    expect(prompt[0]!.content).toContain("in English");
    expect(prompt[0]!.content).toContain("Write 5 questions.");
    expect(prompt[1]!.content).toContain("- What was your first home like?");
    expect(fake.requests[0]!.body.response_format).toMatchObject({
      type: "json_schema",
      json_schema: { name: "questions" },
    });
  });

  it("a 429 then an answer: 200 after exactly one retry", async () => {
    const { topic } = await topicWithQuestion("vi", "Bạn sinh ra ở đâu?");
    fake.enqueue(reply.status(429), reply.questions(["Ai là người bạn thân nhất của bạn?"]));
    const result = await post(lan, `/api/topics/${topic.id}/regenerate-questions`, {});
    expect(result.status).toBe(200);
    expect(result.body.map((q: { question: string }) => q.question)).toEqual(["Ai là người bạn thân nhất của bạn?"]);
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[0]!.body.messages[0]!.content).toContain("Vietnamese");
  });

  it("500 twice: 502 { message } in the user's language after two requests, and nothing written", async () => {
    const { topic } = await topicWithQuestion("vi", "Bạn sinh ra ở đâu?");
    fake.enqueue(reply.status(500), reply.status(500), reply.questions(["never asked?"]));
    const result = await post(lan, `/api/topics/${topic.id}/regenerate-questions`, {}, { "Accept-Language": "vi" });
    expect(result).toEqual({
      status: 502,
      body: { message: "Máy chủ AI không phản hồi. Vui lòng thử lại.", title: "Không thể tạo lại câu hỏi phỏng vấn" },
    });
    expect(fake.requests).toHaveLength(2);
    expect(await questionsOf(topic.id)).toEqual(["Bạn sinh ra ở đâu?"]);

    fake.reset();
    fake.enqueue(reply.status(503), reply.status(502));
    const suggest = await post(lan, "/api/books/suggest-topics", { title: "Grandpa", language: "en" });
    expect(suggest).toEqual({
      status: 502,
      body: { message: "The AI server did not answer. Please try again.", title: "Cannot generate suggestions" },
    });
  });

  it("a malformed answer from the model: 502, not retried, nothing written", async () => {
    const { topic } = await topicWithQuestion("en", "Where were you born?");
    fake.enqueue(reply.content('{"questions": ["Where'), reply.questions(["never asked?"]));
    const result = await post(lan, `/api/topics/${topic.id}/regenerate-questions`, {});
    expect(result).toEqual({
      status: 502,
      body: {
        message: "The AI server gave an answer that cannot be used. Please try again.",
        title: "Cannot regenerate interview questions",
      },
    });
    expect(fake.requests).toHaveLength(1);
    expect(await questionsOf(topic.id)).toEqual(["Where were you born?"]);

    fake.reset();
    fake.enqueue(reply.content("Here are some topics: Childhood, School"));
    expect((await post(lan, "/api/books/suggest-topics", { title: "Grandpa" })).status).toBe(502);
  });

  it("the topic page shows its failure toast with the reason, with status 502", async () => {
    const { book, topic } = await topicWithQuestion("en", "Where were you born?");
    fake.enqueue(reply.status(500), reply.status(500));
    const response = await lan.form(`/books/${book.id}/topics/${topic.id}`, { intent: "regenerate-questions" });
    expect(response.status).toBe(502);
    const html = await response.text();
    expect(html).toContain("Cannot regenerate interview questions");
    expect(html).toContain("The AI server did not answer. Please try again.");
    expect(await questionsOf(topic.id)).toEqual(["Where were you born?"]);

    fake.enqueue(reply.status(429), reply.status(429));
    const dialog = await lan.get(`/books/${book.id}/suggest-topics`, { headers: { "Accept-Language": "vi" } });
    expect(dialog.status).toBe(200);
    const dialogHtml = await dialog.text();
    expect(dialogHtml).toContain("Không thể tạo gợi ý");
    expect(dialogHtml).toContain("Máy chủ AI đang bận. Vui lòng đợi một lát rồi thử lại.");
  });

  it(
    "a model that never answers: the call is cancelled " + "when the client goes away, and the server stays healthy",
    async () => {
      const { topic } = await topicWithQuestion("en", "Where were you born?");
      fake.enqueue(reply.hang());
      const controller = new AbortController();
      const pending = lan
        .json("POST", `/api/topics/${topic.id}/regenerate-questions`, {}, { signal: controller.signal })
        .catch((e: unknown) => e);
      const request = await fake.waitForRequest(1);
      controller.abort();
      expect(await pending).toMatchObject({ name: "AbortError" });
      await request.aborted;
      expect(request.wasAborted()).toBe(true);
      expect((await lan.get("/healthz")).status).toBe(200);
      expect(fake.requests).toHaveLength(1);
      expect(await questionsOf(topic.id)).toEqual(["Where were you born?"]);
    },
  );

  it("a model that never answers a waiting client: 502 after the timeout, not retried", async () => {
    fake.enqueue(reply.hang(), reply.hang());
    const started = Date.now();
    const result = await post(lan, "/api/books/suggest-topics", { title: "Grandpa", language: "en" });
    expect(result).toEqual({
      status: 502,
      body: { message: "The AI server did not answer. Please try again.", title: "Cannot generate suggestions" },
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
    expect(fake.requests).toHaveLength(1);
    await fake.requests[0]!.aborted;
  });
});

describe("choosing the AI provider", () => {
  it("an invalid AI_PROVIDER stops the server at start with a message naming it", async () => {
    const error = await startServer({ AI_PROVIDER: "chatgpt" }).then(
      async (started) => {
        await started.stop();
        return "started";
      },
      (e: unknown) => String(e),
    );
    expect(error).toContain("Heirloom cannot start: the environment is not valid.");
    expect(error).toContain('AI_PROVIDER must be "offline" or "openai"');
  });
});
