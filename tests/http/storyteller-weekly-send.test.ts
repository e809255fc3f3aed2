import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "~/i18n/en";
import vi from "~/i18n/vi";
import type { RunningServer } from "../support/server";
import { createClient, serverWithLanAndMinh, type Client } from "../support/http";
import { startSmtpSink } from "../support/smtp-sink";

// Issue 37's contract: POST /api/storyteller-links/{id}/send answers 202 `{questionId, channel}`, 409 when nothing is
// left to ask, 404 for anyone but the owner; the email reaches the relay with her link on that question
// (`url?questionId=`) and a one-click pause (/tell/{token}/pause, RFC 8058) that the family then sees.

let server: RunningServer;
let lan: Client;
let minh: Client;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  ({ server, lan, minh } = await serverWithLanAndMinh({
    SMTP_URL: smtp.url,
    MAIL_FROM: "Heirloom <family@heirloom.example>",
    MAIL_REPLY_DOMAIN: "reply.heirloom.example",
  }));
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

type Link = { id: number; token: string; url: string };
type Listed = { id: number; paused: boolean; pausedBy: string | null; nextQuestionId: number | null };

/** Lan's Vietnamese book, one topic of three questions, and a link for Bà Lan (with her email, or without). */
async function lansLink(email: string | null) {
  const book = (await (await lan.json("POST", "/api/books", { title: "Chuyện của bà", language: "vi" })).json()) as {
    id: number;
  };
  const topic = (await (
    await lan.json("POST", `/api/books/${book.id}/topics`, { title: "Tuổi thơ", description: "" })
  ).json()) as { id: number };
  for (const question of ["Bà sinh ra ở đâu?", "Nhà bà có mấy anh chị em?", "Bà nhớ gì về trường làng?"])
    await lan.json("POST", `/api/topics/${topic.id}/questions`, { question });
  const questions = (await (await lan.get(`/api/topics/${topic.id}/questions`)).json()) as {
    id: number;
    question: string;
  }[];
  const link = (await (
    await lan.json("POST", `/api/books/${book.id}/storyteller-links`, { name: "Bà Lan" })
  ).json()) as Link;
  if (email) await lan.json("PUT", `/api/storyteller-links/${link.id}`, { email });
  const listed = async () =>
    ((await (await lan.get(`/api/books/${book.id}/storyteller-links`)).json()) as Listed[]).find(
      (l) => l.id === link.id,
    )!;
  const answerAll = async () => {
    for (const question of questions)
      await lan.json("POST", `/api/topics/${topic.id}/stories`, {
        title: "Chuyện",
        content: "Ngày xưa…",
        questionId: question.id,
        status: "draft",
      });
  };
  return { book, topic, questions, link, listed, answerAll };
}

const send = (client: Client, linkId: number, headers?: Record<string, string>) =>
  client.json("POST", `/api/storyteller-links/${linkId}/send`, undefined, { headers });

describe("send this week's question now", () => {
  it("emails her the next question at once, with her link on it, and answers what was sent", async () => {
    const { link, questions } = await lansLink("lan.weekly@example.com");
    const sent = await send(lan, link.id);
    expect(sent.status).toBe(202);
    expect(await sent.json()).toEqual({ questionId: questions[0]!.id, channel: "email" });
    await smtp.until(() => smtp.received.some((mail) => mail.rcptTo.includes("lan.weekly@example.com")));
    const mail = smtp.received.find((received) => received.rcptTo.includes("lan.weekly@example.com"))!.parsed;
    expect(mail.subject).toBe(`Câu hỏi tuần này: ${questions[0]!.question}`);
    expect(mail.text).toContain(`${link.url}?questionId=${questions[0]!.id}`);
    expect(mail.replyTo?.value[0]?.address).toMatch(/^tell\+[0-9a-f]{32}@reply\.heirloom\.example$/);
    // Her door opens on that question.
    const door = await createClient(server.url).get(`/tell/${link.token}?questionId=${questions[0]!.id}`);
    expect(await door.text()).toContain(questions[0]!.question);
    // The next one asks the next question: one sent and not answered is not sent again.
    expect(await (await send(lan, link.id)).json()).toEqual({ questionId: questions[1]!.id, channel: "email" });
  });

  it("goes by hand without her email, asks the family's choice first, and is 409 with nothing left", async () => {
    const { link, questions, listed, answerAll } = await lansLink(null);
    const chosen = await lan.json("PUT", `/api/storyteller-links/${link.id}`, { nextQuestionId: questions[2]!.id });
    expect(chosen.status).toBe(200);
    expect(await listed()).toMatchObject({ nextQuestionId: questions[2]!.id });
    expect(await (await send(lan, link.id)).json()).toEqual({ questionId: questions[2]!.id, channel: "hand" });
    expect(await listed()).toMatchObject({ nextQuestionId: null });
    await answerAll();
    const none = await send(lan, link.id, { "Accept-Language": "vi" });
    expect(none.status).toBe(409);
    expect(((await none.json()) as { message: string }).message).toBe(vi.storyteller.nothingToAsk);
  });

  it("is the owner's only, and a question of another book cannot be chosen", async () => {
    const { link } = await lansLink("lan.owner@example.com");
    const other = await lansLink(null);
    expect((await send(minh, link.id)).status).toBe(404);
    expect((await send(createClient(server.url), link.id)).status).toBe(401);
    const foreign = await lan.json("PUT", `/api/storyteller-links/${link.id}`, {
      nextQuestionId: other.questions[0]!.id,
    });
    expect(foreign.status).toBe(400);
    expect(((await foreign.json()) as { message: string }).message).toBe(en.storyteller.questionInvalid);
  });
});

describe("her email's pause (RFC 8058)", () => {
  it("asks on her page before pausing, in her language", async () => {
    const { link, listed } = await lansLink("lan.page@example.com");
    const page = await createClient(server.url).get(`/tell/${link.token}/pause`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('lang="vi"');
    expect(html).toContain(vi.weekly.pauseButton);
    expect(await listed()).toMatchObject({ paused: false });
  });

  it("pauses at one POST from her mail provider, without cookie or Origin, and the family sees she did", async () => {
    const { link, listed } = await lansLink("lan.oneclick@example.com");
    await lan.json("PUT", `/api/storyteller-links/${link.id}`, {
      schedule: { weekdays: [1], time: "09:00", timeZone: "Asia/Ho_Chi_Minh" },
    });
    const clicked = await fetch(new URL(`/tell/${link.token}/pause`, server.url), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
      redirect: "manual",
    });
    expect(clicked.status).toBe(200);
    expect(await listed()).toMatchObject({ paused: true, pausedBy: "storyteller" });
    expect((await fetch(new URL("/tell/not-a-token/pause", server.url), { method: "POST" })).status).toBe(404);
  });
});
