import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, serverWithLanAndMinh, type Client } from "../support/http";
import type { RunningServer } from "../support/server";

// Refinement (refineContent on the story API) and improvement suggestions, with the offline provider.
let server: RunningServer;
let lan: Client;
let minh: Client;

beforeAll(async () => {
  ({ server, lan, minh } = await serverWithLanAndMinh());
});
afterAll(() => server?.stop());

async function call(
  client: Client,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await client.json(method, path, body, { headers });
  return { status: response.status, body: await response.json() };
}

const wordsOf = (text: string) =>
  text
    .normalize("NFC")
    .toLocaleLowerCase()
    .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];

const MESSY_VI =
  "hồi   đó nhà tôi ở làng ven sông .mỗi sáng mẹ dậy thổi cơm ,mùi khói bếp thơm cả xóm.\n" +
  'bà nói :"con ơi , ăn cơm đi !"';
const CLEAN_VI =
  "Hồi đó nhà tôi ở làng ven sông. Mỗi sáng mẹ dậy thổi cơm, mùi khói bếp thơm cả xóm.\n\nBà nói: “con ơi, ăn cơm đi!”";

async function bookWithTopic(client: Client, language: "en" | "vi", title = "Tuổi thơ") {
  const book = (await call(client, "POST", "/api/books", { title: `Book ${language}`, language })).body as {
    id: number;
  };
  const topic = (await call(client, "POST", `/api/books/${book.id}/topics`, { title })).body as { id: number };
  return { book, topic };
}

describe("refineContent on the story API", () => {
  it("stores refinedContent on create and update, keeps the text as written, and never changes a word", async () => {
    const { topic } = await bookWithTopic(lan, "vi");
    const created = await call(lan, "POST", `/api/topics/${topic.id}/stories`, {
      title: "Bữa cơm",
      content: MESSY_VI,
      topicId: topic.id,
      refineContent: true,
      additionalRefinementInfo: "viết ấm áp hơn",
    });
    expect(created).toMatchObject({ status: 201, body: { content: MESSY_VI, refinedContent: CLEAN_VI } });
    expect(wordsOf(created.body.refinedContent)).toEqual(wordsOf(MESSY_VI));
    expect((await call(lan, "GET", `/api/stories/${created.body.id}`)).body.refinedContent).toBe(CLEAN_VI);

    const messyEn = "we left the village in 1975 .it was hard !";
    const updated = await call(lan, "PUT", `/api/stories/${created.body.id}`, {
      title: "Bữa cơm",
      content: messyEn,
      refineContent: true,
    });
    expect(updated).toMatchObject({
      status: 200,
      body: { content: messyEn, refinedContent: "We left the village in 1975. It was hard!" },
    });
    expect(wordsOf(updated.body.refinedContent)).toEqual(wordsOf(messyEn));

    // Without refineContent the refined text stays while the content is the same, and goes when it changes.
    const same = await call(lan, "PUT", `/api/stories/${created.body.id}`, {
      title: "Renamed",
      content: messyEn,
      status: "published",
    });
    expect(same.body).toMatchObject({ title: "Renamed", refinedContent: "We left the village in 1975. It was hard!" });
    const changed = await call(lan, "PUT", `/api/stories/${created.body.id}`, {
      title: "Renamed",
      content: "A new text.",
    });
    expect(changed.body).toMatchObject({ content: "A new text.", refinedContent: null });

    // A story created without refineContent has none.
    const plain = await call(lan, "POST", `/api/topics/${topic.id}/stories`, { title: "Plain", content: MESSY_VI });
    expect(plain.body.refinedContent).toBeNull();
  });

  it(
    "refuses to refine empty content with the spec's message, " + "in the user's language, and writes nothing",
    async () => {
      const { topic } = await bookWithTopic(lan, "en");
      const en = await call(lan, "POST", `/api/topics/${topic.id}/stories`, {
        title: "Empty",
        content: "   ",
        hasImages: true,
        refineContent: true,
      });
      expect(en).toEqual({
        status: 400,
        body: { message: "Please enter content to refine.", title: "Missing content" },
      });
      const vi = await call(
        lan,
        "POST",
        `/api/topics/${topic.id}/stories`,
        { title: "Empty", content: "", refineContent: true },
        { "Accept-Language": "vi" },
      );
      expect(vi).toEqual({
        status: 400,
        body: { message: "Vui lòng nhập nội dung để tinh chỉnh.", title: "Thiếu nội dung" },
      });
      expect((await call(lan, "GET", `/api/topics/${topic.id}/stories`)).body).toEqual([]);

      const story = (
        await call(lan, "POST", `/api/topics/${topic.id}/stories`, { title: "Kept", content: "kept as it is" })
      ).body;
      const put = await call(lan, "PUT", `/api/stories/${story.id}`, {
        title: "Kept",
        content: "",
        refineContent: true,
      });
      expect(put.status).toBe(400);
      expect((await call(lan, "GET", `/api/stories/${story.id}`)).body).toMatchObject({
        content: "kept as it is",
        refinedContent: null,
      });
    },
  );

  it("answers 404 for another user's topic or story and refines nothing", async () => {
    const { topic } = await bookWithTopic(lan, "en");
    const story = (await call(lan, "POST", `/api/topics/${topic.id}/stories`, { title: "Mine", content: "my text ." }))
      .body;
    const post = await call(minh, "POST", `/api/topics/${topic.id}/stories`, {
      title: "x",
      content: "their text .",
      refineContent: true,
    });
    expect(post).toMatchObject({ status: 404, body: { message: expect.any(String) } });
    const empty = await call(minh, "POST", `/api/topics/${topic.id}/stories`, {
      title: "x",
      content: "",
      refineContent: true,
    });
    expect(empty.status).toBe(404);
    const put = await call(minh, "PUT", `/api/stories/${story.id}`, {
      title: "x",
      content: "their text .",
      refineContent: true,
    });
    expect(put.status).toBe(404);
    expect((await call(lan, "GET", `/api/stories/${story.id}`)).body).toMatchObject({
      title: "Mine",
      content: "my text .",
      refinedContent: null,
    });
    expect((await call(lan, "GET", `/api/topics/${topic.id}/stories`)).body).toHaveLength(1);
  });
});

