import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { startSmtpSink } from "../../tests/support/smtp-sink";

// A real SMTP server receives what the app sends (issue 37); the environment is read when the app first asks for it.
const smtp = await startSmtpSink();
process.env.SMTP_URL = smtp.url;
process.env.MAIL_FROM = "Heirloom <family@heirloom.example>";
process.env.MAIL_REPLY_DOMAIN = "reply.heirloom.example";
process.env.PUBLIC_URL = "https://family.example";
afterAll(() => smtp.close());

const { eq } = await import("drizzle-orm");
const { db } = await import("~db/client.server");
const { mailMessages, questionSends, storytellerLinks } = await import("~db/schema");
const { createBook } = await import("./book.server");
const { createTopics } = await import("./topic.server");
const { addQuestions } = await import("./question.server");
const { createStory } = await import("./story.server");
const { createUser } = await import("./user.server");
const { changeStorytellerLink, createStorytellerLink, listStorytellerLinks } = await import(
  "./storyteller-link.server"
);
const { nextQuestionOf, runDueSchedules, sendQuestionNow } = await import("./weekly-question.server");
const { deliverDueMail } = await import("./mail-queue.server");
const { markHandSendSent } = await import("./hand-sends.server");
const { hashReplyKey } = await import("~/platform/reply-key.server");

let seq = 0;
/** A Vietnamese book with two topics of two questions each, and a link for "Bà Lan" with her email. */
async function bookWithLink(email: string | null = "lan@example.com") {
  seq += 1;
  const user = await createUser({ username: `owner${seq}`, email: `owner${seq}@example.com`, password: "secret1" });
  const input = { title: "Chuyện nhà mình", description: "", tone: "", language: "vi" as const, coverImage: null };
  const book = await createBook({ userId: user.id, input });
  const [first, second] = await createTopics({
    bookId: book.id,
    userId: user.id,
    items: [
      { title: "Tuổi thơ", description: "" },
      { title: "Quê hương", description: "" },
    ],
  });
  const questions = [
    ...(await addQuestions({
      topicId: first!.id,
      userId: user.id,
      texts: ["Bà nhớ gì nhất về ngôi nhà thời thơ ấu?", "Bà hay chơi trò gì?"],
      source: "custom",
    })),
    ...(await addQuestions({
      topicId: second!.id,
      userId: user.id,
      texts: ["Quê bà ở đâu?", "Tết ở quê thế nào?"],
      source: "custom",
    })),
  ];
  const { link, token } = await createStorytellerLink({
    bookId: book.id,
    userId: user.id,
    name: "Bà Lan",
    address: "ba",
    topicIds: null,
    expiresAt: null,
  });
  if (email) await changeStorytellerLink({ linkId: link.id, userId: user.id, changes: { email } });
  const answer = (index: number) =>
    createStory({
      topicId: questions[index]!.topicId,
      userId: user.id,
      input: { title: "Chuyện", content: "Ngày xưa…", questionId: questions[index]!.id, status: "draft" },
    });
  const row = async () => (await db().select().from(storytellerLinks).where(eq(storytellerLinks.id, link.id)))[0]!;
  return { user, book, questions, link, token, answer, row };
}

const sendsOf = (linkId: number) => db().select().from(questionSends).where(eq(questionSends.linkId, linkId));
const mailOf = (linkId: number) => db().select().from(mailMessages).where(eq(mailMessages.linkId, linkId));

beforeEach(() => smtp.accept());

