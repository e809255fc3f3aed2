import { describe, expect, it } from "vitest";

// A server that sends mail (issue 37), so that a link with her address goes by email and one without it by hand; no
// mail is delivered here. Her door's address is on PUBLIC_URL. Read when the app first asks, after these lines.
process.env.SMTP_URL = "smtp://127.0.0.1:9";
process.env.MAIL_FROM = "Heirloom <family@heirloom.example>";
process.env.PUBLIC_URL = "https://family.example";

const { eq } = await import("drizzle-orm");
const { countQueries, db } = await import("~db/client.server");
const { questionSends, storytellerLinks } = await import("~db/schema");
const { createBook } = await import("./book.server");
const { createTopics, deleteTopic } = await import("./topic.server");
const { addQuestions } = await import("./question.server");
const { createUser } = await import("./user.server");
const { changeStorytellerLink, createStorytellerLink, revokeStorytellerLink } = await import(
  "./storyteller-link.server"
);
const { sendQuestionNow } = await import("./weekly-question.server");
const { createStory } = await import("./story.server");
const { listHandSends, markHandSendSent } = await import("./hand-sends.server");

const DAY_MS = 24 * 60 * 60 * 1000;
let seq = 0;

/** A user's book (Vietnamese unless told) with one topic of three questions. */
async function bookOf(language: "vi" | "en" = "vi") {
  seq += 1;
  const user = await createUser({ username: `family${seq}`, email: `family${seq}@example.com`, password: "secret1" });
  const input = { title: `Chuyện nhà ${seq}`, description: "", tone: "", language, coverImage: null };
  const book = await createBook({ userId: user.id, input });
  const [topic] = await createTopics({
    bookId: book.id,
    userId: user.id,
    items: [{ title: "Tuổi thơ", description: "" }],
  });
  const questions = await addQuestions({
    topicId: topic!.id,
    userId: user.id,
    texts: ["Bà nhớ gì nhất về ngôi nhà thời thơ ấu?", "Bà hay chơi trò gì?", "Quê bà ở đâu?"],
    source: "custom",
  });
  /** A link of this book for a storyteller, made as the owner makes one. */
  const link = async (name = "Bà Lan", address: "ba" | "ong" = "ba") =>
    (
      await createStorytellerLink({
        bookId: book.id,
        userId: user.id,
        name,
        address,
        topicIds: null,
        expiresAt: null,
      })
    ).link;
  return { user, book, topic: topic!, questions, link };
}

const sendRow = async (sendId: number) =>
  (await db().select().from(questionSends).where(eq(questionSends.id, sendId)))[0]!;

