import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webmBytes } from "../support/media-files";
import type { RunningServer } from "../support/server";
import { createClient, serverWithLanAndMinh, type Client } from "../support/http";

// The family's side of the storyteller's door (issue 18): the workspace's invite form route, the "new answers"
// notice, and the release gate that keeps her drafts out of previews until the family completes them.

let server: RunningServer;
let lan: Client;
let minh: Client;

beforeAll(async () => {
  ({ server, lan, minh } = await serverWithLanAndMinh());
});
afterAll(() => server?.stop());

type Link = { id: number; name: string; topicIds: number[] | null; expiresAt: string; answerCount: number };

const post = async (client: Client, path: string, body: unknown) =>
  (await (await client.json("POST", path, body)).json()) as { id: number; url: string; token: string };

/** Lan's Vietnamese book with two topics with questions, and a third topic archived. */
async function lansBook(title = "Chuyện của bà") {
  const book = await post(lan, "/api/books", { title, language: "vi" });
  const childhood = await post(lan, `/api/books/${book.id}/topics`, { title: "Tuổi thơ" });
  const work = await post(lan, `/api/books/${book.id}/topics`, { title: "Đi làm" });
  const archived = await post(lan, `/api/books/${book.id}/topics`, { title: "Cũ" });
  await lan.json("PUT", `/api/topics/${archived.id}`, { title: "Cũ", archived: true });
  const question = await post(lan, `/api/topics/${childhood.id}/questions`, { question: "Bà lớn lên ở đâu?" });
  const second = await post(lan, `/api/topics/${childhood.id}/questions`, { question: "Bà chơi trò gì?" });
  const third = await post(lan, `/api/topics/${work.id}/questions`, { question: "Bà làm nghề gì?" });
  return { book, childhood, work, archived, question, second, third };
}

/** The invite form as the browser posts it: checkboxes repeat their name. */
function inviteForm(fields: Record<string, string>, topicIds: number[]) {
  const body = new URLSearchParams({ intent: "create", ...fields });
  for (const id of topicIds) body.append("topicIds", String(id));
  return body;
}

const links = async (client: Client, bookId: number) =>
  (await (await client.get(`/api/books/${bookId}/storyteller-links`)).json()) as Link[];