describe("the question a link asks next (issue 37)", () => {
  it("goes in book order, skips a question sent and not answered, and asks the chosen one first", async () => {
    const { user, link, questions, answer, row } = await bookWithLink(null);
    expect((await nextQuestionOf(await row()))?.id).toBe(questions[0]!.id);
    const first = await sendQuestionNow({ linkId: link.id, userId: user.id });
    expect(first).toMatchObject({ questionId: questions[0]!.id, channel: "hand" });
    // Not answered: the next week asks the next one, not the same again.
    expect((await nextQuestionOf(await row()))?.id).toBe(questions[1]!.id);
    await answer(1);
    expect((await nextQuestionOf(await row()))?.id).toBe(questions[2]!.id);
    // "Ask this one next", once; it is cleared when it goes.
    await changeStorytellerLink({ linkId: link.id, userId: user.id, changes: { nextQuestionId: questions[3]!.id } });
    expect(await sendQuestionNow({ linkId: link.id, userId: user.id })).toMatchObject({ questionId: questions[3]!.id });
    expect((await row()).nextQuestionId).toBeNull();
    expect((await sendQuestionNow({ linkId: link.id, userId: user.id })).questionId).toBe(questions[2]!.id);
    // Every open question has gone once: the one sent longest ago comes back.
    expect((await sendQuestionNow({ linkId: link.id, userId: user.id })).questionId).toBe(questions[0]!.id);
    for (const index of [0, 2, 3]) await answer(index);
    await expect(sendQuestionNow({ linkId: link.id, userId: user.id })).rejects.toMatchObject({
      status: 409,
      messageKey: "storyteller.nothingToAsk",
    });
  });

  it("says on the card when the last two questions sent by hand both wait for an answer", async () => {
    const { user, book, link, answer } = await bookWithLink(null);
    const quiet = async () =>
      (await listStorytellerLinks({ bookId: book.id, userId: user.id }))!.find((one) => one.id === link.id)!.quietWeeks;
    const first = await sendQuestionNow({ linkId: link.id, userId: user.id });
    await markHandSendSent({ sendId: first.sendId, userId: user.id });
    // A send the family has not passed on yet does not count: she could not have answered it.
    const second = await sendQuestionNow({ linkId: link.id, userId: user.id });
    expect(await quiet()).toBe(false);
    await markHandSendSent({ sendId: second.sendId, userId: user.id });
    expect(await quiet()).toBe(true);
    await answer(1);
    expect(await quiet()).toBe(false);
  });

  it("is the owner's alone to send or choose", async () => {
    const { link, questions } = await bookWithLink(null);
    const stranger = await bookWithLink(null);
    await expect(sendQuestionNow({ linkId: link.id, userId: stranger.user.id })).rejects.toMatchObject({ status: 404 });
    await expect(
      changeStorytellerLink({
        linkId: stranger.link.id,
        userId: stranger.user.id,
        changes: { nextQuestionId: questions[0]!.id },
      }),
    ).rejects.toMatchObject({ status: 400, messageKey: "storyteller.questionInvalid" });
    expect(await sendsOf(link.id)).toHaveLength(0);
  });
});

describe("the weekly schedule's due sends (issue 37)", () => {
  const schedule = { weekdays: [1], time: "09:00", timeZone: "America/New_York" };

  it("sends once when due, moves to the next week, and makes up no week missed while the server was down", async () => {
    const { user, link, row } = await bookWithLink(null);
    const set = new Date("2026-10-20T12:00:00Z");
    await changeStorytellerLink({ linkId: link.id, userId: user.id, now: set, changes: { schedule } });
    const due = (await row()).nextSendAt!;
    expect(due.toISOString()).toBe("2026-10-26T13:00:00.000Z"); // Monday 09:00 in New York, summer time
    await runDueSchedules(new Date(due.getTime() - 1));
    expect(await sendsOf(link.id)).toHaveLength(0);
    await runDueSchedules(due);
    await runDueSchedules(due);
    expect(await sendsOf(link.id)).toHaveLength(1);
    // The clocks go back on 1 November: the next Monday's 09:00 is an hour later in UTC.
    expect((await row()).nextSendAt!.toISOString()).toBe("2026-11-02T14:00:00.000Z");
    // Down for three weeks: one send when it comes back, and the next is the Monday after.
    const back = new Date("2026-11-19T10:00:00Z");
    await runDueSchedules(back);
    expect(await sendsOf(link.id)).toHaveLength(2);
    expect((await row()).nextSendAt!.toISOString()).toBe("2026-11-23T14:00:00.000Z");
  });

  it("sends nothing for a paused link or one that has ended, and stops scheduling the ended one", async () => {
    const paused = await bookWithLink(null);
    const now = new Date("2026-10-20T12:00:00Z");
    await changeStorytellerLink({ linkId: paused.link.id, userId: paused.user.id, now, changes: { schedule } });
    await changeStorytellerLink({ linkId: paused.link.id, userId: paused.user.id, now, changes: { paused: true } });
    const ended = await bookWithLink(null);
    await changeStorytellerLink({ linkId: ended.link.id, userId: ended.user.id, now, changes: { schedule } });
    const afterEnd = new Date((await ended.row()).expiresAt.getTime() + 1);
    await db().update(storytellerLinks).set({ nextSendAt: afterEnd }).where(eq(storytellerLinks.id, ended.link.id));
    await runDueSchedules(afterEnd);
    expect(await sendsOf(paused.link.id)).toHaveLength(0);
    expect(await sendsOf(ended.link.id)).toHaveLength(0);
    expect((await ended.row()).nextSendAt).toBeNull();
  });
});

