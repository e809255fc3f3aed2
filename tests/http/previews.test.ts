import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeAiEnv, reply, startFakeOpenAi, type FakeOpenAi } from "../support/fake-openai";
import { createClient, serverWithLanAndMinh, type Client } from "../support/http";
import type { RunningServer } from "../support/server";

type Setup = { server: RunningServer; lan: Client; minh: Client };

async function setup(env: Record<string, string> = {}): Promise<Setup> {
  const { server, lan, minh } = await serverWithLanAndMinh(env);
  return { server, lan, minh };
}

const post = async (client: Client, path: string, body: unknown) => (await client.json("POST", path, body)).json();

async function bookWithStory(client: Client, language: "en" | "vi", content: string) {
  const book = await post(client, "/api/books", { title: language === "vi" ? "Đời bà" : "Grandma", language });
  const topic = await post(client, `/api/books/${book.id}/topics`, {
    title: language === "vi" ? "Tuổi thơ" : "Childhood",
  });
  const empty = await post(client, `/api/books/${book.id}/topics`, { title: language === "vi" ? "Đi làm" : "Work" });
  await post(client, `/api/topics/${topic.id}/stories`, {
    title: language === "vi" ? "Bến sông" : "The river",
    content,
    status: "published",
  });
  return { book, topic, empty };
}

/** The events of a streamed (?stream=1) answer. */
async function events(response: Response) {
  expect(response.headers.get("content-type")).toContain("application/x-ndjson");
  return (await response.text())
    .split("\n")
    .filter(Boolean)
    .map(
      (line) =>
        JSON.parse(line) as {
          text?: string;
          done?: boolean;
          preview?: string;
          fromCache?: boolean;
          error?: string;
          status?: number;
        },
    );
}