describe("the week's questions waiting to be sent by hand (issue 37)", () => {
  it("shows each live link's latest by-hand send, in the book's language, her honorific, her door", async () => {
    const { user, questions, link } = await bookOf();
    const lan = await link("Bà Lan", "ba");
    const first = await sendQuestionNow({ linkId: lan.id, userId: user.id, now: new Date(Date.now() - DAY_MS) });
    // A second send on the same link is what she is asked now: the first one no longer waits.
    const second = await sendQuestionNow({ linkId: lan.id, userId: user.id });
    expect(first.channel).toBe("hand");
    const waiting = await listHandSends({ userId: user.id });
    expect(waiting).toHaveLength(1);
    const [send] = waiting;
    expect(send).toMatchObject({ sendId: second.sendId, name: "Bà Lan", bookTitle: expect.stringMatching(/^Chuyện/) });
    expect(send!.url).toMatch(new RegExp(`^https://family\\.example/tell/[\\w-]+\\?questionId=${questions[1]!.id}$`));
    expect(send!.message).toBe(`Thưa bà,\nTuần này con muốn nghe bà kể:\n\n${questions[1]!.question}\n\n${send!.url}`);
  });

  it("greets by name in an English book and leaves the link out when the server never kept it", async () => {
    const { user, link } = await bookOf("en");
    const grandpa = await link("Grandpa Tom", "ong");
    // A link made before weekly questions: the token was never sealed, so no address can be written for it.
    await db().update(storytellerLinks).set({ tokenSealed: null }).where(eq(storytellerLinks.id, grandpa.id));
    await sendQuestionNow({ linkId: grandpa.id, userId: user.id });
    const [send] = await listHandSends({ userId: user.id });
    expect(send!.url).toBeNull();
    expect(send!.message).toBe(
      "Dear Grandpa Tom,\nThis week, we would love to hear you tell us:\n\nBà nhớ gì nhất về ngôi nhà thời thơ ấu?",
    );
  });

  it("leaves out sends marked sent, gone by email, of ended links, or whose question is gone", async () => {
    const { user, topic, link, questions } = await bookOf();
    const marked = await link("Marked");
    const markedSend = await sendQuestionNow({ linkId: marked.id, userId: user.id });
    await markHandSendSent({ sendId: markedSend.sendId, userId: user.id });
    // By hand first, then by email once she has an address: the email is this week's, the older hand send is past.
    const emailed = await link("Emailed");
    await sendQuestionNow({ linkId: emailed.id, userId: user.id, now: new Date(Date.now() - DAY_MS) });
    await changeStorytellerLink({ linkId: emailed.id, userId: user.id, changes: { email: "lan@example.com" } });
    expect((await sendQuestionNow({ linkId: emailed.id, userId: user.id })).channel).toBe("email");
    const revoked = await link("Revoked");
    await sendQuestionNow({ linkId: revoked.id, userId: user.id });
    await revokeStorytellerLink({ linkId: revoked.id, userId: user.id });
    const waiting = await link("Waiting");
    const waitingSend = await sendQuestionNow({ linkId: waiting.id, userId: user.id });
    // Answered meanwhile: she opened her link anyway, and nothing is left to send.
    const answered = await link("Answered");
    await changeStorytellerLink({
      linkId: answered.id,
      userId: user.id,
      changes: { nextQuestionId: questions[1]!.id },
    });
    const answeredSend = await sendQuestionNow({ linkId: answered.id, userId: user.id });
    await createStory({
      topicId: topic.id,
      userId: user.id,
      input: { title: "Chuyện", content: "Ngày xưa…", questionId: answeredSend.questionId, status: "draft" },
    });
    expect((await listHandSends({ userId: user.id })).map((send) => send.name)).toEqual(["Waiting"]);
    // Past the links' lifetime (30 days by default) nothing waits; the topic deleted takes its questions with it.
    expect(await listHandSends({ userId: user.id, now: new Date(Date.now() + 400 * DAY_MS) })).toEqual([]);
    expect((await sendRow(waitingSend.sendId)).questionId).not.toBeNull();
    await deleteTopic({ topicId: topic.id, userId: user.id });
    expect(await listHandSends({ userId: user.id })).toEqual([]);
  });

  it("lists at most ten, newest first, in one query however many links wait", async () => {
    const { user, link } = await bookOf();
    const base = Date.now() - DAY_MS;
    const sends = [];
    for (let i = 0; i < 12; i += 1) {
      const teller = await link(`Teller ${i}`);
      sends.push(await sendQuestionNow({ linkId: teller.id, userId: user.id, now: new Date(base + i * 60_000) }));
    }
    const { result, count } = await countQueries(() => listHandSends({ userId: user.id }));
    expect(result.map((send) => send.sendId)).toEqual(
      sends
        .map((send) => send.sendId)
        .reverse()
        .slice(0, 10),
    );
    // SQLite reports its statements; PostgreSQL's are not counted.
    if (!process.env.DATABASE_URL) expect(count).toBe(1);
  });

  it("is marked sent by the owner alone, once: a 404 for anyone else and for an email", async () => {
    const { user, link } = await bookOf();
    const stranger = await bookOf();
    const lan = await link();
    const send = await sendQuestionNow({ linkId: lan.id, userId: user.id });
    await expect(markHandSendSent({ sendId: send.sendId, userId: stranger.user.id })).rejects.toMatchObject({
      status: 404,
      messageKey: "handSend.notFound",
    });
    expect((await sendRow(send.sendId)).sentAt).toBeNull();
    const at = new Date(Date.now() - 60_000);
    await markHandSendSent({ sendId: send.sendId, userId: user.id, now: at });
    await markHandSendSent({ sendId: send.sendId, userId: user.id });
    expect((await sendRow(send.sendId)).sentAt).toEqual(at);
    expect(await listHandSends({ userId: user.id })).toEqual([]);
    await changeStorytellerLink({ linkId: lan.id, userId: user.id, changes: { email: "lan@example.com" } });
    const emailed = await sendQuestionNow({ linkId: lan.id, userId: user.id });
    await expect(markHandSendSent({ sendId: emailed.sendId, userId: user.id })).rejects.toMatchObject({ status: 404 });
    await expect(markHandSendSent({ sendId: 999_999, userId: user.id })).rejects.toMatchObject({ status: 404 });
  });
});
