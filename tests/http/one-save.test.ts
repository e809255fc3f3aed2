import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../support/server";
import { serverWithLanAndMinh, type Client } from "../support/http";

// A story, topic or book save is one use case whether a page form or /api sends it (ADR 37): the same schema, the
// same ownership check, so the same input is refused with the same status and the same words on both paths.

let server: RunningServer;
let lan: Client;
let minh: Client;

beforeAll(async () => {
  ({ server, lan, minh } = await serverWithLanAndMinh());
});
afterAll(() => server?.stop());

const vi = { headers: { "Accept-Language": "vi" } };

async function created(client: Client, path: string, body: unknown) {
  const response = await client.json("POST", path, body);
  expect(response.status, path).toBe(201);
  return (await response.json()) as { id: number };
}

/** The page's HTML as text, its entities undone, to find a message in it. */
async function pageText(response: Response): Promise<string> {
  return (await response.text())
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

/** Posts the page form and sends the /api request; both must answer `status`, and the page must say /api's message. */
async function expectSameRefusal(
  name: string,
  page: () => Promise<Response>,
  api: () => Promise<Response>,
  status: number,
) {
  const [fromPage, fromApi] = [await page(), await api()];
  expect([name, fromPage.status, fromApi.status]).toEqual([name, status, status]);
  const { message } = (await fromApi.json()) as { message: string };
  expect(await pageText(fromPage), name).toContain(message);
}

describe("a story saved from the story editor's form and from PUT /api/stories/{id}", () => {
  it("is refused for the same inputs, with the same status and words", async () => {
    const book = await created(lan, "/api/books", { title: "Sổ tay", language: "vi" });
    const topic = await created(lan, `/api/books/${book.id}/topics`, { title: "Tuổi thơ" });
    const other = await created(lan, `/api/books/${book.id}/topics`, { title: "Đi làm" });
    const question = await created(lan, `/api/topics/${other.id}/questions`, { question: "Việc đầu tiên?" });
    const story = await created(lan, `/api/topics/${topic.id}/stories`, { title: "Dòng sông", content: "Nước" });
    // Another user posts from a page of their own: a page of someone else's book is "not found" itself.
    const minhBook = await created(minh, "/api/books", { title: "Của Minh", language: "vi" });
    const pageOf = (client: Client) => (client === lan ? book.id : minhBook.id);
    const cases: [string, Client, Record<string, string>, Record<string, unknown>, number][] = [
      ["a blank title", lan, { title: " ", content: "x" }, { title: " ", content: "x" }, 400],
      ["no text and no media", lan, { title: "t", content: " " }, { title: "t", content: " " }, 400],
      // Refining is asked before anything is saved: without text there is nothing to refine, on both paths.
      [
        "a refinement of no text",
        lan,
        { title: "t", content: " ", refineContent: "on" },
        { title: "t", content: " ", refineContent: true },
        400,
      ],
      [
        "a question of another topic",
        lan,
        { title: "t", content: "x", questionId: String(question.id) },
        { title: "t", content: "x", questionId: question.id },
        400,
      ],
      ["another user's story", minh, { title: "t", content: "x" }, { title: "t", content: "x" }, 404],
    ];
    for (const [name, client, fields, body, status] of cases) {
      await expectSameRefusal(
        name,
        () =>
          client.form(
            `/books/${pageOf(client)}?storyId=${story.id}`,
            { intent: "story:save", storyId: String(story.id), topicId: String(topic.id), status: "draft", ...fields },
            vi,
          ),
        () => client.json("PUT", `/api/stories/${story.id}`, body, vi),
        status,
      );
    }
    expect(await (await lan.get(`/api/stories/${story.id}`)).json()).toMatchObject({
      title: "Dòng sông",
      content: "Nước",
    });
  });
});

describe("a topic saved from the topic editor's form and from PUT /api/topics/{id}", () => {
  it("is refused for the same inputs, with the same status and words", async () => {
    const book = await created(lan, "/api/books", { title: "Sổ tay", language: "vi" });
    const topic = await created(lan, `/api/books/${book.id}/topics`, { title: "Tuổi thơ" });
    const minhBook = await created(minh, "/api/books", { title: "Của Minh", language: "vi" });
    const tooLong = "a".repeat(200_001);
    const cases: [string, Client, number, Record<string, string>, Record<string, unknown>, number][] = [
      ["a blank title", lan, book.id, { title: " ", description: "" }, { title: " " }, 400],
      // The draft narrative's limit is PUT's on the form too.
      [
        "a draft narrative over its limit",
        lan,
        book.id,
        { title: "Tuổi thơ", description: "", preview: tooLong },
        { title: "Tuổi thơ", preview: tooLong },
        400,
      ],
      // The fields are checked before the topic is looked for, on both paths: a 400 says nothing of whose it is.
      ["another user's topic with a blank title", minh, minhBook.id, { title: " " }, { title: " " }, 400],
      ["another user's topic", minh, minhBook.id, { title: "Của tôi", description: "" }, { title: "Của tôi" }, 404],
    ];
    for (const [name, client, bookId, fields, body, status] of cases) {
      await expectSameRefusal(
        name,
        () =>
          client.form(
            `/books/${bookId}?openEditor=topic&topicId=${topic.id}`,
            { intent: "topic:save", topicId: String(topic.id), ...fields },
            vi,
          ),
        () => client.json("PUT", `/api/topics/${topic.id}`, body, vi),
        status,
      );
    }
    expect(await (await lan.get(`/api/topics/${topic.id}`)).json()).toMatchObject({ title: "Tuổi thơ", preview: null });
  });
});

describe("a book saved from the edit-book dialog and from PUT /api/books/{id}", () => {
  it("is refused for the same inputs, with the same status and words", async () => {
    const book = await created(lan, "/api/books", { title: "Sổ tay", language: "vi" });
    const minhBook = await created(minh, "/api/books", { title: "Của Minh", language: "vi" });
    const pageOf = (client: Client) => (client === lan ? book.id : minhBook.id);
    const cases: [string, Client, Record<string, string>, Record<string, unknown>, number][] = [
      ["a blank title", lan, { title: " " }, { title: " " }, 400],
      ["a tone over its limit", lan, { title: "t", tone: "a".repeat(129) }, { title: "t", tone: "a".repeat(129) }, 400],
      [
        "a cover that is no image",
        lan,
        { title: "t", coverImage: "/etc/passwd" },
        { title: "t", coverImage: "/etc/passwd" },
        400,
      ],
      // The fields are checked before the book is looked for, on both paths: a 400 says nothing of whose it is.
      ["another user's book with a blank title", minh, { title: " " }, { title: " " }, 400],
      ["another user's book", minh, { title: "Của tôi" }, { title: "Của tôi" }, 404],
    ];
    for (const [name, client, fields, body, status] of cases) {
      await expectSameRefusal(
        name,
        () =>
          client.form(
            `/books/${pageOf(client)}?dialog=edit-book`,
            { intent: "update-book", bookId: String(book.id), description: "", tone: "", ...fields },
            vi,
          ),
        () => client.json("PUT", `/api/books/${book.id}`, body, vi),
        status,
      );
    }
    expect(await (await lan.get(`/api/books/${book.id}`)).json()).toMatchObject({ title: "Sổ tay", tone: "" });
  });
});
