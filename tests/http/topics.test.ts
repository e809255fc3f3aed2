import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../support/server";
import { serverWithLanAndMinh, type Client } from "../support/http";

let server: RunningServer;
let lan: Client;
let minh: Client;

beforeAll(async () => {
  ({ server, lan, minh } = await serverWithLanAndMinh());
});
afterAll(() => server?.stop());

async function post(client: Client, path: string, body: unknown) {
  const response = await client.json("POST", path, body);
  return { status: response.status, body: await response.json() };
}

describe("topics, questions and stories API", () => {
  it("create a topic, add a question, answer it with a story, and list them", async () => {
    const book = (await post(lan, "/api/books", { title: "Bà", language: "vi" })).body;
    const noTitle = await post(lan, `/api/books/${book.id}/topics`, { title: " " });
    expect(noTitle).toMatchObject({ status: 400, body: { message: "Please enter a topic title" } });
    const topic = (
      await post(lan, `/api/books/${book.id}/topics`, { title: "Tuổi thơ", description: "Những năm đầu đời" })
    ).body;
    expect(topic).toMatchObject({ id: expect.any(Number), bookId: book.id, title: "Tuổi thơ" });

    const blank = await lan.json(
      "POST",
      `/api/topics/${topic.id}/questions`,
      { question: "  " },
      { headers: { "Accept-Language": "vi" } },
    );
    expect(blank.status).toBe(400);
    expect((await blank.json()).message).toBe("Câu hỏi trống");
    const question = (
      await post(lan, `/api/topics/${topic.id}/questions`, { question: "Ngôi nhà đầu tiên của bạn trông như thế nào?" })
    ).body;

    const regenerated = await post(lan, `/api/topics/${topic.id}/regenerate-questions`, {});
    expect(regenerated.status).toBe(200);
    expect(regenerated.body.length).toBeGreaterThan(1);
    expect(regenerated.body.every((q: { question: string }) => q.question.endsWith("?"))).toBe(true);

    const custom = (await post(lan, `/api/topics/${topic.id}/questions`, { question: "Món ăn bạn nhớ nhất?" })).body;
    const noContent = await post(lan, `/api/topics/${topic.id}/stories`, { title: "Trống", content: "" });
    expect(noContent).toMatchObject({
      status: 400,
      body: { message: "Please enter content or add media for the story." },
    });
    const noStoryTitle = await post(lan, `/api/topics/${topic.id}/stories`, { title: "", content: "x" });
    expect(noStoryTitle.body.message).toBe("Please enter a title for the story.");
    const created = await post(lan, `/api/topics/${topic.id}/stories`, {
      title: "Bát phở",
      content: "Mẹ nấu phở mỗi sáng Chủ nhật.",
      questionId: custom.id,
      status: "published",
      topicId: topic.id,
    });
    expect(created).toMatchObject({
      status: 201,
      body: { title: "Bát phở", status: "published", questionId: custom.id },
    });
    const questions = await (await lan.get(`/api/topics/${topic.id}/questions`)).json();
    expect(questions.find((q: { id: number }) => q.id === custom.id).answered).toBe(true);
    expect(question.id).toBeGreaterThan(0);

    const actions = await (await lan.get("/api/suggested-actions")).json();
    expect(actions.suggestedActions.length).toBeGreaterThan(0);
    expect(actions.suggestedActions.every((a: { questionId: number }) => a.questionId !== custom.id)).toBe(true);

    const listed = await (await lan.get(`/api/books/${book.id}/stories`)).json();
    expect(listed).toEqual([expect.objectContaining({ id: created.body.id, topicId: topic.id, title: "Bát phở" })]);
    expect(listed[0]).not.toHaveProperty("content");
    expect((await (await lan.get(`/api/books/${book.id}`)).json()).storyCount).toBe(1);
  });

  it("answers 404 for another user's topics and stories on every route, and changes nothing", async () => {
    const book = (await post(lan, "/api/books", { title: "Private" })).body;
    const topic = (await post(lan, `/api/books/${book.id}/topics`, { title: "Secret topic" })).body;
    const story = (await post(lan, `/api/topics/${topic.id}/stories`, { title: "Secret story", content: "text" })).body;
    const calls: [string, string, unknown?][] = [
      ["GET", `/api/books/${book.id}/topics`],
      ["POST", `/api/books/${book.id}/topics`, { title: "Intruder" }],
      ["GET", `/api/books/${book.id}/stories`],
      ["POST", `/api/books/${book.id}/reorder-topics`, { topicIds: [topic.id] }],
      ["GET", `/api/topics/${topic.id}`],
      ["PUT", `/api/topics/${topic.id}`, { title: "Taken" }],
      ["DELETE", `/api/topics/${topic.id}`],
      ["GET", `/api/topics/${topic.id}/stories`],
      ["POST", `/api/topics/${topic.id}/stories`, { title: "x", content: "y" }],
      ["POST", `/api/topics/${topic.id}/reorder-stories`, { storyIds: [story.id] }],
      ["GET", `/api/topics/${topic.id}/questions`],
      ["POST", `/api/topics/${topic.id}/questions`, { question: "Why?" }],
      ["POST", `/api/topics/${topic.id}/regenerate-questions`, {}],
      ["GET", `/api/stories/${story.id}`],
      ["PUT", `/api/stories/${story.id}`, { title: "Taken", content: "x" }],
      ["DELETE", `/api/stories/${story.id}`],
    ];
    for (const [method, path, body] of calls) {
      const response = await minh.json(method, path, body);
      expect([403, 404], `${method} ${path}`).toContain(response.status);
      expect(await response.json()).toHaveProperty("message");
    }
    expect((await (await lan.get(`/api/topics/${topic.id}`)).json()).title).toBe("Secret topic");
    expect((await (await lan.get(`/api/stories/${story.id}`)).json()).title).toBe("Secret story");
    expect(await (await lan.get(`/api/topics/${topic.id}/questions`)).json()).toEqual([]);
    expect(
      (await (await lan.get(`/api/books/${book.id}/topics`)).json()).map((t: { title: string }) => t.title),
    ).toEqual(["Secret topic"]);
  });

  it("reorders only with the parent's complete set of ids, and updates and archives topics", async () => {
    const book = (await post(lan, "/api/books", { title: "Order" })).body;
    const other = (await post(minh, "/api/books", { title: "Other" })).body;
    const foreign = (await post(minh, `/api/books/${other.id}/topics`, { title: "Foreign" })).body;
    const ids: number[] = [];
    for (const title of ["A", "B", "C"]) ids.push((await post(lan, `/api/books/${book.id}/topics`, { title })).body.id);
    expect(
      (await post(lan, `/api/books/${book.id}/reorder-topics`, { topicIds: [ids[2], ids[0], ids[1]] })).status,
    ).toBe(200);
    expect(
      (await post(lan, `/api/books/${book.id}/reorder-topics`, { topicIds: [ids[2], ids[0], foreign.id] })).status,
    ).toBe(400);
    expect((await post(lan, `/api/books/${book.id}/reorder-topics`, { topicIds: [ids[2], ids[0]] })).status).toBe(400);
    const order = (await (await lan.get(`/api/books/${book.id}/topics`)).json()).map((t: { title: string }) => t.title);
    expect(order).toEqual(["C", "A", "B"]);

    const s1 = (await post(lan, `/api/topics/${ids[0]}/stories`, { title: "one", content: "1" })).body;
    const s2 = (await post(lan, `/api/topics/${ids[0]}/stories`, { title: "two", content: "2" })).body;
    const s3 = (await post(lan, `/api/topics/${ids[1]}/stories`, { title: "three", content: "3" })).body;
    expect((await post(lan, `/api/topics/${ids[0]}/reorder-stories`, { storyIds: [s2.id, s1.id, s3.id] })).status).toBe(
      400,
    );
    expect((await post(lan, `/api/topics/${ids[0]}/reorder-stories`, { storyIds: [s2.id, s1.id] })).status).toBe(200);
    expect(
      (await (await lan.get(`/api/topics/${ids[0]}/stories`)).json()).map((s: { title: string }) => s.title),
    ).toEqual(["two", "one"]);

    const archived = await lan.json("PUT", `/api/topics/${ids[1]}`, { archived: true });
    expect((await archived.json()).archived).toBe(true);
    const preview = await lan.json("PUT", `/api/topics/${ids[0]}`, { preview: "A draft narrative." });
    expect((await preview.json()).preview).toBe("A draft narrative.");
    expect((await lan.request(`/api/topics/${ids[0]}`, { method: "DELETE" })).status).toBe(200);
    expect((await lan.get(`/api/stories/${s1.id}`)).status).toBe(404);
    expect((await (await lan.get(`/api/books/${book.id}`)).json()).storyCount).toBe(1);
  });
});