describe("the invite form route (POST /books/{id}/storyteller-links)", () => {
  it("makes her link, shows it and its card once, in the book's language, and revokes it", async () => {
    const { book, childhood, work } = await lansBook();
    const made = await lan.request(`/books/${book.id}/storyteller-links`, {
      method: "POST",
      body: inviteForm({ name: "Bà Lan", address: "ba", lifetime: "30" }, [childhood.id, work.id]),
    });
    expect(made.status).toBe(302);
    expect(made.headers.get("location")).toBe(`/books/${book.id}?dialog=storyteller`);

    // English screens for the family; the card speaks Vietnamese, the book's language.
    const page = await (
      await lan.get(`/books/${book.id}?dialog=storyteller`, { headers: { "Accept-Language": "en" } })
    ).text();
    // The link is the text of its read-only field (a textarea, which wraps it whole on a phone).
    const url = /<textarea id="storyteller-link"[^>]*>(http[^<]+\/tell\/[A-Za-z0-9_-]{43})<\/textarea>/.exec(page)?.[1];
    expect(url).toBeDefined();
    expect(page).toMatch(/<svg class="storyteller-qr"[^>]*role="img"/);
    expect(page).toMatch(/<path d="(M\d+ \d+h\d+v1h-\d+z)+" fill="#000"/);
    expect(page).toContain("Chào Bà Lan!");
    expect(page).toContain("Mở máy ảnh và hướng vào mã này");
    expect(page).toContain("Bấm Ghi âm và kể chuyện");
    const token = url!.split("/tell/")[1]!;

    // Every topic that is not archived was left checked: the link offers them all, later ones too.
    const [link] = await links(lan, book.id);
    expect(link).toMatchObject({ name: "Bà Lan", topicIds: null, answerCount: 0 });
    const days = (new Date(link!.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    // Shown once: the dialog opened again lists the link, never its token.
    const again = await (await lan.get(`/books/${book.id}?dialog=storyteller`)).text();
    expect(again).toContain("Bà Lan");
    expect(again).not.toContain(token);
    expect(again).not.toContain("storyteller-qr");
    expect((await lan.get(`/tell/${token}`)).status).toBe(200);

    const revoked = await lan.form(`/books/${book.id}/storyteller-links`, {
      intent: "revoke",
      linkId: String(link!.id),
    });
    expect(revoked.status).toBe(302);
    expect(await links(lan, book.id)).toEqual([]);
    expect((await lan.get(`/tell/${token}`)).status).toBe(410);
    // A link revoked already is gone: a second revoke is a 404.
    expect(
      (await lan.form(`/books/${book.id}/storyteller-links`, { intent: "revoke", linkId: String(link!.id) })).status,
    ).toBe(404);
  });

  it("keeps the topics chosen, and refuses none, another book's topic and a lifetime it does not offer", async () => {
    const { book, childhood } = await lansBook();
    const other = await lansBook("Sách khác");
    const path = `/books/${book.id}/storyteller-links`;
    const send = (fields: Record<string, string>, topicIds: number[]) =>
      lan.request(path, { method: "POST", body: inviteForm(fields, topicIds) });
    expect((await send({}, [childhood.id])).status).toBe(302);
    const [link] = await links(lan, book.id);
    // No name and no address: an English-style plain "bạn", and the default of 90 days.
    expect(link).toMatchObject({ name: "", topicIds: [childhood.id] });
    const days = (new Date(link!.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(90);

    const none = await send({ name: "Bà Lan" }, []);
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Please choose topics of this book.");
    expect((await send({}, [other.childhood.id])).status).toBe(400);
    expect((await send({ lifetime: "7" }, [childhood.id])).status).toBe(400);
    expect((await send({ address: "ngai" }, [childhood.id])).status).toBe(400);
    expect(await links(lan, book.id)).toHaveLength(1);
  });

  it("asks for a topic first when the book has none to offer, and lists nothing of another user's", async () => {
    const empty = await post(lan, "/api/books", { title: "Trống", language: "en" });
    const page = await (await lan.get(`/books/${empty.id}?dialog=storyteller`)).text();
    expect(page).toContain("Add a topic first");
    expect(page).not.toContain('name="topicIds"');
    // An English book: no choice of address, English says "you" to everyone.
    const { book } = await lansBook();
    await post(lan, `/api/books/${book.id}/storyteller-links`, { name: "Bà Lan" });
    expect(await (await lan.get(`/books/${book.id}?dialog=storyteller`)).text()).toContain('name="address"');
    await post(lan, `/api/books/${empty.id}/topics`, { title: "Childhood" });
    const english = await (await lan.get(`/books/${empty.id}?dialog=storyteller`)).text();
    expect(english).toContain('name="topicIds"');
    expect(english).not.toContain('name="address"');
    const foreign = await minh.get(`/books/${book.id}?dialog=storyteller`);
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).not.toContain("Bà Lan");
  });

  it("answers 404 to anyone but the book's owner, and revokes only through the link's own book", async () => {
    const { book, childhood } = await lansBook();
    const other = await lansBook("Sách khác");
    const path = `/books/${book.id}/storyteller-links`;
    const stranger = await minh.request(path, { method: "POST", body: inviteForm({ name: "Bà" }, [childhood.id]) });
    expect(stranger.status).toBe(404);
    expect(await links(lan, book.id)).toEqual([]);

    await lan.request(path, { method: "POST", body: inviteForm({}, [childhood.id]) });
    const [link] = await links(lan, book.id);
    expect((await minh.form(path, { intent: "revoke", linkId: String(link!.id) })).status).toBe(404);
    const minhsBook = await post(minh, "/api/books", { title: "Của Minh", language: "en" });
    const through = `/books/${minhsBook.id}/storyteller-links`;
    expect((await minh.form(through, { intent: "revoke", linkId: String(link!.id) })).status).toBe(404);
    // Lan's own other book does not reach it either.
    const sideways = `/books/${other.book.id}/storyteller-links`;
    expect((await lan.form(sideways, { intent: "revoke", linkId: String(link!.id) })).status).toBe(404);
    expect(await links(lan, book.id)).toHaveLength(1);

    const anonymous = createClient(server.url);
    const refused = await anonymous.form(path, { intent: "revoke", linkId: String(link!.id) });
    expect(refused.headers.get("location")).toMatch(/^\/login/);
    expect(await links(lan, book.id)).toHaveLength(1);
  });
});

/** Her answer, as her page posts it without JavaScript. */
async function answer(token: string, questionId: number, content: string) {
  const teller = createClient(server.url);
  const response = await teller.form(`/tell/${token}`, {
    questionId: String(questionId),
    content,
    idempotencyKey: `key-${crypto.randomUUID()}`,
  });
  expect(response.status).toBe(303);
}

/** The story answering a question, from the book's list (which leaves the text out). */
async function storyAnswering(bookId: number, questionId: number) {
  const stories = (await (await lan.get(`/api/books/${bookId}/stories`)).json()) as {
    id: number;
    questionId: number | null;
  }[];
  return stories.find((story) => story.questionId === questionId)!;
}

describe("what her answers do on the family's side", () => {
  it("shows the new answers by teller on Home and in the workspace, and opens the first", async () => {
    const { book, question, second, third } = await lansBook();
    const named = await post(lan, `/api/books/${book.id}/storyteller-links`, { name: "Bà Lan" });
    const unnamed = await post(lan, `/api/books/${book.id}/storyteller-links`, {});
    await answer(named.token, third.id, "Bà làm cô giáo.");
    await answer(named.token, question.id, "Bà lớn lên ở Huế.");
    await answer(unnamed.token, second.id, "Ông kể thêm.");
    // The first she sent, though its topic comes later in the book.
    const first = await storyAnswering(book.id, third.id);

    const home = await (await lan.get("/", { headers: { "Accept-Language": "en" } })).text();
    expect(home).toContain("Chuyện của bà: Bà Lan told 2 new stories — review them");
    expect(home).toContain("Chuyện của bà: The storyteller told 1 new story — review it");
    expect(home).toContain(`href="/books/${book.id}?storyId=${first.id}"`);
    // The family's screens in Vietnamese this time: the notice follows them, not the book.
    const vi = { headers: { "Accept-Language": "vi" } };
    const workspace = await (await lan.get(`/books/${book.id}`, vi)).text();
    expect(workspace).toContain("Bà Lan đã kể 2 câu chuyện mới — xem ngay");
    expect(workspace).toContain("Người kể chuyện đã kể 1 câu chuyện mới — xem ngay");
    // Minh sees nothing of Lan's.
    expect(await (await minh.get("/")).text()).not.toContain("Bà Lan");

    const opened = await (await lan.get(`/books/${book.id}?storyId=${first.id}`)).text();
    expect(opened).toContain("Told by Bà Lan through their storyteller link.");
    expect(opened).toContain("it is not shared or previewed until you Complete it");

    // Completed, it is no longer new.
    const put = await lan.json("PUT", `/api/stories/${first.id}`, {
      title: "Bà làm nghề gì?",
      content: "Bà làm cô giáo.",
      status: "published",
    });
    expect(put.status).toBe(200);
    const after = await (await lan.get(`/books/${book.id}`)).text();
    expect(after).toContain("Bà Lan told 1 new story — review it");
  });

  it("says her recording waits for transcription while the offline provider cannot write it down", async () => {
    const { book, question, second } = await lansBook();
    const link = await post(lan, `/api/books/${book.id}/storyteller-links`, { name: "Bà Lan" });
    const send = async (questionId: number, withAudio: boolean) => {
      const form = new FormData();
      form.append("questionId", String(questionId));
      form.append("idempotencyKey", `key-${crypto.randomUUID()}`);
      form.append("content", withAudio ? "" : "Bà viết thay vì nói.");
      if (withAudio) form.append("audio", new File([webmBytes(3000)], "ba-lan.webm", { type: "audio/webm" }));
      const response = await createClient(server.url).request(`/tell/${link.token}`, { method: "POST", body: form });
      expect(response.status).toBe(303);
    };
    await send(question.id, true);
    await send(second.id, false);
    const spoken = await (
      await lan.get(`/books/${book.id}?storyId=${(await storyAnswering(book.id, question.id)).id}`)
    ).text();
    expect(spoken).toContain("Told by Bà Lan through their storyteller link.");
    expect(spoken).toContain("The recording is kept and waits for transcription.");
    // Written, there is nothing to wait for.
    const written = await (
      await lan.get(`/books/${book.id}?storyId=${(await storyAnswering(book.id, second.id)).id}`)
    ).text();
    expect(written).toContain("Told by Bà Lan through their storyteller link.");
    expect(written).not.toContain("waits for transcription");
  });

  it("keeps her drafts out of the topic's and the book's previews until the family completes them", async () => {
    const { book, childhood, question } = await lansBook();
    await post(lan, `/api/topics/${childhood.id}/stories`, { title: "Nhà", content: "Nhà gần sông.", status: "draft" });
    const link = await post(lan, `/api/books/${book.id}/storyteller-links`, { name: "Bà Lan" });
    await answer(link.token, question.id, "Bà lớn lên ở Huế, cạnh chùa Thiên Mụ.");
    const topicPreview = async () =>
      ((await (await lan.get(`/api/topics/${childhood.id}/preview`)).json()) as { preview: string }).preview;
    const bookPreview = async () =>
      ((await (await lan.get(`/api/books/${book.id}/preview`)).json()) as { preview: string }).preview;
    // The family's own draft is theirs to preview, as before; hers is not.
    expect(await topicPreview()).toContain("Nhà gần sông.");
    expect(await topicPreview()).not.toContain("chùa Thiên Mụ");
    expect(await bookPreview()).not.toContain("chùa Thiên Mụ");

    const hers = await storyAnswering(book.id, question.id);
    await lan.json("PUT", `/api/stories/${hers.id}`, {
      title: "Bà lớn lên ở đâu?",
      content: "Bà lớn lên ở Huế, cạnh chùa Thiên Mụ.",
      status: "published",
    });
    expect(await topicPreview()).toContain("chùa Thiên Mụ");
    expect(await bookPreview()).toContain("chùa Thiên Mụ");
  });
});
