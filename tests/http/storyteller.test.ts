import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "~/i18n/en";
import vi from "~/i18n/vi";
import { STORYTELLER_ANSWER_LIMIT } from "~/lib/limits";
import { pngBytes, webmBytes } from "../support/media-files";
import type { RunningServer } from "../support/server";
import { createClient, serverWithLanAndMinh, type Client } from "../support/http";

// The storyteller's door (issue 18, ADR 0028): links made and revoked by the book's owner only, and a page that can
// read one book's unanswered questions and add answers to them, nothing more.

let server: RunningServer;
let lan: Client;
let minh: Client;
let anon: Client;

type Link = { id: number; token: string; url: string; name: string; expiresAt: string };
type Story = {
  id: number;
  title: string;
  content: string;
  status: string;
  source: string;
  tellerName: string | null;
  questionId: number | null;
  media: { type: string }[];
};

const body = async <T>(response: Response, status: number): Promise<T> => {
  const text = await response.text();
  expect(response.status, text.slice(0, 500)).toBe(status);
  return JSON.parse(text) as T;
};

async function created<T>(client: Client, url: string, data: unknown): Promise<T> {
  return body<T>(await client.json("POST", url, data), 201);
}

/** A Vietnamese book of Lan's: two offered topics' questions, a draft story with a secret, an archived topic. */
async function lanBook(title: string) {
  const book = await created<{ id: number }>(lan, "/api/books", { title, language: "vi" });
  const childhood = await created<{ id: number }>(lan, `/api/books/${book.id}/topics`, { title: "Tuổi thơ" });
  const war = await created<{ id: number }>(lan, `/api/books/${book.id}/topics`, { title: "Chủ đề riêng tư" });
  const archived = await created<{ id: number }>(lan, `/api/books/${book.id}/topics`, { title: "Chủ đề cất đi" });
  await body(await lan.json("PUT", `/api/topics/${archived.id}`, { archived: true }), 200);
  const question = async (topicId: number, text: string) =>
    (await created<{ id: number }>(lan, `/api/topics/${topicId}/questions`, { question: text })).id;
  const ask = {
    river: await question(childhood.id, "Bà nhớ gì về dòng sông?"),
    school: await question(childhood.id, "Trường học của bà ở đâu?"),
    secret: await question(war.id, "Câu hỏi của chủ đề khác"),
    hidden: await question(archived.id, "Câu hỏi đã cất đi"),
  };
  await created(lan, `/api/topics/${childhood.id}/stories`, { title: "Bản nháp", content: "Chuyện bí mật của Lan" });
  return { book, childhood, war, archived, ask };
}

/** Every question the link could answer, minus those the page must never show. */
const topicQuestions = async (topicId: number) =>
  body<{ id: number; question: string }[]>(await lan.request(`/api/topics/${topicId}/questions`), 200);

const topicStories = async (topicId: number) => body<Story[]>(await lan.request(`/api/topics/${topicId}/stories`), 200);

function answer(token: string, fields: Record<string, string>, audio?: Uint8Array<ArrayBuffer>, json = false) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (audio) form.append("audio", new File([audio], "answer.webm", { type: "audio/webm" }));
  return anon.request(`/tell/${token}`, {
    method: "POST",
    body: form,
    headers: json ? { Accept: "application/json" } : {},
  });
}

const key = (): string => crypto.randomUUID();

beforeAll(async () => {
  ({ server, lan, minh } = await serverWithLanAndMinh());
  anon = createClient(server.url);
});
afterAll(() => server?.stop());

