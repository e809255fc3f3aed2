import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "~/i18n/en";
import type { RunningServer } from "../support/server";
import { createClient, serverWithLanAndMinh, type Client } from "../support/http";

// Issue 35: a storyteller link made without a form of address takes the one her name begins with ("Bà Lan": bà), so
// that her page never speaks to a grandmother as a peer ("bạn") unless the family chose it or her name says nothing.
// The address is kept on the link, in the owner's view, and the owner may change it: through the api and the dialog.

let server: RunningServer;
let lan: Client;
let minh: Client;

beforeAll(async () => {
  ({ server, lan, minh } = await serverWithLanAndMinh());
});
afterAll(() => server?.stop());

type Made = { id: number; token: string; name: string; address: string };
type Listed = { id: number; name: string; address: string };

async function created<T>(client: Client, path: string, body: unknown): Promise<T> {
  const response = await client.json("POST", path, body);
  const text = await response.text();
  expect(response.status, text.slice(0, 300)).toBe(201);
  return JSON.parse(text) as T;
}

/** A Vietnamese book of Lan's with one topic of two questions. */
async function lansBook() {
  const book = await created<{ id: number }>(lan, "/api/books", { title: "Chuyện của bà", language: "vi" });
  const topic = await created<{ id: number }>(lan, `/api/books/${book.id}/topics`, { title: "Tuổi thơ" });
  const ask = (question: string) => created<{ id: number }>(lan, `/api/topics/${topic.id}/questions`, { question });
  return { book, topic, first: await ask("Bà sinh ra ở đâu?"), second: await ask("Hồi nhỏ bà chơi gì?") };
}

const listed = async (bookId: number) =>
  (await (await lan.get(`/api/books/${bookId}/storyteller-links`)).json()) as Listed[];

/** Her page as she sees it after sending one written answer without JavaScript. */
async function thanksAfterOneAnswer(token: string, questionId: number) {
  const teller = createClient(server.url);
  const sent = await teller.form(`/tell/${token}`, {
    questionId: String(questionId),
    content: "Bà sinh ra ở Huế.",
    idempotencyKey: `key-${crypto.randomUUID()}`,
  });
  expect(sent.status).toBe(303);
  const page = await (await teller.get(sent.headers.get("location")!)).text();
  return /<p class="tell-thanks"[^>]*>([^<]*)<\/p>/.exec(page)?.[1];
}

describe("the form of address a new storyteller link takes from her name", () => {
  it("thanks Bà Lan as bà when the link was made with her name alone, and keeps bà on the link", async () => {
    const { book, first } = await lansBook();
    const link = await created<Made>(lan, `/api/books/${book.id}/storyteller-links`, { name: "Bà Lan" });
    expect(link.address).toBe("ba");
    expect((await listed(book.id))[0]).toMatchObject({ id: link.id, name: "Bà Lan", address: "ba" });
    expect(await thanksAfterOneAnswer(link.token, first.id)).toBe("Bà đã kể 1 câu chuyện. Cảm ơn bà!");
  });

  it.each([
    ["bà lan", "ba"],
    ["BÀ LAN", "ba"],
    ["Bà nội Lan", "ba"],
    ["Ba\u0300 Lan", "ba"],
    ["Ông Tư", "ong"],
    ["Mẹ Hoa", "me"],
    ["Bố Hùng", "bo"],
    ["Ba Minh", "bo"],
    ["Cô Hạnh", "co"],
    ["Chú Tư", "chu"],
    ["Bác Hai", "bac"],
    ["Dì Út", "di"],
    // Only a whole first word, marks and all: these say nothing, so the page says bạn.
    ["Bảo", "ban"],
    ["Ôngg Tư", "ban"],
    ["Cố Hai", "ban"],
    ["Lan", "ban"],
    ["", "ban"],
  ])("%j is addressed as %s", async (name, address) => {
    const { book } = await lansBook();
    const link = await created<Made>(lan, `/api/books/${book.id}/storyteller-links`, { name });
    expect(link.address).toBe(address);
    expect((await listed(book.id))[0]!.address).toBe(address);
  });

  it("keeps an address that was chosen, bạn included, whatever the name says", async () => {
    const { book, first } = await lansBook();
    const peer = await created<Made>(lan, `/api/books/${book.id}/storyteller-links`, {
      name: "Bà Lan",
      address: "ban",
    });
    expect(peer.address).toBe("ban");
    expect(await thanksAfterOneAnswer(peer.token, first.id)).toBe("Bạn đã kể 1 câu chuyện. Cảm ơn bạn!");
    const aunt = await created<Made>(lan, `/api/books/${book.id}/storyteller-links`, { name: "Lan", address: "co" });
    expect(aunt.address).toBe("co");
  });

  it("reads the name on the server when the dialog's form posts “from the name”, as without JavaScript", async () => {
    const { book, topic } = await lansBook();
    const path = `/books/${book.id}/storyteller-links`;
    const invite = (fields: Record<string, string>) =>
      lan.form(path, { intent: "create", topicIds: String(topic.id), ...fields });
    // The select as it is first drawn: "from the name" is its default choice.
    const dialog = await (await lan.get(`/books/${book.id}?dialog=storyteller`)).text();
    expect(dialog).toMatch(/<option value="auto" selected="">/);
    expect((await invite({ name: "Ông Tư", address: "auto" })).status).toBe(302);
    expect((await listed(book.id))[0]).toMatchObject({ name: "Ông Tư", address: "ong" });
    // An English book's form has no select at all: the same reading.
    expect((await invite({ name: "Dì Út" })).status).toBe(302);
    expect((await listed(book.id))[0]).toMatchObject({ name: "Dì Út", address: "di" });
    expect((await invite({ name: "Bà Lan", address: "ban" })).status).toBe(302);
    expect((await listed(book.id))[0]).toMatchObject({ name: "Bà Lan", address: "ban" });
    expect((await invite({ name: "Bà Lan", address: "ngai" })).status).toBe(400);
    expect(await listed(book.id)).toHaveLength(3);
  });
});