describe("the topic page without JavaScript", () => {
  it("lists questions and stories, adds and regenerates questions, and deletes a story after confirming", async () => {
    const book = (await post(lan, "/api/books", { title: "Page book", language: "en" })).body;
    const topic = (await post(lan, `/api/books/${book.id}/topics`, { title: "Childhood" })).body;
    const story = (
      await post(lan, `/api/topics/${topic.id}/stories`, {
        title: "The river",
        content: "We swam in the river every summer.",
      })
    ).body;
    const page = `/books/${book.id}/topics/${topic.id}`;
    const html = await (await lan.get(page)).text();
    expect(html).toContain("Childhood");
    expect(html).toContain("The river");
    expect(html).toContain("This topic has no interview questions yet.");

    const generated = await lan.form(page, { intent: "regenerate-questions" });
    expect(generated.headers.get("location")).toBe(page);
    const withQuestions = await (await lan.get(page)).text();
    expect(withQuestions).toContain("New questions are ready");
    expect(withQuestions).toContain(`openEditor=story&amp;topicId=${topic.id}&amp;questionId=`);

    const blank = await lan.form(
      page,
      { intent: "add-question", question: "   " },
      { headers: { "Accept-Language": "vi" } },
    );
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain("Câu hỏi trống");
    expect((await lan.form(page, { intent: "add-question", question: "Who taught you to swim?" })).status).toBe(302);
    expect(await (await lan.get(page)).text()).toContain("Who taught you to swim?");

    const confirm = await (await lan.get(`${page}?deleteStory=${story.id}`)).text();
    expect(confirm).toContain("Delete this story?");
    const deleted = await lan.form(
      `${page}?deleteStory=${story.id}`,
      { intent: "delete-story", storyId: String(story.id) },
      { headers: { "Accept-Language": "vi" } },
    );
    expect(deleted.headers.get("location")).toBe(page);
    expect(await (await lan.get(page, { headers: { "Accept-Language": "vi" } })).text()).toContain("Xóa thành công");
    expect((await lan.get(`/api/stories/${story.id}`)).status).toBe(404);

    expect((await minh.get(page)).status).toBe(404);
    expect((await minh.form(page, { intent: "add-question", question: "Intrusion?" })).status).toBe(404);
  });
});