describe("storyteller links through the api", () => {
  it("are made, listed without their tokens and revoked by the book's owner only", async () => {
    const { book, childhood } = await lanBook("Sổ của bà");
    const link = await created<Link>(lan, `/api/books/${book.id}/storyteller-links`, {
      name: "Bà Lan",
      address: "ba",
      topicIds: [childhood.id],
    });
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.url).toBe(`${server.url}/tell/${link.token}`);
    expect(link.name).toBe("Bà Lan");
    // Ninety days unless chosen.
    const days = (Date.parse(link.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);

    const listed = await body<Record<string, unknown>[]>(
      await lan.request(`/api/books/${book.id}/storyteller-links`),
      200,
    );
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: link.id, name: "Bà Lan", lastUsedAt: null, answerCount: 0 });
    expect(listed[0]!.createdAt).toEqual(expect.any(String));
    expect(listed[0]!.expiresAt).toBe(link.expiresAt);
    expect(JSON.stringify(listed)).not.toContain(link.token);

    // Only a SHA-256 of the token is kept.
    const stored = await server.database.query<{ token_hash: string }>("select token_hash from storyteller_links");
    expect(JSON.stringify(stored)).not.toContain(link.token);
    expect(stored.every((row) => /^[a-f0-9]{64}$/.test(row.token_hash))).toBe(true);

    // Anyone but the owner: 404, the same as a book that does not exist; signed out: 401.
    expect((await minh.request(`/api/books/${book.id}/storyteller-links`)).status).toBe(404);
    expect((await minh.json("POST", `/api/books/${book.id}/storyteller-links`, {})).status).toBe(404);
    expect((await minh.request(`/api/storyteller-links/${link.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await anon.request(`/api/books/${book.id}/storyteller-links`)).status).toBe(401);
    expect((await anon.request(`/api/storyteller-links/${link.id}`, { method: "DELETE" })).status).toBe(401);

    expect(await body(await lan.request(`/api/storyteller-links/${link.id}`, { method: "DELETE" }), 200)).toEqual({
      ok: true,
      id: link.id,
    });
    expect(await body(await lan.request(`/api/books/${book.id}/storyteller-links`), 200)).toEqual([]);
    // Revoked once: gone.
    expect((await lan.request(`/api/storyteller-links/${link.id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("refuse topics of another book, an expiry in the past and an unknown form of address", async () => {
    const mine = await lanBook("Sổ một");
    const other = await lanBook("Sổ hai");
    const refused = async (data: unknown) =>
      body<{ message: string }>(
        await lan.json("POST", `/api/books/${mine.book.id}/storyteller-links`, data, {
          headers: { "Accept-Language": "en" },
        }),
        400,
      );
    expect((await refused({ topicIds: [other.childhood.id] })).message).toBe(en.storyteller.topicsInvalid);
    expect((await refused({ topicIds: [] })).message).toBe(en.storyteller.topicsInvalid);
    expect((await refused({ expiresAt: "2020-01-01T00:00:00Z" })).message).toBe(en.share.expiryInPast);
    expect((await refused({ address: "sir" })).message).toBe(en.storyteller.addressInvalid);
    // No longer than the form's longest choice, 365 days, and nothing written for a refused one.
    const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
    expect((await refused({ expiresAt: "9999-12-31T23:59:59Z" })).message).toBe(en.storyteller.expiryTooFar);
    expect((await refused({ expiresAt: days(366) })).message).toBe(en.storyteller.expiryTooFar);
    expect(await body(await lan.request(`/api/books/${mine.book.id}/storyteller-links`), 200)).toEqual([]);
    const longest = await created<Link>(lan, `/api/books/${mine.book.id}/storyteller-links`, {
      expiresAt: days(364.99),
    });
    expect(Date.parse(longest.expiresAt)).toBeGreaterThan(Date.now() + 364 * 86_400_000);
  });
});

describe("the storyteller's page", () => {
  it("shows one unanswered question of its book, and nothing else of the book or its owner", async () => {
    const { book, childhood, ask } = await lanBook("Sổ bí mật");
    const other = await lanBook("Sổ khác");
    const link = await created<Link>(lan, `/api/books/${book.id}/storyteller-links`, {
      name: "Bà Lan",
      address: "ba",
      topicIds: [childhood.id],
    });
    const page = await anon.request(`/tell/${link.token}`, { headers: { "Accept-Language": "en" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(page.headers.get("referrer-policy")).toBe("same-origin");
    const html = await page.text();
    // In the book's language, whoever opens it.
    expect(html).toContain('<html lang="vi"');
    expect(html).toContain("Bà nhớ gì về dòng sông?");
    expect(html).toContain("Tuổi thơ");
    expect(html).toContain(vi.tell.hear);
    // The rest of the offered topic's questions wait their turn; the other topics, the stories, the owner never show.
    const generated = (await topicQuestions(childhood.id)).filter((q) => q.id !== ask.river);
    for (const hidden of [
      ...generated.map((q) => q.question),
      "Câu hỏi của chủ đề khác",
      "Chủ đề riêng tư",
      "Câu hỏi đã cất đi",
      "Chuyện bí mật của Lan",
      "Bản nháp",
      "lan@example.com",
      ">lan<",
    ])
      expect(html, hidden).not.toContain(hidden);

    // Another book's question, named in the address, is not shown: her own next question is.
    const named = await (await anon.request(`/tell/${link.token}?question=${other.ask.river}`)).text();
    expect(named).toContain("Bà nhớ gì về dòng sông?");
    // Nor can she answer it: nothing is written to the other book.
    const refused = await answer(
      link.token,
      { questionId: String(other.ask.river), content: "Lạc sang sổ khác", idempotencyKey: key() },
      undefined,
      true,
    );
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(vi.tell.questionGone);
    expect(await topicStories(other.childhood.id)).toHaveLength(1);
    // A question of her own book's topic that the link does not offer is refused the same way.
    const notOffered = await answer(
      link.token,
      { questionId: String(ask.secret), content: "Không được", idempotencyKey: key() },
      undefined,
      true,
    );
    expect(notOffered.status).toBe(400);
  });

  it("keeps a written answer as a draft told by her, thanks her with the count, and moves on", async () => {
    const { book, childhood, ask } = await lanBook("Sổ trả lời");
    const link = await created<Link>(lan, `/api/books/${book.id}/storyteller-links`, {
      name: "Bà Lan",
      address: "ba",
      topicIds: [childhood.id],
    });
    const posted = await anon.request(`/tell/${link.token}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        questionId: String(ask.river),
        content: "Dòng sông rất trong.",
        idempotencyKey: key(),
      }),
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe(`/tell/${link.token}?sent=1`);
    const thanked = await (await anon.request(`/tell/${link.token}?sent=1`)).text();
    expect(thanked).toContain("Bà đã kể 1 câu chuyện. Cảm ơn bà!");
    // The answered question is not asked again.
    expect(thanked).not.toContain("Bà nhớ gì về dòng sông?");

    const [story] = (await topicStories(childhood.id)).filter((s) => s.source === "storyteller");
    expect(story).toMatchObject({
      title: "Bà nhớ gì về dòng sông?",
      content: "Dòng sông rất trong.",
      status: "draft",
      tellerName: "Bà Lan",
      questionId: ask.river,
    });
    const [listed] = await body<{ lastUsedAt: string | null; answerCount: number }[]>(
      await lan.request(`/api/books/${book.id}/storyteller-links`),
      200,
    );
    expect(listed!.answerCount).toBe(1);
    expect(listed!.lastUsedAt).toEqual(expect.any(String));

    // An empty answer is refused on the page, in her language, with nothing written.
    const empty = await anon.request(`/tell/${link.token}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ questionId: String(ask.school), content: "  ", idempotencyKey: key() }),
    });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain(vi.tell.answerRequired);
  });

  it("keeps a recording, checked by its bytes; a retry with the same key makes no second story", async () => {
    const { book, childhood, ask } = await lanBook("Sổ ghi âm");
    const link = await created<Link>(lan, `/api/books/${book.id}/storyteller-links`, { topicIds: [childhood.id] });
    const idempotencyKey = key();
    const fields = { questionId: String(ask.river), idempotencyKey };
    const first = await body<{ storyId: number; next: number | null }>(
      await answer(link.token, fields, webmBytes(4000), true),
      201,
    );
    expect(first.next).toEqual(expect.any(Number));
    expect(first.next).not.toBe(ask.river);
    const again = await body<{ storyId: number }>(await answer(link.token, fields, webmBytes(4000), true), 201);
    expect(again.storyId).toBe(first.storyId);
    // The plain form's retry, too.
    const form = await answer(link.token, fields, webmBytes(4000));
    expect(form.status).toBe(303);

    const told = (await topicStories(childhood.id)).filter((s) => s.source === "storyteller");
    expect(told).toHaveLength(1);
    expect(told[0]!.id).toBe(first.storyId);
    expect(told[0]!.media.map((m) => m.type)).toEqual(["audio"]);
    // The offline provider cannot transcribe: the recording is kept and the draft has no text yet.
    expect(told[0]!.content).toBe("");
    expect(told[0]!.tellerName).toBeNull();

    // An export keeps who told it, and so does the book imported from it: her draft stays out of previews and shares.
    const exported = await lan.request(`/api/books/${book.id}/export`);
    expect(exported.status).toBe(200);
    const zip = new FormData();
    zip.append("file", new File([await exported.arrayBuffer()], "book.zip", { type: "application/zip" }));
    const imported = await body<{ bookIds: number[] }>(
      await lan.request("/api/import", { method: "POST", body: zip }),
      201,
    );
    const copy = await body<Story[]>(await lan.request(`/api/books/${imported.bookIds[0]}/stories`), 200);
    expect(copy.filter((s) => s.source === "storyteller")).toHaveLength(1);

    // A photo sent as her recording is refused by its bytes, and leaves no story behind.
    const photo = await answer(link.token, { questionId: String(ask.school), idempotencyKey: key() }, await pngBytes());
    expect(photo.status).toBe(400);
    expect((await topicStories(childhood.id)).filter((s) => s.source === "storyteller")).toHaveLength(1);
  });

  it("says kindly in the book's language that a revoked or expired link has ended (410); 404 for none", async () => {
    const { book, childhood, ask } = await lanBook("Sổ hết hạn");
    const revoked = await created<Link>(lan, `/api/books/${book.id}/storyteller-links`, {});
    const expired = await created<Link>(lan, `/api/books/${book.id}/storyteller-links`, {});
    await body(await lan.request(`/api/storyteller-links/${revoked.id}`, { method: "DELETE" }), 200);
    await server.database.query("update storyteller_links set expires_at = ? where id = ?", [
      new Date(Date.now() - 1000),
      expired.id,
    ]);
    for (const link of [revoked, expired]) {
      const page = await anon.request(`/tell/${link.token}`, { headers: { "Accept-Language": "en" } });
      expect(page.status).toBe(410);
      const html = await page.text();
      expect(html).toContain('<html lang="vi"');
      expect(html).toContain(vi.tell.endedTitle);
      const posted = await answer(link.token, {
        questionId: String(ask.river),
        content: "Muộn",
        idempotencyKey: key(),
      });
      expect(posted.status).toBe(410);
      const json = await answer(
        link.token,
        { questionId: String(ask.river), content: "Muộn", idempotencyKey: key() },
        undefined,
        true,
      );
      expect(json.status).toBe(410);
    }
    expect(await topicStories(childhood.id)).toHaveLength(1);

    const unknown = await anon.request(`/tell/${"x".repeat(43)}`, { headers: { "Accept-Language": "en" } });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain(en.tell.unknownTitle);
  });

  it(`takes ${STORYTELLER_ANSWER_LIMIT.limit} new answers per link in a window, then 429`, async () => {
    const { book, childhood } = await lanBook("Sổ nhiều câu");
    for (let i = 0; i <= STORYTELLER_ANSWER_LIMIT.limit; i++)
      await created(lan, `/api/topics/${childhood.id}/questions`, { question: `Câu hỏi số ${i}?` });
    const link = await created<Link>(lan, `/api/books/${book.id}/storyteller-links`, { topicIds: [childhood.id] });
    const other = await created<Link>(lan, `/api/books/${book.id}/storyteller-links`, { topicIds: [childhood.id] });
    const questions = await topicQuestions(childhood.id);
    const send = (token: string, questionId: number, idempotencyKey = key()) =>
      answer(token, { questionId: String(questionId), content: "Trả lời", idempotencyKey }, undefined, true);
    // A recording refused by its bytes made no story: the place it took in the count is given back.
    const refused = await answer(
      link.token,
      { questionId: String(questions[0]!.id), idempotencyKey: key() },
      await pngBytes(),
      true,
    );
    expect(refused.status).toBe(400);
    let lastKey = "";
    for (let i = 0; i < STORYTELLER_ANSWER_LIMIT.limit; i++) {
      lastKey = key();
      expect((await send(link.token, questions[i]!.id, lastKey)).status).toBe(201);
    }
    // A retry of an answer already kept still finds it: it adds nothing, so it does not count.
    expect((await send(link.token, questions[STORYTELLER_ANSWER_LIMIT.limit - 1]!.id, lastKey)).status).toBe(201);
    const limited = await send(link.token, questions[0]!.id);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await limited.json()) as { message: string }).message).toBe(vi.tell.tooMany);
    // Another link of the same book has its own count.
    expect((await send(other.token, questions[0]!.id)).status).toBe(201);
  });
});

describe("the signed-in storyteller's own door", () => {
  it("asks the user's own next question and keeps the answer as their draft; nobody else's", async () => {
    expect((await anon.request("/answer")).headers.get("location")).toBe("/login?redirectTo=%2Fanswer");
    const anonymous = await anon.request("/answer", { method: "POST", headers: { Accept: "application/json" } });
    expect(anonymous.status).toBe(401);

    const { childhood, ask } = await lanBook("Sổ của tôi");
    const home = await (await lan.request("/", { headers: { "Accept-Language": "en" } })).text();
    expect(home).toContain(en.home.answerNext);
    const page = await (await lan.request("/answer")).text();
    expect(page).toContain(en.tell.record);
    // The most recently worked-on book first: the question of the book just made.
    expect(page).toContain("Bà nhớ gì về dòng sông?");

    const idempotencyKey = key();
    const fields = { questionId: String(ask.river), content: "Tôi nhớ dòng sông.", idempotencyKey };
    const posted = await lan.request("/answer", { method: "POST", body: new URLSearchParams(fields) });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe("/answer?sent=1");
    const again = await lan.request("/answer", {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { Accept: "application/json" },
    });
    const { storyId } = await body<{ storyId: number }>(again, 201);
    const mine = (await topicStories(childhood.id)).filter((s) => s.questionId === ask.river);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: storyId, status: "draft", source: "family", tellerName: null });
    expect(await (await lan.request("/answer?sent=1")).text()).toContain("You have told 1 story. Thank you!");

    // Another user can neither see nor answer Lan's questions.
    expect(await (await minh.request("/answer")).text()).not.toContain("Trường học của bà ở đâu?");
    const refused = await minh.request("/answer", {
      method: "POST",
      body: new URLSearchParams({ questionId: String(ask.school), content: "Không", idempotencyKey: key() }),
      headers: { Accept: "application/json", "Accept-Language": "en" },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(en.tell.questionGone);
  });
});

describe("an answer's key", () => {
  it("is its door's: another link's or the owner's is a new answer; another answer under it is a 409", async () => {
    const { book, childhood, ask } = await lanBook("Sổ hai đường");
    const make = (name: string) =>
      created<Link>(lan, `/api/books/${book.id}/storyteller-links`, { name, topicIds: [childhood.id] });
    const [first, second] = [await make("Bà Lan"), await make("Ông Tư")];
    const reused = key();
    const send = (token: string, content: string, questionId = ask.river, audio?: Uint8Array<ArrayBuffer>) =>
      answer(token, { questionId: String(questionId), content, idempotencyKey: reused }, audio, true);
    const one = await body<{ storyId: number }>(await send(first.token, "Bà kể dòng sông."), 201);
    // Another link's answer under the same key is its own story, told by its own teller.
    const two = await body<{ storyId: number }>(await send(second.token, "Ông kể bến đò."), 201);
    expect(two.storyId).not.toBe(one.storyId);
    // And so is the owner's answer through her own door.
    const own = await lan.request("/answer", {
      method: "POST",
      body: new URLSearchParams({ questionId: String(ask.river), content: "Lan kể.", idempotencyKey: reused }),
      headers: { Accept: "application/json" },
    });
    const three = await body<{ storyId: number }>(own, 201);
    expect(new Set([one.storyId, two.storyId, three.storyId]).size).toBe(3);
    const told = await topicStories(childhood.id);
    const byId = (id: number) => told.find((story) => story.id === id);
    expect(byId(one.storyId)).toMatchObject({ content: "Bà kể dòng sông.", tellerName: "Bà Lan" });
    expect(byId(two.storyId)).toMatchObject({ content: "Ông kể bến đò.", tellerName: "Ông Tư" });
    expect(byId(three.storyId)).toMatchObject({ content: "Lan kể.", source: "family" });

    // The same answer again through the same door is a retry: the story it made.
    expect((await body<{ storyId: number }>(await send(first.token, "Bà kể dòng sông."), 201)).storyId).toBe(
      one.storyId,
    );
    // Another answer under a key that door has used is refused, in her language, and nothing is written.
    for (const refused of [
      await send(first.token, "Bà kể chuyện khác."),
      await send(first.token, "Bà kể dòng sông.", ask.school),
      await send(first.token, "Bà kể dòng sông.", ask.river, webmBytes(3000)),
    ]) {
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { message: string }).message).toBe(vi.tell.keyReused);
    }
    const page = await answer(first.token, {
      questionId: String(ask.river),
      content: "Bà kể chuyện khác.",
      idempotencyKey: reused,
    });
    expect(page.status).toBe(409);
    const html = await page.text();
    expect(html).toContain(vi.tell.keyReused);
    // The page keeps what she wrote, under a new key, to send again.
    expect(html).toContain("Bà kể chuyện khác.");
    expect(html).not.toContain(reused);
    expect(await topicStories(childhood.id)).toHaveLength(told.length);
  });
});
