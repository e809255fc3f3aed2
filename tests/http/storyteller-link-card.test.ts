import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "~/i18n/en";
import type { RunningServer } from "../support/server";
import { type Client, serverWithLanAndMinh } from "../support/http";

// Issue 37: the link card's "Weekly question" forms post to /books/{id}/storyteller-links/weekly, without JavaScript.
// Only the book's owner changes or sends (404 for anyone else, or through another book, and nothing changes); a
// refusal answers the workspace with the dialog open, its true status and the reason in the reader's language.

let server: RunningServer;
let lan: Client;
let minh: Client;

beforeAll(async () => {
  ({ server, lan, minh } = await serverWithLanAndMinh());
});
afterAll(() => server?.stop());

type Listed = { id: number; email: string | null; schedule: unknown; paused: boolean; nextQuestionId: number | null };

async function lansLink({ withQuestion = true } = {}) {
  const book = (await (await lan.json("POST", "/api/books", { title: "Chuyện của bà", language: "vi" })).json()) as {
    id: number;
  };
  if (withQuestion) {
    const topic = (await (await lan.json("POST", `/api/books/${book.id}/topics`, { title: "Tuổi thơ" })).json()) as {
      id: number;
    };
    await lan.json("POST", `/api/topics/${topic.id}/questions`, { question: "Bà sinh ra ở đâu?" });
  }
  const link = (await (
    await lan.json("POST", `/api/books/${book.id}/storyteller-links`, { name: "Bà Lan" })
  ).json()) as { id: number };
  const path = `/books/${book.id}/storyteller-links/weekly?dialog=storyteller&weekly=${link.id}`;
  const listed = async () =>
    ((await (await lan.get(`/api/books/${book.id}/storyteller-links`)).json()) as Listed[]).find(
      (l) => l.id === link.id,
    )!;
  return { book, link, path, listed };
}

const schedule = { weekdays: "1", time: "09:00", timeZone: "Asia/Ho_Chi_Minh" };

describe("the link card's weekly question forms", () => {
  it("save her schedule and come back to the dialog with the card open", async () => {
    const { book, link, path, listed } = await lansLink();
    const saved = await lan.form(path, {
      intent: "schedule",
      linkId: String(link.id),
      email: "lan@example.com",
      ...schedule,
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/books/${book.id}?dialog=storyteller&weekly=${link.id}`);
    expect(await listed()).toMatchObject({ email: "lan@example.com", schedule: { weekdays: [1], time: "09:00" } });
    const page = await (await lan.get(saved.headers.get("Location")!)).text();
    expect(page).toMatch(/<details class="weekly-details" open="">/);
  });

  it("refuse a wrong email and a missing day under their fields, the dialog open, and change nothing", async () => {
    const { link, path, listed } = await lansLink();
    const refused = await lan.form(path, {
      intent: "schedule",
      linkId: String(link.id),
      email: "lan@",
      time: "09:00",
      timeZone: "Asia/Ho_Chi_Minh",
    });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain(`id="weekly-${link.id}-email-error" class="field-error">${en.storyteller.emailInvalid}<`);
    expect(page).toContain(
      `id="weekly-${link.id}-weekdays-error" class="field-error">${en.storyteller.scheduleWeekdays}<`,
    );
    expect(page).toContain('value="lan@"');
    expect(await listed()).toMatchObject({ email: null, schedule: null });
  });

  it("are the owner's alone: another user, or another of her books, is a 404 and nothing changes or goes", async () => {
    const { link, path, listed } = await lansLink();
    const other = await lansLink();
    const sideways = other.path.replace(`weekly=${other.link.id}`, `weekly=${link.id}`);
    const attempts: [Client, string, Record<string, string>][] = [
      [minh, path, { intent: "schedule", email: "x@example.com", ...schedule }],
      [minh, path, { intent: "change", paused: "true" }],
      [minh, path, { intent: "send" }],
      [lan, sideways, { intent: "change", schedule: "none" }],
      [lan, sideways, { intent: "send" }],
    ];
    for (const [client, to, fields] of attempts)
      expect((await client.form(to, { linkId: String(link.id), ...fields })).status, JSON.stringify(fields)).toBe(404);
    expect(await listed()).toMatchObject({ email: null, schedule: null, paused: false });
    // Sent nothing: the first question is still the next one to go.
    expect((await lan.form(path, { intent: "send", linkId: String(link.id) })).status).toBe(302);
  });

  it("send now: 409, in the reader's language, when no question is left to ask", async () => {
    const { link, path } = await lansLink({ withQuestion: false });
    const refused = await lan.form(path, { intent: "send", linkId: String(link.id) });
    expect(refused.status).toBe(409);
    const page = await refused.text();
    expect(page).toContain(en.storyteller.sendFailed);
    expect(page).toContain(en.storyteller.nothingToAsk);
  });

  it("refuse an intent they do not know, and a question the link does not ask", async () => {
    const { link, path, listed } = await lansLink();
    expect((await lan.form(path, { intent: "delete", linkId: String(link.id) })).status).toBe(400);
    expect((await lan.form(path, { intent: "change", linkId: String(link.id) })).status).toBe(400);
    const wrong = await lan.form(path, { intent: "change", linkId: String(link.id), nextQuestionId: "999999" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(en.storyteller.questionInvalid);
    expect((await listed()).nextQuestionId).toBeNull();
  });
});
