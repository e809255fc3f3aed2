import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeAiEnv, reply, startFakeOpenAi, type FakeOpenAi } from "../support/fake-openai";
import { createClient, serverWithLanAndMinh, type Client } from "../support/http";

async function setup(env: Record<string, string> = {}) {
  const { server, lan, minh } = await serverWithLanAndMinh(env);
  const book = await (await lan.json("POST", "/api/books", { title: "Đời bà", language: "vi" })).json();
  const topic = await (await lan.json("POST", `/api/books/${book.id}/topics`, { title: "Tuổi thơ" })).json();
  return { server, lan, minh, topic: topic as { id: number } };
}

const call = async (client: Client, path: string, body: unknown) => {
  const response = await client.json("POST", path, body);
  return { status: response.status, body: (await response.json()) as Record<string, string> };
};

describe("autocomplete and follow-up, offline", () => {
  let env: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => (env = await setup()));
  afterAll(() => env.server.stop());

  it("completes the word being typed from the user's own words, and nothing below 10 characters", async () => {
    const { lan, minh, topic } = env;
    expect(
      await call(lan, "/api/generate-autocomplete", {
        text: "Nhà bà ở cạnh bến sông. Mỗi sáng bà ra bế",
        topicId: topic.id,
      }),
    ).toEqual({ status: 200, body: { completion: "n" } });
    expect(await call(lan, "/api/generate-autocomplete", { text: "Nhà bà", topicId: topic.id })).toEqual({
      status: 200,
      body: { completion: "" },
    });
    expect((await call(lan, "/api/generate-autocomplete", { text: 42 })).status).toBe(400);
    expect(
      (await call(minh, "/api/generate-autocomplete", { text: "Nhà bà ở cạnh bến sông.", topicId: topic.id })).status,
    ).toBe(404);
    expect((await createClient(env.server.url).json("POST", "/api/generate-autocomplete", { text: "x" })).status).toBe(
      401,
    );
  });

  it("asks a follow-up question from the bank, in the book's language", async () => {
    const { status, body } = await call(env.lan, "/api/answer-followup", {
      question: "",
      currentText: "Nhà bà ở cạnh bến sông.",
      topicId: env.topic.id,
    });
    expect(status).toBe(200);
    expect(body.answer).toMatch(/\?$/);
    expect(body.answer).toMatch(/[ăâđêôơưàảãáạèẻẽéẹìỉĩíịòỏõóọùủũúụỳỷỹýỵ]/i);
  });
});

describe("autocomplete and follow-up with an OpenAI-compatible server", () => {
  let env: Awaited<ReturnType<typeof setup>>;
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    env = await setup(fakeAiEnv(fake));
  });
  afterAll(async () => {
    await env.server.stop();
    await fake.close();
  });

  it("returns the model's completion and question, with the user's text and language in the prompt", async () => {
    fake.enqueue(reply.content(" gánh nước ở bến sông"), reply.content("Bà còn nhớ tiếng sóng vỗ vào bến không?"));
    expect(
      (await call(env.lan, "/api/generate-autocomplete", { text: "Sáng nào bà cũng đi", topicId: env.topic.id })).body,
    ).toEqual({ completion: " gánh nước ở bến sông" });
    expect(
      (
        await call(env.lan, "/api/answer-followup", {
          question: "Bà sống ở đâu?",
          currentText: "Nhà bà ở cạnh bến sông.",
          topicId: env.topic.id,
        })
      ).body,
    ).toEqual({
      answer: "Bà còn nhớ tiếng sóng vỗ vào bến không?",
    });
    const [autocomplete, followup] = fake.requests;
    expect(autocomplete!.body.model).toBe("test-model");
    expect(autocomplete!.body.messages.map((m) => m.content).join("\n")).toContain("Sáng nào bà cũng đi");
    expect(followup!.body.messages.map((m) => m.content).join("\n")).toContain("Vietnamese");
    expect(followup!.body.messages.map((m) => m.content).join("\n")).toContain("Nhà bà ở cạnh bến sông.");
  });

  it("refines a story and suggests improvements with the model's own text", async () => {
    fake.enqueue(
      reply.content("Nhà bà ở cạnh bến sông, nơi sáng nào bà cũng gánh nước."),
      reply.content("Gợi ý cải thiện\n1. Kể thêm bà gánh nước cùng ai.\nĐiểm mạnh\n1. Có nơi chốn rõ ràng."),
    );
    const story = await call(env.lan, `/api/topics/${env.topic.id}/stories`, {
      title: "Bến sông",
      content: "nhà bà ở cạnh bến sông ,sáng nào bà cũng gánh nước",
      status: "draft",
      refineContent: true,
      additionalRefinementInfo: "ấm áp hơn",
    });
    expect(story.status).toBe(201);
    expect(story.body).toMatchObject({
      content: "nhà bà ở cạnh bến sông ,sáng nào bà cũng gánh nước",
      refinedContent: "Nhà bà ở cạnh bến sông, nơi sáng nào bà cũng gánh nước.",
    });
    const refinePrompt = fake.requests
      .at(-1)!
      .body.messages.map((m) => m.content)
      .join("\n");
    expect(refinePrompt).toContain("ấm áp hơn");
    expect(refinePrompt).toContain("Vietnamese");
    const suggestions = await call(env.lan, "/api/stories/suggest-improvements", {
      content: "Nhà bà ở cạnh bến sông.",
      title: "Bến sông",
      topicId: env.topic.id,
    });
    expect(suggestions).toEqual({
      status: 200,
      body: { suggestions: "Gợi ý cải thiện\n1. Kể thêm bà gánh nước cùng ai.\nĐiểm mạnh\n1. Có nơi chốn rõ ràng." },
    });
    expect(
      fake.requests
        .at(-1)!
        .body.messages.map((m) => m.content)
        .join("\n"),
    ).toContain("Nhà bà ở cạnh bến sông.");
  });

  it("answers 502 when the model fails", async () => {
    fake.enqueue(reply.status(500), reply.status(500));
    expect(
      (
        await call(env.lan, "/api/answer-followup", {
          question: "Bà sống ở đâu?",
          currentText: "x",
          topicId: env.topic.id,
        })
      ).status,
    ).toBe(502);
  });
});
