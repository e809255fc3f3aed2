import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import MailComposer from "nodemailer/lib/mail-composer";
import sharp from "sharp";
import { STORYTELLER_ANSWER_LIMIT } from "~/lib/limits";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../support/server";
import { serverWithLanAndMinh, type Client } from "../support/http";
import { startSmtpSink } from "../support/smtp-sink";

// Issue 37 §2: she answers by replying. Her week's email names a send in its Reply-To; her reply, piped by a relay to
// POST /api/inbound/email or delivered to Heirloom's own SMTP receiver, becomes one draft story for that question with
// her words (the quoted question stripped), her voice memo and her photo. Every refusal stores nothing and tells the
// sender nothing (202 all the same); the admin's log says why. The replies are real messages in Gmail's layout.

const SECRET = "inbound-secret-inbound-secret";
const DOMAIN = "reply.heirloom.example";
const HER = "bala.hoian@gmail.com";
const FIXTURE = fs.readFileSync(
  path.join(import.meta.dirname, "..", "fixtures", "mail", "voice-and-photo.eml"),
  "latin1",
);

let server: RunningServer;
let lan: Client;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  ({ server, lan } = await serverWithLanAndMinh({
    SMTP_URL: smtp.url,
    MAIL_FROM: "Heirloom <family@heirloom.example>",
    MAIL_REPLY_DOMAIN: DOMAIN,
    INBOUND_SECRET: SECRET,
    INBOUND_SMTP_PORT: "0",
    // 1 MB a user: a reply whose photo does not fit is refused, as her door's upload would be.
    USER_STORAGE_QUOTA_MB: "1",
  }));
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

type Story = { id: number; status: string; content: string; questionId: number | null; source: string };

/** Lan's book with one question, a link for Bà Lan at her address, and this week's email as the relay received it. */
async function weeklyEmail() {
  const book = (await (await lan.json("POST", "/api/books", { title: "Chuyện của bà", language: "vi" })).json()) as {
    id: number;
  };
  const topic = (await (
    await lan.json("POST", `/api/books/${book.id}/topics`, { title: "Tuổi thơ", description: "" })
  ).json()) as { id: number };
  await lan.json("POST", `/api/topics/${topic.id}/questions`, { question: "Bà nhớ gì nhất về ngôi nhà thời thơ ấu?" });
  const link = (await (
    await lan.json("POST", `/api/books/${book.id}/storyteller-links`, { name: "Bà Lan" })
  ).json()) as { id: number; url: string };
  await lan.json("PUT", `/api/storyteller-links/${link.id}`, { email: HER });
  const before = smtp.received.length;
  const sent = (await (await lan.json("POST", `/api/storyteller-links/${link.id}/send`)).json()) as {
    questionId: number;
  };
  // Other mail goes meanwhile (the owner's notices of earlier answers): this week's question is the one to her.
  const question = () =>
    smtp.received
      .slice(before)
      .find((mail) => mail.rcptTo.includes(HER) && mail.parsed.subject?.startsWith("Câu hỏi tuần này"));
  await smtp.until(() => question() !== undefined);
  const email = question()!.parsed;
  const replyTo = email.replyTo!.value[0]!.address!;
  const stories = async () =>
    ((await (await lan.get(`/api/topics/${topic.id}/stories`)).json()) as Story[]).filter(
      (story) => story.source === "storyteller",
    );
  /** Her Gmail reply, to this email's Reply-To, with its own Message-ID. */
  const reply = (changes: { from?: string; messageId?: string; to?: string } = {}) =>
    Buffer.from(
      FIXTURE.replaceAll("tell+k3ym3d1avi7cfg3h@reply.family.example", changes.to ?? replyTo)
        .replaceAll("<bala.hoian@gmail.com>", `<${changes.from ?? HER}>`)
        .replace("CAHx8s2QfixtureGmailMedia0003", changes.messageId ?? `reply-${crypto.randomUUID()}`),
      "latin1",
    );
  /** A raw message of hers to this email's Reply-To, written by nodemailer's composer. */
  const compose = (extra: Record<string, unknown> = {}) =>
    new MailComposer({
      from: HER,
      to: replyTo,
      subject: "Re: Câu hỏi tuần này",
      text: "Bà kể đây.",
      messageId: `<${crypto.randomUUID()}@gmail.com>`,
      ...extra,
    })
      .compile()
      .build();
  return { book, topic, link, sent, replyTo, stories, reply, compose };
}