describe("POST /api/stories/suggest-improvements", () => {
  const SHORT_EN = "We lived in Hanoi in 1975. My mother cried at the station.";

  it(
    "returns suggestions as text with numbered items and a Strengths heading " +
      "(the fixed path is not taken for a story id)",
    async () => {
      const response = await call(lan, "POST", "/api/stories/suggest-improvements", {
        content: SHORT_EN,
        title: "Moving",
        topicTitle: "Moving",
        language: "en",
      });
      expect(response.status).toBe(200);
      expect(Object.keys(response.body)).toEqual(["suggestions"]);
      const text: string = response.body.suggestions;
      expect(text).toMatch(/^Suggestions for improvement\n1\. The story is short \(12 words\)\./);
      expect(text).toContain(
        "\n\nStrengths\n1. It names the people in it (mother).\n2. It says when things happened (1975).\n" +
          "3. It says where things happened (Hanoi, station).",
      );
    },
  );

  it("writes in the topic's book language with topicId, else in `language`, else in the interface's", async () => {
    const { topic } = await bookWithTopic(lan, "vi");
    const byTopic = await call(lan, "POST", "/api/stories/suggest-improvements", {
      content: SHORT_EN,
      topicId: topic.id,
      language: "en",
    });
    expect(byTopic.body.suggestions).toMatch(/^Gợi ý cải thiện\n1\. Câu chuyện còn ngắn/);
    expect(byTopic.body.suggestions).toContain("Điểm mạnh");
    const byLanguage = await call(lan, "POST", "/api/stories/suggest-improvements", {
      content: SHORT_EN,
      language: "vi",
    });
    expect(byLanguage.body.suggestions).toContain("\n\nĐiểm mạnh\n");
    const byInterface = await call(
      lan,
      "POST",
      "/api/stories/suggest-improvements",
      { content: SHORT_EN },
      { "Accept-Language": "vi" },
    );
    expect(byInterface.body.suggestions).toMatch(/^Gợi ý cải thiện/);
  });

  it("needs content (400 with the spec's message in both languages)", async () => {
    expect(await call(lan, "POST", "/api/stories/suggest-improvements", { content: "  ", topicTitle: "x" })).toEqual({
      status: 400,
      body: { message: "Please enter content to get improvement suggestions.", title: "Missing content" },
    });
    const vi = await call(lan, "POST", "/api/stories/suggest-improvements", {}, { "Accept-Language": "vi" });
    expect(vi).toEqual({
      status: 400,
      body: { message: "Vui lòng nhập nội dung bản thảo để nhận gợi ý cải thiện.", title: "Thiếu nội dung" },
    });
  });

  it("needs a session (401) and answers 404 for another user's topic", async () => {
    const anonymous = createClient(server.url);
    const response = await call(anonymous, "POST", "/api/stories/suggest-improvements", { content: SHORT_EN });
    expect(response.status).toBe(401);
    expect(response.body).toHaveProperty("message");
    const { topic } = await bookWithTopic(lan, "en");
    const foreign = await call(minh, "POST", "/api/stories/suggest-improvements", {
      content: SHORT_EN,
      topicId: topic.id,
    });
    expect(foreign).toMatchObject({ status: 404, body: { message: expect.any(String) } });
  });

  it("is a POST: GET is not answered by the story route", async () => {
    const response = await lan.get("/api/stories/suggest-improvements");
    expect(response.status).toBe(405);
    expect(await response.json()).toEqual({ message: "This method is not allowed here." });
  });
});