describe("adding a question from the workspace", () => {
  it("returns to a path in the topic's own book, and to the topic page for anything else", async () => {
    const book = (await post(lan, "/api/books", { title: "Return book", language: "en" })).body;
    const other = (await post(lan, "/api/books", { title: "Other book", language: "en" })).body;
    const topic = (await post(lan, `/api/books/${book.id}/topics`, { title: "School" })).body;
    const page = `/books/${book.id}/topics/${topic.id}`;
    const editor = `/books/${book.id}?openEditor=story&topicId=${topic.id}`;
    const added = await lan.form(page, {
      intent: "add-question",
      question: "Who was your best friend?",
      returnTo: editor,
    });
    expect(added.headers.get("location")).toBe(editor);
    expect(await (await lan.get(editor)).text()).toContain("Who was your best friend?");
    for (const returnTo of [`/books/${other.id}`, "https://evil.example/", "//evil.example", "/admin"]) {
      expect(
        (await lan.form(page, { intent: "add-question", question: `Via ${returnTo}?`, returnTo })).headers.get(
          "location",
        ),
      ).toBe(page);
    }
    // A blank question stays on the topic page with the error, and its form keeps the way back.
    const blank = await lan.form(page, { intent: "add-question", question: "  ", returnTo: editor });
    expect(blank.status).toBe(400);
    const html = await blank.text();
    expect(html).toContain("Câu hỏi trống");
    expect(html).toContain(`name="returnTo" value="${editor.replace(/&/g, "&amp;")}"`);
  });
});