describe("previews with the offline provider", () => {
  let env: Setup;
  beforeAll(async () => (env = await setup()));
  afterAll(() => env.server.stop());

  it("makes a topic's preview from the user's own story, in the book's language, and saves it", async () => {
    const { lan, minh } = env;
    const { topic, empty } = await bookWithStory(lan, "vi", "Nhà bà ở cạnh bến sông. Sáng nào bà cũng gánh nước.");
    const response = await lan.get(`/api/topics/${topic.id}/preview`);
    expect(response.status).toBe(200);
    const { preview } = (await response.json()) as { preview: string };
    expect(preview).toContain("Nhà bà ở cạnh bến sông. Sáng nào bà cũng gánh nước.");
    expect(preview).toContain("### Bến sông");
    expect(((await (await lan.get(`/api/topics/${topic.id}`)).json()) as { preview: string }).preview).toBe(preview);

    const nothing = await lan.get(`/api/topics/${empty.id}/preview`, { headers: { "Accept-Language": "vi" } });
    expect(nothing.status).toBe(400);
    expect(((await nothing.json()) as { message: string }).message).toBe(
      "Chủ đề này chưa có câu chuyện nào để tạo bản thảo.",
    );
    expect((await minh.get(`/api/topics/${topic.id}/preview`)).status).toBe(404);
    expect((await createClient(env.server.url).get(`/api/topics/${topic.id}/preview`)).status).toBe(401);
  });

  it(
    "caches the book's preview until its content changes; " + "force makes a new one; it downloads as a text file",
    async () => {
      const { lan, minh } = env;
      const { book, topic } = await bookWithStory(lan, "en", "We swam in the river every summer.");
      const get = async (query = "") =>
        (await (await lan.get(`/api/books/${book.id}/preview${query}`)).json()) as {
          preview: string;
          fromCache: boolean;
        };
      const first = await get();
      expect(first.fromCache).toBe(false);
      expect(first.preview).toContain("# Grandma");
      expect(first.preview).toContain("We swam in the river every summer.");
      expect(await get()).toEqual({ preview: first.preview, fromCache: true });
      expect((await get("?force=true")).fromCache).toBe(false);
      await post(lan, `/api/topics/${topic.id}/stories`, {
        title: "The boat",
        content: "Father built a boat.",
        status: "draft",
      });
      const changed = await get();
      expect(changed.fromCache).toBe(false);
      expect(changed.preview).toContain("Father built a boat.");

      const file = await lan.get(`/api/books/${book.id}/preview?download=1`);
      expect(file.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(file.headers.get("content-disposition")).toContain(
        `filename*=UTF-8''${encodeURIComponent("Grandma Preview.txt")}`,
      );
      expect(await file.text()).toBe(changed.preview);
      const vi = await lan.get(`/api/books/${book.id}/preview?download=1`, { headers: { "Accept-Language": "vi" } });
      expect(vi.headers.get("content-disposition")).toContain(encodeURIComponent("Grandma Bản thảo.txt"));
      expect((await minh.get(`/api/books/${book.id}/preview`)).status).toBe(404);
    },
  );

  it("generates previews with plain forms: back to the topic editor, or to the preview's tab", async () => {
    const { lan, minh } = env;
    const { book, topic } = await bookWithStory(lan, "en", "The market smelled of mangoes.");
    const editor = `/books/${book.id}?openEditor=topic&topicId=${topic.id}`;
    expect(await (await lan.get(editor)).text()).toContain("Generate preview");
    const back = await lan.form(`/books/${book.id}/preview`, {
      intent: "topic",
      topicId: String(topic.id),
      returnTo: editor,
    });
    expect(back.headers.get("location")).toBe(editor);
    expect(((await (await lan.get(`/api/topics/${topic.id}`)).json()) as { preview: string }).preview).toContain(
      "The market smelled of mangoes.",
    );
    const elsewhere = await lan.form(`/books/${book.id}/preview`, {
      intent: "topic",
      topicId: String(topic.id),
      returnTo: "https://evil.example/",
    });
    expect(elsewhere.headers.get("location")).toBe(`/books/${book.id}?ptab=topic&ptopic=${topic.id}`);
    const whole = await lan.form(`/books/${book.id}/preview`, { intent: "book" });
    expect(whole.headers.get("location")).toBe(`/books/${book.id}?ptab=book`);
    expect(await (await lan.get(`/books/${book.id}?ptab=book`)).text()).toContain("The market smelled of mangoes.");
    expect((await minh.form(`/books/${book.id}/preview`, { intent: "topic", topicId: String(topic.id) })).status).toBe(
      404,
    );
  });

  it("streams the preview as events ending with the result", async () => {
    const { book } = await bookWithStory(env.lan, "en", "The market smelled of ripe mangoes.");
    const all = await events(await env.lan.get(`/api/books/${book.id}/preview?stream=1`));
    const last = all.at(-1)!;
    expect(last).toMatchObject({ done: true, fromCache: false });
    expect(
      all
        .filter((e) => e.text)
        .map((e) => e.text)
        .join(""),
    ).toBe(last.preview);
  });
});

describe("previews with an OpenAI-compatible server", () => {
  let env: Setup;
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    env = await setup(fakeAiEnv(fake));
  });
  afterAll(async () => {
    await env.server.stop();
    await fake.close();
  });

  it(
    "streams the model's topic preview, " + "with the stories and the book's language in the prompt, and saves it",
    async () => {
      const { topic } = await bookWithStory(env.lan, "vi", "Nhà bà ở cạnh bến sông.");
      fake.enqueue(reply.content("Bà kể rằng nhà bà ở cạnh bến sông.\n\n[IMAGE ID:1: Bến sông]"));
      const all = await events(await env.lan.get(`/api/topics/${topic.id}/preview?stream=1`));
      expect(all.filter((e) => e.text).length).toBeGreaterThan(1);
      expect(all.at(-1)).toMatchObject({
        done: true,
        preview: "Bà kể rằng nhà bà ở cạnh bến sông.\n\n[IMAGE ID:1: Bến sông]",
      });
      const request = fake.requests.at(-1)!;
      expect(request.body).toMatchObject({ model: "test-model", stream: true });
      expect(request.headers.authorization).toBe("Bearer test");
      const prompt = request.body.messages.map((m) => m.content).join("\n");
      expect(prompt).toContain("Vietnamese");
      expect(prompt).toContain("Nhà bà ở cạnh bến sông.");
      expect(prompt).toContain("Tuổi thơ");
      expect(((await (await env.lan.get(`/api/topics/${topic.id}`)).json()) as { preview: string }).preview).toContain(
        "Bà kể rằng",
      );
    },
  );

  it("answers 502 in the user's language when the model fails, and keeps the saved preview", async () => {
    const { topic } = await bookWithStory(env.lan, "en", "We swam in the river.");
    await env.lan.json("PUT", `/api/topics/${topic.id}`, { preview: "My own words." });
    fake.enqueue(reply.status(500), reply.status(500));
    const failed = await env.lan.get(`/api/topics/${topic.id}/preview`);
    expect(failed.status).toBe(502);
    expect(((await failed.json()) as { message: string }).message).toBeTruthy();
    expect(((await (await env.lan.get(`/api/topics/${topic.id}`)).json()) as { preview: string }).preview).toBe(
      "My own words.",
    );
    fake.enqueue(reply.status(500), reply.status(500));
    const streamed = await events(await env.lan.get(`/api/topics/${topic.id}/preview?stream=1`));
    expect(streamed.at(-1)).toMatchObject({ status: 502 });
    expect((await env.lan.get("/healthz")).status).toBe(200);
  });
});