describe("changing how her page addresses her", () => {
  it("through the api: the owner's live links only, and her page says it from then on", async () => {
    const { book, first } = await lansBook();
    const link = await created<Made>(lan, `/api/books/${book.id}/storyteller-links`, { name: "Lan" });
    expect(link.address).toBe("ban");
    const put = (client: Client, body: unknown) => client.json("PUT", `/api/storyteller-links/${link.id}`, body);
    const changed = await put(lan, { address: "bac" });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ id: link.id, address: "bac" });
    expect((await listed(book.id))[0]!.address).toBe("bac");
    expect(await thanksAfterOneAnswer(link.token, first.id)).toBe("Bác đã kể 1 câu chuyện. Cảm ơn bác!");

    const refused = await put(lan, { address: "sir" });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(en.storyteller.addressInvalid);
    expect((await put(lan, {})).status).toBe(400);
    expect((await put(minh, { address: "ong" })).status).toBe(404);
    expect((await put(createClient(server.url), { address: "ong" })).status).toBe(401);
    expect((await lan.request(`/api/storyteller-links/${link.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await put(lan, { address: "ong" })).status).toBe(404);
  });

  it("through the dialog's form, which shows each link's address chosen, also without JavaScript", async () => {
    const { book } = await lansBook();
    const link = await created<Made>(lan, `/api/books/${book.id}/storyteller-links`, { name: "Bà Lan" });
    const dialog = async () =>
      (await lan.get(`/books/${book.id}?dialog=storyteller`, { headers: { "Accept-Language": "vi" } })).text();
    const shown = (html: string) =>
      new RegExp(`<select id="storyteller-address-${link.id}"[^>]*>(.*?)</select>`).exec(html)?.[1] ?? "";
    const before = await dialog();
    expect(before).toContain(`<label for="storyteller-address-${link.id}">Trang gọi Bà Lan là</label>`);
    expect(shown(before)).toContain('<option value="ba" selected="">bà</option>');

    const path = `/books/${book.id}/storyteller-links`;
    const changed = await lan.form(path, { intent: "address", linkId: String(link.id), address: "me" });
    expect(changed.status).toBe(302);
    expect(changed.headers.get("location")).toBe(`/books/${book.id}?dialog=storyteller`);
    expect(shown(await dialog())).toContain('<option value="me" selected="">mẹ</option>');
    // Minh's form route, or Lan's through another of her books, reaches nothing.
    expect((await minh.form(path, { intent: "address", linkId: String(link.id), address: "ong" })).status).toBe(404);
    const other = await lansBook();
    const sideways = `/books/${other.book.id}/storyteller-links`;
    expect((await lan.form(sideways, { intent: "address", linkId: String(link.id), address: "ong" })).status).toBe(404);
    expect((await lan.form(path, { intent: "address", linkId: String(link.id), address: "x" })).status).toBe(400);
    expect((await listed(book.id))[0]!.address).toBe("me");
  });
});