describe("the story editor in the workspace", () => {
  it(
    "answers a question from its deep link, saves a draft, " + "completes it, and keeps what was typed on an error",
    async () => {
      const book = (await post(lan, "/api/books", { title: "Editor book", language: "en" })).body;
      const topic = (await post(lan, `/api/books/${book.id}/topics`, { title: "Work" })).body;
      const question = (await post(lan, `/api/topics/${topic.id}/questions`, { question: "What was your first job?" }))
        .body;
      const deepLink = `/books/${book.id}?openEditor=story&topicId=${topic.id}&questionId=${question.id}`;
      const editor = await (await lan.get(deepLink)).text();
      expect(editor).toContain("New story");
      expect(editor).toContain("What was your first job?");

      const invalid = await lan.form(deepLink, {
        intent: "story:save",
        topicId: String(topic.id),
        questionId: String(question.id),
        title: "First job",
        content: "  ",
        status: "draft",
      });
      expect(invalid.status).toBe(400);
      const invalidHtml = await invalid.text();
      expect(invalidHtml).toContain("Please enter content or add media for the story.");
      // The title is kept in its field, a one-line text that wraps (a text area).
      expect(invalidHtml).toMatch(/<textarea id="title" name="title"[^>]*>First job<\/textarea>/);

      const saved = await lan.form(deepLink, {
        intent: "story:save",
        topicId: String(topic.id),
        questionId: String(question.id),
        title: "First job",
        content: "I sold newspapers.",
        status: "draft",
      });
      expect(saved.status).toBe(302);
      const location = saved.headers.get("location")!;
      expect(location).toMatch(new RegExp(`^/books/${book.id}\\?storyId=\\d+$`));
      const storyId = Number(location.split("=")[1]);
      const editing = await (await lan.get(location)).text();
      expect(editing).toContain("Story saved");
      expect(editing).toContain("I sold newspapers.");
      expect((await (await lan.get(`/api/stories/${storyId}`)).json()).status).toBe("draft");

      const completed = await lan.form(location, {
        intent: "story:save",
        storyId: String(storyId),
        topicId: String(topic.id),
        questionId: String(question.id),
        title: "First job",
        content: "I sold newspapers at the station.",
        status: "published",
      });
      expect(completed.headers.get("location")).toBe(location);
      expect(await (await lan.get(`/api/stories/${storyId}`)).json()).toMatchObject({
        status: "published",
        questionId: question.id,
        content: "I sold newspapers at the station.",
      });
      const questions = await (await lan.get(`/api/topics/${topic.id}/questions`)).json();
      expect(questions[0].answered).toBe(true);

      // Another user can neither open nor write into this book's editor.
      expect((await minh.get(location)).status).toBe(404);
      const intrusion = await minh.form(`/books/${book.id}`, {
        intent: "story:save",
        storyId: String(storyId),
        topicId: String(topic.id),
        title: "Taken",
        content: "x",
        status: "draft",
      });
      expect([403, 404]).toContain(intrusion.status);
      expect((await (await lan.get(`/api/stories/${storyId}`)).json()).title).toBe("First job");
    },
  );
});

