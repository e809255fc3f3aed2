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

  it("adds no sentence the storyteller did not write to the book preview or its .txt (issue 35)", async () => {
    const { lan } = env;
    for (const language of ["vi", "en"] as const) {
      const book = await post(lan, "/api/books", { title: "Đời bà", description: "Kể cho các cháu", language });
      const told: Record<string, Record<string, string>> = {
        "Tuổi thơ": {
          "Bến sông": "Nhà bà ở cạnh bến sông.\n\nSáng nào bà cũng gánh nước.",
          "Chợ Tết": "Tết nào mẹ cũng dẫn bà đi chợ.",
          "Cánh diều": "Chiều chiều bà thả diều ngoài đồng.",
        },
        "Đi làm": { "Xưởng dệt": "Năm mười tám tuổi bà vào xưởng dệt.", "Bạn cũ": "Bà có một người bạn tên Hoa." },
      };
      const own = [`# ${book.title}`, book.description];
      for (const [topicTitle, stories] of Object.entries(told)) {
        const topic = await post(lan, `/api/books/${book.id}/topics`, { title: topicTitle });
        own.push(`## ${topicTitle}`);
        for (const [title, content] of Object.entries(stories)) {
          await post(lan, `/api/topics/${topic.id}/stories`, { title, content, status: "published" });
          own.push(`### ${title}`, ...content.split("\n\n"));
        }
      }
      const { preview } = (await (await lan.get(`/api/books/${book.id}/preview`)).json()) as { preview: string };
      const file = await (await lan.get(`/api/books/${book.id}/preview?download=1`)).text();
      for (const text of [preview, file])
        for (const block of text.split("\n\n")) expect(own, `${language}: "${block}"`).toContain(block);
      expect(file).toBe(preview);
    }
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

  it(
    "marks the words the model adds between stories as its own: shown apart with Keep, " +
      "left out of the .txt until the owner keeps them (issue 35)",
    async () => {
      const { lan, minh } = env;
      const { book, topic } = await bookWithStory(lan, "vi", "Nhà bà ở cạnh bến sông.");
      await post(lan, `/api/topics/${topic.id}/stories`, {
        title: "Chợ Tết",
        content: "Tết nào mẹ cũng dẫn bà đi chợ.",
        status: "published",
      });
      const bridge = "Rồi một mùa hè khác đến.";
      fake.enqueue(reply.content(`Nhà bà ở cạnh bến sông.\n\n[AI: ${bridge}]\n\nTết nào mẹ cũng dẫn bà đi chợ.`));
      const { preview } = (await (await lan.get(`/api/topics/${topic.id}/preview`)).json()) as { preview: string };
      expect(preview).toContain(`[AI: ${bridge}]`);
      const prompt = fake.requests
        .at(-1)!
        .body.messages.map((m) => m.content)
        .join("\n");
      expect(prompt).toContain("[AI: Then another summer came.]");

      // The workspace shows the words apart, under their label, with a form that keeps them.
      const vi = { headers: { "Accept-Language": "vi" } };
      const page = await (await lan.get(`/books/${book.id}?ptab=topic&ptopic=${topic.id}`, vi)).text();
      const shown = /<div class="preview-ai">([\s\S]*?)<\/form><\/div>/.exec(page)?.[1] ?? "";
      expect(shown).toContain("Lời AI viết thêm");
      expect(shown).toMatch(new RegExp(`<p class="preview-ai-text"[^>]*>${bridge}</p>`));
      expect(shown).toContain('name="intent" value="keep-ai"');
      expect(shown).toContain("Giữ lại lời này");
      expect(page).not.toContain(`[AI: ${bridge}]`);

      // The book preview is made from the topic's draft: the .txt leaves the words out.
      const download = async () => (await lan.get(`/api/books/${book.id}/preview?download=1`)).text();
      const before = await download();
      expect(before).toContain("Nhà bà ở cạnh bến sông.");
      expect(before).toContain("Tết nào mẹ cũng dẫn bà đi chợ.");
      expect(before).not.toContain(bridge);
      expect(before).not.toContain("[AI:");

      // Someone else cannot keep them; words the owner did not see are not kept.
      const fields = { intent: "keep-ai", topicId: String(topic.id), index: "0", words: bridge, ppage: "1" };
      expect((await minh.form(`/books/${book.id}/preview`, fields)).status).toBe(404);
      expect((await lan.form(`/books/${book.id}/preview`, { ...fields, words: "Một câu khác." })).status).toBe(409);

      const kept = await lan.form(`/books/${book.id}/preview`, fields);
      expect(kept.status).toBe(302);
      expect(kept.headers.get("location")).toBe(`/books/${book.id}?ptab=topic&ptopic=${topic.id}&ppage=1`);
      const draft = ((await (await lan.get(`/api/topics/${topic.id}`)).json()) as { preview: string }).preview;
      expect(draft).toBe(`Nhà bà ở cạnh bến sông.\n\n${bridge}\n\nTết nào mẹ cũng dẫn bà đi chợ.`);
      const after = await download();
      expect(after).toContain(bridge);
      expect(after).not.toContain("[AI:");
      // Kept once: the marker is gone, so keeping it again finds nothing.
      expect((await lan.form(`/books/${book.id}/preview`, fields)).status).toBe(409);
    },
  );

  it("marks the model's words in a chapter the book preview writes, and keeps them in the cached preview", async () => {
    const { lan } = env;
    const { book } = await bookWithStory(lan, "en", "We swam in the river every summer.");
    const bridge = "Summers like that came back year after year.";
    fake.enqueue(reply.content(`We swam in the river every summer.\n\n[AI: ${bridge}]`));
    const first = (await (await lan.get(`/api/books/${book.id}/preview`)).json()) as { preview: string };
    expect(first.preview).toContain(`[AI: ${bridge}]`);
    const download = async () => (await lan.get(`/api/books/${book.id}/preview?download=1`)).text();
    expect(await download()).not.toContain(bridge);

    const page = await (await lan.get(`/books/${book.id}?ptab=book`)).text();
    expect(page).toContain("Words the AI added");
    expect(page).toContain("Keep these words");

    const fields = { intent: "keep-ai", index: "0", words: bridge, ppage: "1" };
    const kept = await lan.form(`/books/${book.id}/preview`, fields);
    expect(kept.headers.get("location")).toBe(`/books/${book.id}?ptab=book&ppage=1`);
    const cached = (await (await lan.get(`/api/books/${book.id}/preview`)).json()) as {
      preview: string;
      fromCache: boolean;
    };
    // Kept in the cached preview, which is still current: no new chapter was asked of the model.
    expect(cached.fromCache).toBe(true);
    expect(cached.preview).toContain(`\n\n${bridge}`);
    expect(cached.preview).not.toContain("[AI:");
    expect(await download()).toContain(bridge);
  });
});
