import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, serverWithLanAndMinh, type Client } from "../support/http";
import { webmBytes } from "../support/media-files";
import type { RunningServer } from "../support/server";

// A recording kept without its words, with no AI server (issue 35): said in her words, once a story, never in the
// jargon of servers; in the owner's workspace in a neutral form, on the storyteller's door as her page speaks to her.

let server: RunningServer;
let lan: Client;

beforeAll(async () => {
  ({ server, lan } = await serverWithLanAndMinh());
});
afterAll(() => server?.stop());

const WORKSPACE_VI = "Giọng kể đã được lưu. Gia đình có thể chép lại thành chữ sau.";
const JARGON = ["máy chủ AI", "AI server"];

async function created<T = { id: number }>(url: string, data: unknown): Promise<T> {
  const response = await lan.json("POST", url, data);
  const text = await response.text();
  expect(response.status, text.slice(0, 300)).toBe(201);
  return JSON.parse(text) as T;
}

/** The toast a page shows after a redirect: its title and message, from the page's HTML. */
function toastOf(html: string) {
  const text = (name: string) =>
    new RegExp(`<p class="toast-${name}">([^<]*)</p>`).exec(html)?.[1]?.replace(/&#x27;/g, "'") ?? null;
  return { title: text("title"), message: text("message") };
}

/** The workspace's story form with the phone's recording, as a browser without JavaScript posts it. */
async function saveWithRecording(bookId: number, fields: Record<string, string>) {
  const form = new FormData();
  form.append("intent", "story:save");
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("audio", new File([webmBytes(3000)], "voice.webm", { type: "audio/webm" }));
  const response = await lan.request(`/books/${bookId}`, { method: "POST", body: form });
  expect(response.status).toBe(302);
  const location = response.headers.get("location")!;
  const page = await (await lan.get(location, { headers: { "Accept-Language": "vi" } })).text();
  return { storyId: Number(new URL(location, server.url).searchParams.get("storyId")), page, toast: toastOf(page) };
}

describe("a recording kept without its words, in the workspace", () => {
  it("is explained in plain words with a story's first recording, and not again on its later saves", async () => {
    const book = await created("/api/books", { title: "Giọng bà", language: "vi" });
    const topic = await created(`/api/books/${book.id}/topics`, { title: "Dòng sông" });
    const base = { topicId: String(topic.id), title: "Bến sông", content: "", status: "draft" };

    const first = await saveWithRecording(book.id, base);
    expect(first.toast).toEqual({ title: "Đã lưu câu chuyện", message: WORKSPACE_VI });
    for (const word of JARGON) expect(first.page).not.toContain(word);

    // The same story saved again with another recording: the title alone, the explanation is not repeated.
    const again = await saveWithRecording(book.id, { ...base, storyId: String(first.storyId) });
    expect(again.storyId).toBe(first.storyId);
    expect(again.toast).toEqual({ title: "Đã lưu câu chuyện", message: null });
    expect(again.page).not.toContain(WORKSPACE_VI);

    // Another story's first recording is explained once too.
    const other = await saveWithRecording(book.id, { ...base, title: "Chợ Tết" });
    expect(other.storyId).not.toBe(first.storyId);
    expect(other.toast.message).toBe(WORKSPACE_VI);
  });
});

describe("a recording kept without its words, on the storyteller's door", () => {
  async function door(address: string) {
    const book = await created("/api/books", { title: "Sổ của bà", language: "vi" });
    const topic = await created(`/api/books/${book.id}/topics`, { title: "Tuổi thơ" });
    // A question longer than a title may be: her answer is titled with its whole words.
    const long = `Bà nhớ gì về dòng sông ${"và những buổi chiều bên bờ nước ".repeat(12)}ngày ấy?`;
    const questions = [
      await created(`/api/topics/${topic.id}/questions`, { question: long }),
      await created(`/api/topics/${topic.id}/questions`, { question: "Trường học của bà ở đâu?" }),
      await created(`/api/topics/${topic.id}/questions`, { question: "Bà thích món gì?" }),
    ];
    const link = await created<{ token: string }>(`/api/books/${book.id}/storyteller-links`, {
      name: "Bà Lan",
      address,
      topicIds: [topic.id],
    });
    return { path: `/tell/${link.token}`, topicId: topic.id, questions, long };
  }

  const answer = (questionId: number, audio: boolean, content = "") => {
    const form = new FormData();
    form.append("questionId", String(questionId));
    form.append("idempotencyKey", crypto.randomUUID());
    form.append("content", content);
    if (audio) form.append("audio", new File([webmBytes(3000)], "answer.webm", { type: "audio/webm" }));
    return form;
  };

  it("thanks her and tells her, with her form of address, that the family can write it out later", async () => {
    const { path, topicId, questions, long } = await door("ba");
    const visitor = createClient(server.url);

    const posted = await visitor.request(path, { method: "POST", body: answer(questions[0]!.id, true) });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe(`${path}?sent=1&voice=1`);
    const thanked = await (await visitor.get(`${path}?sent=1&voice=1`)).text();
    const thanks = /<p class="tell-thanks"[^>]*>([\s\S]*?)<\/p>/.exec(thanked)?.[1]?.replace(/<[^>]+>/g, "");
    expect(thanks).toBe(
      "Bà đã kể 1 câu chuyện. Cảm ơn bà! Giọng kể của bà đã được lưu. Gia đình có thể chép lại thành chữ sau.",
    );
    for (const word of JARGON) expect(thanked).not.toContain(word);

    // Her page's script asks for JSON: the answer says so, and her page then shows the same words.
    const json = await visitor.request(path, {
      method: "POST",
      body: answer(questions[1]!.id, true),
      headers: { Accept: "application/json" },
    });
    expect(json.status).toBe(201);
    expect(await json.json()).toMatchObject({ writeOutLater: true });

    // A written answer has its words: the thanks alone.
    const written = await visitor.request(path, { method: "POST", body: answer(questions[2]!.id, false, "Bún bò.") });
    expect(written.headers.get("location")).toBe(`${path}?sent=1`);
    expect(await (await visitor.get(`${path}?sent=1`)).text()).not.toContain("Giọng kể của bà");

    // Her answer to the long question is titled with its whole words, never a word cut in two.
    const stories = (await (await lan.get(`/api/topics/${topicId}/stories`)).json()) as { title: string }[];
    const title = stories.find((story) => long.startsWith(story.title))!.title;
    expect(Array.from(title).length).toBeLessThanOrEqual(300);
    expect(long[title.length]).toBe(" ");
  });

  it("speaks to him as his link says", async () => {
    const { path, questions } = await door("ong");
    const visitor = createClient(server.url);
    const posted = await visitor.request(path, { method: "POST", body: answer(questions[0]!.id, true) });
    const thanked = await (await visitor.get(posted.headers.get("location")!)).text();
    expect(thanked).toContain("Giọng kể của ông đã được lưu. Gia đình có thể chép lại thành chữ sau.");
  });
});