const pipe = (raw: Buffer, headers: Record<string, string> = {}) =>
  fetch(new URL("/api/inbound/email", server.url), {
    method: "POST",
    headers: { "Content-Type": "message/rfc822", Authorization: `Bearer ${SECRET}`, ...headers },
    body: new Uint8Array(raw),
  });

const refusals = async (linkId: number) =>
  (
    await server.database.query<{ reason: string }>(
      "select reason from mail_messages where direction = 'in' and status = 'refused' and link_id = ? order by id",
      [linkId],
    )
  ).map((row) => row.reason);

describe("her emailed reply", () => {
  it("becomes one draft for the question asked, with her words, her voice memo and her photo", async () => {
    const { sent, stories, reply, replyTo } = await weeklyEmail();
    expect(replyTo).toMatch(new RegExp(`^tell\\+[0-9a-f]{32}@${DOMAIN.replaceAll(".", "\\.")}$`));
    const taken = await pipe(reply());
    expect(taken.status).toBe(202);
    const [story] = await stories();
    expect(story).toMatchObject({ status: "draft", questionId: sent.questionId });
    expect(story!.content).toContain("Bà gửi con đoạn ghi âm bà kể về cái giếng");
    expect(story!.content).not.toContain("Thưa bà");
    expect(story!.content).not.toContain("đã viết");
    const full = (await (await lan.get(`/api/stories/${story!.id}`)).json()) as { media: { type: string }[] };
    expect(full.media.map((media) => media.type).sort()).toEqual(["audio", "image"]);
  });

  it("keeps an older phone's AMR voice memo as a recording a browser plays", async () => {
    const { stories, compose } = await weeklyEmail();
    const memo = fs.readFileSync(path.join(import.meta.dirname, "..", "fixtures", "mail", "voice-memo.amr"));
    await pipe(await compose({ attachments: [{ filename: "Ghi âm 001.amr", content: memo }] }));
    const [story] = await stories();
    const full = (await (await lan.get(`/api/stories/${story!.id}`)).json()) as {
      media: { id: number; type: string; url: string }[];
    };
    expect(full.media.map((media) => media.type)).toEqual(["audio"]);
    const played = await lan.get(full.media[0]!.url);
    expect(played.status).toBe(200);
    expect(played.headers.get("Content-Type")).toBe("audio/mp4");
  });

  it("arrives the same through Heirloom's own SMTP receiver", async () => {
    const { stories, reply, replyTo } = await weeklyEmail();
    const port = Number(/replies by SMTP on port (\d+)/.exec(server.output())![1]);
    const transport = nodemailer.createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true });
    await transport.sendMail({ envelope: { from: HER, to: [replyTo] }, raw: reply() });
    transport.close();
    await expect.poll(async () => (await stories()).length, { timeout: 20_000 }).toBe(1);
  });

  it("stores nothing, and tells the sender nothing, for each refusal; the admin's log says why", async () => {
    const { link, stories, reply } = await weeklyEmail();
    expect((await pipe(reply(), { Authorization: "" })).status).toBe(401);
    expect((await pipe(reply(), { Authorization: "Bearer not-the-secret-at-all" })).status).toBe(401);
    const refused = [
      reply({ from: "someone.else@example.com" }),
      reply({ to: `tell+${"0".repeat(32)}@${DOMAIN}` }),
      Buffer.from([0x00, 0xff, 0x13, 0x37, 0x42]),
    ];
    for (const raw of refused) {
      const answer = await pipe(raw);
      expect(answer.status).toBe(202);
      expect(await answer.json()).toEqual({ ok: true });
    }
    expect(await stories()).toEqual([]);
    expect(await refusals(link.id)).toEqual(["refused:sender"]);
    const unlinked = await server.database.query<{ reason: string }>(
      "select reason from mail_messages where direction = 'in' and link_id is null order by id desc limit 2",
    );
    expect(unlinked.map((row) => row.reason).sort()).toEqual(["refused:not-mail", "refused:unknown-key"]);
    // Taken once: the same message delivered again, or another one with the same key, is a reused key.
    const first = reply({ messageId: "first-reply" });
    await pipe(first);
    await pipe(first);
    await pipe(reply({ messageId: "second-reply" }));
    expect(await stories()).toHaveLength(1);
    expect(await refusals(link.id)).toEqual(["refused:sender", "refused:reused-key", "refused:reused-key"]);
  });

  it("refuses a reply past the size of a reply or a photo, or past the owner's quota, storing nothing", async () => {
    const { link, stories, compose } = await weeklyEmail();
    // A photo of real pixels, over 1 MB: within a photo's 10 MB, past the owner's 1 MB.
    const noise = { type: "gaussian" as const, mean: 128, sigma: 60 };
    const big = await sharp({ create: { width: 1400, height: 1400, channels: 3, background: "#808080", noise } })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(1024 * 1024);
    await pipe(await compose({ attachments: [{ filename: "nha.jpg", content: big }] }));
    const huge = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    await pipe(await compose({ attachments: [{ filename: "anh.jpg", content: huge }] }));
    expect((await pipe(Buffer.alloc(40 * 1024 * 1024 + 1, 0x41))).status).toBe(202);
    expect(await stories()).toEqual([]);
    expect(await refusals(link.id)).toEqual(["refused:quota", "refused:too-large"]);
    const unlinked = await server.database.query<{ reason: string }>(
      "select reason from mail_messages where direction = 'in' and link_id is null order by id desc limit 1",
    );
    expect(unlinked[0]!.reason).toBe("refused:too-large");
  });

  it("refuses a reply once her link's answers for the quarter hour are spent at her door", async () => {
    const { link, topic, stories, compose } = await weeklyEmail();
    const [question] = (await (await lan.get(`/api/topics/${topic.id}/questions`)).json()) as { id: number }[];
    for (let i = 0; i < STORYTELLER_ANSWER_LIMIT.limit; i++) {
      const answered = await fetch(link.url, {
        method: "POST",
        body: new URLSearchParams({
          questionId: String(question!.id),
          content: `Lần ${i + 1}`,
          idempotencyKey: crypto.randomUUID(),
        }),
        redirect: "manual",
      });
      expect(answered.status).toBe(303);
    }
    await pipe(await compose());
    expect(await stories()).toHaveLength(STORYTELLER_ANSWER_LIMIT.limit);
    expect(await refusals(link.id)).toEqual(["refused:rate"]);
  });

  it("refuses an automatic reply, and one over the door's limits, storing nothing", async () => {
    const { link, stories, compose } = await weeklyEmail();
    const photo = Buffer.from(
      "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwS" +
        "ExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=",
      "base64",
    );
    await pipe(await compose({ headers: { "Auto-Submitted": "auto-replied" } }));
    const photos = Array.from({ length: 11 }, (_, i) => ({ filename: `anh-${i}.jpg`, content: photo }));
    await pipe(await compose({ attachments: photos }));
    expect(await stories()).toEqual([]);
    expect(await refusals(link.id)).toEqual(["refused:too-many"]);
    const automatic = await server.database.query<{ reason: string }>(
      "select reason from mail_messages where direction = 'in' and sender = ? order by id desc limit 2",
      [HER],
    );
    expect(automatic.map((row) => row.reason)).toContain("refused:auto-reply");
  });

  it("through an ended link stores nothing and gets one polite answer", async () => {
    const { link, stories, reply } = await weeklyEmail();
    await lan.json("DELETE", `/api/storyteller-links/${link.id}`);
    const before = smtp.received.length;
    await pipe(reply());
    await pipe(reply());
    const politeAnswer = () =>
      smtp.received
        .slice(before)
        .find((mail) => mail.rcptTo.includes(HER) && mail.parsed.subject === "Đường liên kết này đã hết hạn");
    await smtp.until(() => politeAnswer() !== undefined);
    expect(await stories()).toEqual([]);
    expect(await refusals(link.id)).toEqual(["refused:revoked", "refused:revoked"]);
    const answers = await server.database.query<{ n: number | string }>(
      "select count(*) as n from mail_messages where kind = 'ended' and link_id = ?",
      [link.id],
    );
    expect(Number(answers[0]!.n)).toBe(1);
    expect(politeAnswer()!.parsed.text).toContain("gia đình");
  });
});