describe("her week's email (issue 37)", () => {
  it("goes once through the relay, in her language, with her link, a reply address and one-click pause", async () => {
    const { user, link, token, questions } = await bookWithLink();
    const now = new Date();
    const send = await sendQuestionNow({ linkId: link.id, userId: user.id, now });
    expect(send.channel).toBe("email");
    const [queued] = await mailOf(link.id);
    expect(queued).toMatchObject({ status: "queued", recipient: "lan@example.com", kind: "question" });
    const before = smtp.received.length;
    await deliverDueMail(now);
    await deliverDueMail(now);
    const mine = smtp.received.slice(before).filter((mail) => mail.rcptTo.includes("lan@example.com"));
    expect(mine).toHaveLength(1);
    const mail = mine[0]!.parsed;
    expect(mail.messageId).toBe(queued!.messageId);
    expect(mail.subject).toBe(`Câu hỏi tuần này: ${questions[0]!.question}`);
    expect(mail.text).toContain("Thưa bà,");
    expect(mail.text).toContain("Tuần này con muốn nghe bà kể:");
    const door = `https://family.example/tell/${token}`;
    expect(mail.text).toContain(`${door}?questionId=${questions[0]!.id}`);
    expect(mail.html).toContain(`href="${door}?questionId=${questions[0]!.id}"`);
    expect(mail.html).not.toMatch(/<img/i);
    const header = mine[0]!.raw
      .toString("latin1")
      .split("\r\n\r\n")[0]!
      .replace(/\r\n[ \t]+/g, " ");
    expect(header).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(header).toContain(`List-Unsubscribe: <${door}/pause>`);
    const replyTo = mail.replyTo!.value[0]!.address!;
    const key = /^tell\+([0-9a-f]{32})@reply\.heirloom\.example$/.exec(replyTo)![1]!;
    const [sent] = await sendsOf(link.id);
    expect(sent!.replyKeyHash).toBe(hashReplyKey(key));
    expect(sent!.sentAt).not.toBeNull();
    expect((await mailOf(link.id))[0]).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("waits and tries again while the relay refuses for now, and sends once it recovers", async () => {
    const { user, link } = await bookWithLink("hoa@example.com");
    const now = new Date();
    await sendQuestionNow({ linkId: link.id, userId: user.id, now });
    smtp.refuse(452, "4.2.2 Mailbox temporarily over quota");
    await deliverDueMail(now);
    let [message] = await mailOf(link.id);
    expect(message).toMatchObject({ status: "queued", attempts: 1 });
    expect(message!.reason).toContain("over quota");
    expect(message!.nextAttemptAt!.getTime()).toBeGreaterThan(now.getTime());
    // Not before its time, then once.
    smtp.accept();
    const before = smtp.received.length;
    await deliverDueMail(now);
    expect(smtp.received.length).toBe(before);
    await deliverDueMail(message!.nextAttemptAt!);
    [message] = await mailOf(link.id);
    expect(message).toMatchObject({ status: "sent", attempts: 2, reason: null });
    expect(smtp.received.slice(before).filter((mail) => mail.rcptTo.includes("hoa@example.com"))).toHaveLength(1);
  });

  it("fails for good, with the relay's words, when the mailbox refuses it", async () => {
    const { user, link } = await bookWithLink("full@example.com");
    const now = new Date();
    await sendQuestionNow({ linkId: link.id, userId: user.id, now });
    smtp.refuse(552, "5.2.2 Mailbox full");
    await deliverDueMail(now);
    const [message] = await mailOf(link.id);
    expect(message).toMatchObject({ status: "failed", attempts: 1 });
    expect(message!.reason).toContain("Mailbox full");
  });

  it("is not sent once she has paused them, and a leased one is taken over only when its lease runs out", async () => {
    const paused = await bookWithLink("paused@example.com");
    const now = new Date();
    await sendQuestionNow({ linkId: paused.link.id, userId: paused.user.id, now });
    await changeStorytellerLink({ linkId: paused.link.id, userId: paused.user.id, changes: { paused: true } });
    await deliverDueMail(now);
    expect((await mailOf(paused.link.id))[0]).toMatchObject({ status: "failed", reason: "not-sent:paused" });
    // A server that leased a message and died: another takes it only after the lease.
    const held = await bookWithLink("held@example.com");
    await sendQuestionNow({ linkId: held.link.id, userId: held.user.id, now });
    const leaseUntil = new Date(now.getTime() + 60_000);
    await db().update(mailMessages).set({ leaseUntil }).where(eq(mailMessages.linkId, held.link.id));
    expect(await deliverDueMail(now)).toBe(0);
    expect(await deliverDueMail(leaseUntil)).toBe(1);
    expect((await mailOf(held.link.id))[0]).toMatchObject({ status: "sent" });
  });
});

describe("the link card's last email failure (issue 37)", () => {
  const failureOf = async (owner: { book: { id: number }; user: { id: number } }, linkId: number) =>
    (await listStorytellerLinks({ bookId: owner.book.id, userId: owner.user.id }))!.find((link) => link.id === linkId)!
      .lastFailure;

  it("shows the relay's words for her latest failed email, on that link only, until a later one goes", async () => {
    const owner = await bookWithLink("full@example.com");
    // A second link of the same book whose email went: the list reads both in one go and keeps them apart.
    const { link: other } = await createStorytellerLink({
      bookId: owner.book.id,
      userId: owner.user.id,
      name: "Ông Tư",
      address: "ong",
      topicIds: null,
      expiresAt: null,
    });
    await changeStorytellerLink({ linkId: other.id, userId: owner.user.id, changes: { email: "tu@example.com" } });
    const now = new Date();
    await sendQuestionNow({ linkId: owner.link.id, userId: owner.user.id, now });
    await deliverDueMail(now);
    expect(await failureOf(owner, owner.link.id)).toBeNull();
    smtp.refuse(552, "5.2.2 Mailbox full");
    await sendQuestionNow({ linkId: owner.link.id, userId: owner.user.id, now });
    await deliverDueMail(now);
    smtp.accept();
    await sendQuestionNow({ linkId: other.id, userId: owner.user.id, now });
    await deliverDueMail(now);
    const failure = await failureOf(owner, owner.link.id);
    expect(failure?.reason).toContain("552");
    expect(failure?.reason).toContain("Mailbox full");
    expect(failure?.at).toBeInstanceOf(Date);
    expect(await failureOf(owner, other.id)).toBeNull();
    // PUT's answer is the link as listed: with the failure.
    const changed = await changeStorytellerLink({
      linkId: owner.link.id,
      userId: owner.user.id,
      changes: { email: "lan@example.com" },
    });
    expect(changed.link.lastFailure?.reason).toContain("Mailbox full");
    // A later email queued, then sent: the failure is behind it.
    await sendQuestionNow({ linkId: owner.link.id, userId: owner.user.id, now });
    expect(await failureOf(owner, owner.link.id)).toBeNull();
    await deliverDueMail(now);
    expect(await failureOf(owner, owner.link.id)).toBeNull();
  });

  it("names why an email was not sent at all", async () => {
    const owner = await bookWithLink("paused@example.com");
    const now = new Date();
    await sendQuestionNow({ linkId: owner.link.id, userId: owner.user.id, now });
    await changeStorytellerLink({ linkId: owner.link.id, userId: owner.user.id, changes: { paused: true } });
    await deliverDueMail(now);
    expect(await failureOf(owner, owner.link.id)).toMatchObject({ reason: "not-sent:paused" });
  });

  it("is her question's alone: an owner's notice on the link neither hides nor stands for it", async () => {
    const owner = await bookWithLink("notice@example.com");
    const now = new Date();
    smtp.refuse(552, "5.2.2 Mailbox full");
    await sendQuestionNow({ linkId: owner.link.id, userId: owner.user.id, now });
    await deliverDueMail(now);
    smtp.accept();
    const notice = {
      direction: "out" as const,
      linkId: owner.link.id,
      bookId: owner.book.id,
      recipient: "owner@example.com",
      createdAt: now,
    };
    await db()
      .insert(mailMessages)
      .values({ ...notice, kind: "quiet", status: "sent", finishedAt: now });
    expect((await failureOf(owner, owner.link.id))?.reason).toContain("Mailbox full");
    const other = await bookWithLink("notice-only@example.com");
    await db()
      .insert(mailMessages)
      .values({ ...notice, linkId: other.link.id, bookId: other.book.id, kind: "quiet", status: "failed" });
    expect(await failureOf(other, other.link.id)).toBeNull();
  });
});