describe("the topic editor in the workspace", () => {
  it("creates, edits with a draft narrative, archives, restores and deletes a topic with plain forms", async () => {
    const book = (await post(lan, "/api/books", { title: "Topic editor book", language: "en" })).body;
    const base = `/books/${book.id}`;
    expect(await (await lan.get(`${base}?openEditor=topic`)).text()).toContain("New topic");
    // A topic that is gone (or in another book) cannot load: the editor says so.
    expect(await (await lan.get(`${base}?openEditor=topic&topicId=999999`)).text()).toContain("Cannot load topic");
    const invalid = await lan.form(`${base}?openEditor=topic`, {
      intent: "topic:save",
      title: " ",
      description: "kept",
    });
    expect(invalid.status).toBe(400);
    const invalidHtml = await invalid.text();
    expect(invalidHtml).toContain("Please enter a topic title");
    expect(invalidHtml).toContain("kept");

    const created = await lan.form(`${base}?openEditor=topic`, {
      intent: "topic:save",
      title: "School days",
      description: "",
    });
    const location = created.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^${base}\\?openEditor=topic&topicId=\\d+$`));
    const topicId = Number(location.split("topicId=")[1]);
    expect(await (await lan.get(location)).text()).toContain("Topic created");

    await lan.form(location, {
      intent: "topic:save",
      topicId: String(topicId),
      title: "School years",
      description: "d",
      preview: "The village school had one room.",
    });
    expect(await (await lan.get(`/api/topics/${topicId}`)).json()).toMatchObject({
      title: "School years",
      preview: "The village school had one room.",
    });

    await lan.form(`${base}/toc`, { intent: "archive-topic", topicId: String(topicId), archived: "true" });
    expect((await (await lan.get(`/api/topics/${topicId}`)).json()).archived).toBe(true);
    expect(await (await lan.get(base)).text()).toContain("Archived topics (1)");
    expect(
      (await minh.form(`${base}/toc`, { intent: "archive-topic", topicId: String(topicId), archived: "false" })).status,
    ).toBe(404);
    await lan.form(`${base}/toc`, { intent: "archive-topic", topicId: String(topicId), archived: "false" });
    expect((await (await lan.get(`/api/topics/${topicId}`)).json()).archived).toBe(false);

    expect(await (await lan.get(`${location}&confirmDelete=1`)).text()).toContain("Delete the topic “School years”?");
    const foreign = await minh.form(`${base}/topics/${topicId}/delete`, {});
    expect(foreign.status).toBe(404);
    const deleted = await lan.form(`${base}/topics/${topicId}/delete`, {});
    expect(deleted.headers.get("location")).toBe(base);
    expect((await lan.get(`/api/topics/${topicId}`)).status).toBe(404);
  });
});

describe("reordering with the table of contents' buttons", () => {
  it("moves topics and stories one place with plain forms, and never another user's", async () => {
    const book = (await post(lan, "/api/books", { title: "Order by buttons", language: "en" })).body;
    const ids: number[] = [];
    for (const title of ["One", "Two", "Three"])
      ids.push((await post(lan, `/api/books/${book.id}/topics`, { title })).body.id);
    const s1 = (await post(lan, `/api/topics/${ids[0]}/stories`, { title: "first", content: "a" })).body;
    const s2 = (await post(lan, `/api/topics/${ids[0]}/stories`, { title: "second", content: "b" })).body;
    const base = `/books/${book.id}`;
    const moved = await lan.form(`${base}/toc`, { intent: "move-topic", topicId: String(ids[2]), direction: "up" });
    expect(moved.headers.get("location")).toBe(base);
    expect(
      (await (await lan.get(`/api/books/${book.id}/topics`)).json()).map((t: { title: string }) => t.title),
    ).toEqual(["One", "Three", "Two"]);
    await lan.form(`${base}/toc`, { intent: "move-topic", topicId: String(ids[0]), direction: "up" });
    expect(
      (await (await lan.get(`/api/books/${book.id}/topics`)).json()).map((t: { title: string }) => t.title),
    ).toEqual(["One", "Three", "Two"]);
    // A move made in the phone's Reorder mode comes back to it.
    const inMode = { intent: "move-story", storyId: String(s2.id), direction: "up", reorder: "1" };
    expect((await lan.form(`${base}/toc`, inMode)).headers.get("location")).toBe(`${base}?reorder=1`);
    expect(
      (await (await lan.get(`/api/topics/${ids[0]}/stories`)).json()).map((s: { title: string }) => s.title),
    ).toEqual(["second", "first"]);
    expect(await (await lan.get(base)).text()).toContain("Move second down");

    const intrusion = await minh.form(`${base}/toc`, { intent: "move-story", storyId: String(s1.id), direction: "up" });
    expect(intrusion.status).toBe(404);
    expect(
      (await (await lan.get(`/api/topics/${ids[0]}/stories`)).json()).map((s: { title: string }) => s.title),
    ).toEqual(["second", "first"]);
  });
});
