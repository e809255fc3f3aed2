import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pngBytes } from "../support/media-files";
import { ADMIN_PASSWORD, type RunningServer } from "../support/server";
import { createClient, loginAs, serverWithLanAndMinh, type Client } from "../support/http";

// An id a form or a JSON body names is read as the address's ids are (paramId): anything that is not a positive
// integer up to ID_MAX names nothing. PostgreSQL's ids are 32-bit, so a larger one that reached a query was a 500
// there; and a garbage story id once read as "no id", which made a new story instead of refusing.

const ODD = ["99999999999", "2147483648", "1e309", "abc", "-1", "1.5", "0x10"];

let server: RunningServer;
let lan: Client;
let admin: Client;
let ids: { book: number; topic: number; question: number; story: number; media: number; tell: string };

const created = async (response: Response) => {
  if (response.status !== 201) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: number; token: string };
};

beforeAll(async () => {
  ({ server, lan } = await serverWithLanAndMinh());
  admin = createClient(server.url);
  await loginAs(admin, "admin", ADMIN_PASSWORD);
  const book = await created(await lan.json("POST", "/api/books", { title: "Bà kể", language: "vi" }));
  const topic = await created(await lan.json("POST", `/api/books/${book.id}/topics`, { title: "Tuổi thơ" }));
  const question = await created(await lan.json("POST", `/api/topics/${topic.id}/questions`, { question: "Ở đâu?" }));
  const story = await created(
    await lan.json("POST", `/api/topics/${topic.id}/stories`, { title: "Sông", content: "Trong.", status: "draft" }),
  );
  const form = new FormData();
  form.append("type", "image");
  form.append("file", new Blob([await pngBytes()], { type: "image/png" }), "garden.png");
  const media = await created(await lan.request(`/api/stories/${story.id}/media`, { method: "POST", body: form }));
  const tell = await created(await lan.json("POST", `/api/books/${book.id}/storyteller-links`, {}));
  ids = { book: book.id, topic: topic.id, question: question.id, story: story.id, media: media.id, tell: tell.token };
});
afterAll(() => server?.stop());

/** Each form that names a row by an id field: its address, its other fields, and the field that holds the id. */
function forms(): { client: () => Client; path: string; fields: Record<string, string>; id: string }[] {
  const book = `/books/${ids.book}`;
  const story = { title: "Đổi", content: "x", status: "draft" };
  return [
    {
      client: () => lan,
      path: book,
      fields: { intent: "story:save", topicId: `${ids.topic}`, ...story },
      id: "storyId",
    },
    { client: () => lan, path: book, fields: { intent: "story:save", ...story }, id: "topicId" },
    { client: () => lan, path: book, fields: { intent: "topic:save", title: "Đổi" }, id: "topicId" },
    {
      client: () => lan,
      path: `${book}?dialog=edit-book`,
      fields: {
        intent: "update-book",
        title: "Đổi",
        language: "vi",
        coverMode: "preset",
        coverImage: "/covers/1.webp",
      },
      id: "bookId",
    },
    { client: () => lan, path: `${book}/toc`, fields: { intent: "move-topic", direction: "up" }, id: "topicId" },
    { client: () => lan, path: `${book}/toc`, fields: { intent: "move-story", direction: "up" }, id: "storyId" },
    { client: () => lan, path: `${book}/shares`, fields: { intent: "revoke" }, id: "shareId" },
    { client: () => lan, path: `${book}/storyteller-links`, fields: { intent: "revoke" }, id: "linkId" },
    { client: () => lan, path: `${book}/preview`, fields: { intent: "topic" }, id: "topicId" },
    { client: () => lan, path: `${book}/topics/${ids.topic}`, fields: { intent: "delete-story" }, id: "storyId" },
    {
      client: () => lan,
      path: `${book}/stories/${ids.story}/media`,
      fields: { intent: "describe", description: "Vườn" },
      id: "mediaId",
    },
    { client: () => lan, path: `${book}/stories/${ids.story}/media`, fields: { intent: "delete" }, id: "mediaId" },
    { client: () => lan, path: "/?index", fields: { intent: "hand-send:sent" }, id: "sendId" },
    { client: () => admin, path: "/admin", fields: { intent: "delete" }, id: "id" },
    {
      client: () => admin,
      path: "/admin",
      fields: { intent: "update", username: "lan", email: "lan@example.com", password: "" },
      id: "id",
    },
    {
      client: () => createClient(server.url),
      path: `/tell/${ids.tell}`,
      fields: { content: "Chuyện.", idempotencyKey: "key-form-ids" },
      id: "questionId",
    },
  ];
}

/** What lan's book holds, to show that no refused form changed it. */
async function snapshot() {
  const topics = await (await lan.get(`/api/books/${ids.book}/topics`)).json();
  const stories = await (await lan.get(`/api/topics/${ids.topic}/stories`)).json();
  const media = await (await lan.get(`/api/stories/${ids.story}/media`)).json();
  const users = await (await admin.get("/api/admin/users")).json();
  return { topics, stories, media, users };
}

describe("ids in forms and JSON bodies", () => {
  it("a form whose id field names nothing a number can name is refused with a 4xx, and nothing changes", async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const form of forms()) {
      for (const value of ODD) {
        const response = await form.client().form(form.path, { ...form.fields, [form.id]: value });
        if (response.status < 400 || response.status >= 500)
          failures.push(`${form.path} ${form.fields.intent ?? ""} ${form.id}=${value}: ${response.status}`);
        await response.body?.cancel();
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it("a JSON body's ids past what a number can name are a 400 with a translated message, never a 5xx", async () => {
    const bodies: [string, string, unknown][] = [
      ["POST", `/api/books/${ids.book}/reorder-topics`, { topicIds: [2147483648] }],
      ["POST", `/api/topics/${ids.topic}/reorder-stories`, { storyIds: [99999999999, ids.story] }],
      ["POST", `/api/topics/${ids.topic}/stories`, { title: "t", content: "c", questionId: 2147483648 }],
      ["PUT", `/api/stories/${ids.story}`, { title: "t", content: "c", questionId: 99999999999 }],
      ["POST", `/api/books/${ids.book}/storyteller-links`, { topicIds: [2147483648] }],
    ];
    const before = await snapshot();
    const answers = [];
    for (const [method, path, body] of bodies) {
      const response = await lan.json(method, path, body, { headers: { "Accept-Language": "vi" } });
      answers.push({
        path,
        status: response.status,
        message: ((await response.json()) as { message: string }).message,
      });
    }
    expect(answers.filter((answer) => answer.status !== 400)).toEqual([]);
    expect(answers.filter((answer) => !/[ăâđêôơư]/i.test(answer.message))).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it("the forms still work with the ids they name", async () => {
    const moved = await lan.form(`/books/${ids.book}/toc`, {
      intent: "move-story",
      storyId: String(ids.story),
      direction: "up",
    });
    expect(moved.status).toBe(302);
    const answered = await createClient(server.url).form(`/tell/${ids.tell}`, {
      questionId: String(ids.question),
      content: "Chuyện.",
      idempotencyKey: "key-form-ids-ok",
    });
    expect(answered.status).toBe(303);
  });
});
