import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { startSmtpSink } from "../../tests/support/smtp-sink";

// Issue 37 §3 and §1: the owner hears back. One email a day per book collects her answers since the last; one email
// tells the owner when she has not answered two weeks running; Profile turns both off. A real SMTP server receives
// them.
const smtp = await startSmtpSink();
process.env.SMTP_URL = smtp.url;
process.env.MAIL_FROM = "Heirloom <family@heirloom.example>";
process.env.PUBLIC_URL = "https://family.example";
afterAll(() => smtp.close());

const { and, eq } = await import("drizzle-orm");
const { db } = await import("~db/client.server");
const { mailMessages, questionSends, storytellerLinks } = await import("~db/schema");
const { createBook } = await import("./book.server");
const { createTopics } = await import("./topic.server");
const { addQuestions } = await import("./question.server");
const { createUser, setAnswerEmails } = await import("./user.server");
const { changeStorytellerLink, createStorytellerLink, listStorytellerLinks } = await import(
  "./storyteller-link.server"
);
const { runDueSchedules } = await import("./weekly-question.server");
const { deliverDueMail } = await import("./mail-queue.server");
const { keepAnswer } = await import("~/routes/storyteller/door-answer.server");

const DAY_MS = 24 * 60 * 60 * 1000;
let seq = 0;

async function ownerWithLink() {
  seq += 1;
  const email = `owner${seq}@example.com`;
  const user = await createUser({ username: `owner${seq}`, email, password: "secret1" });
  const input = { title: "Chuyện nhà mình", description: "", tone: "", language: "vi" as const, coverImage: null };
  const book = await createBook({ userId: user.id, input });
  const [topic] = await createTopics({
    bookId: book.id,
    userId: user.id,
    items: [{ title: "Tuổi thơ", description: "" }],
  });
  const questions = await addQuestions({
    topicId: topic!.id,
    userId: user.id,
    texts: ["Câu một?", "Câu hai?", "Câu ba?", "Câu bốn?"],
    source: "custom",
  });
  const { link: view } = await createStorytellerLink({
    bookId: book.id,
    userId: user.id,
    name: "Bà Lan",
    address: "ba",
    topicIds: null,
    expiresAt: null,
  });
  const link = async () => (await db().select().from(storytellerLinks).where(eq(storytellerLinks.id, view.id)))[0]!;
  const answer = async (index: number) =>
    keepAnswer(
      { ownerId: user.id, link: await link() },
      {
        questionId: questions[index]!.id,
        content: "Ngày xưa…",
        idempotencyKey: crypto.randomUUID(),
        audio: undefined,
      },
    );
  const notices = (kind: "answers" | "quiet") =>
    db()
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.bookId, book.id), eq(mailMessages.kind, kind)));
  const inbox = () => smtp.received.filter((mail) => mail.rcptTo.includes(email));
  return { user, book, view, questions, answer, notices, inbox, email };
}

beforeEach(() => smtp.accept());

describe("the owner's email about new answers", () => {
  it("goes at most once a day per book, collecting every answer since the last", async () => {
    const { book, answer, notices, inbox } = await ownerWithLink();
    await answer(0);
    await answer(1);
    expect(await notices("answers")).toHaveLength(1);
    const now = new Date();
    await deliverDueMail(now);
    expect(inbox()).toHaveLength(1);
    const first = inbox()[0]!.parsed;
    expect(first.subject).toBe("Bà Lan đã kể 2 câu chuyện mới trong “Chuyện nhà mình”");
    expect(first.text).toContain(`https://family.example/books/${book.id}?storyId=`);
    expect(first.text).toContain("https://family.example/profile");
    // A third answer the same day waits for tomorrow, and then tells only of itself.
    await answer(2);
    const [, waiting] = await notices("answers");
    expect(waiting!.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(now.getTime() + DAY_MS - 1000);
    await deliverDueMail(new Date());
    expect(inbox()).toHaveLength(1);
    await deliverDueMail(waiting!.nextAttemptAt!);
    expect(inbox()).toHaveLength(2);
    expect(inbox()[1]!.parsed.subject).toBe("Bà Lan đã kể 1 câu chuyện mới trong “Chuyện nhà mình”");
  });

  it("is not sent when the owner turned it off in Profile", async () => {
    const { user, answer, notices, inbox } = await ownerWithLink();
    await setAnswerEmails({ userId: user.id, on: false });
    await answer(0);
    await deliverDueMail(new Date());
    expect(await notices("answers")).toHaveLength(0);
    expect(inbox()).toHaveLength(0);
  });
});

describe("the owner's notice of two quiet weeks", () => {
  it("goes once, when the two questions before this week's are both unanswered", async () => {
    const { user, book, view, answer, notices, inbox } = await ownerWithLink();
    await setAnswerEmails({ userId: user.id, on: true });
    await changeStorytellerLink({
      linkId: view.id,
      userId: user.id,
      changes: { email: "lan@example.com", schedule: { weekdays: [1], time: "09:00", timeZone: "Asia/Ho_Chi_Minh" } },
    });
    // Four weeks, each one's question delivered: she answers none.
    for (let week = 0; week < 4; week++) {
      const due = (await db().select().from(storytellerLinks).where(eq(storytellerLinks.id, view.id)))[0]!.nextSendAt!;
      await runDueSchedules(due);
      await deliverDueMail(due);
    }
    const sent = await db().select().from(questionSends).where(eq(questionSends.linkId, view.id));
    expect(sent).toHaveLength(4);
    const told = await notices("quiet");
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ status: "sent" });
    const mail = inbox().find((received) => received.parsed.subject === "Bà Lan chưa trả lời đã hai tuần");
    expect(mail?.parsed.text).toContain("Chuyện nhà mình");
    // The link card says so too, until she answers one of the last two.
    const quiet = async () =>
      (await listStorytellerLinks({ bookId: book.id, userId: user.id }))!.find((link) => link.id === view.id)!
        .quietWeeks;
    expect(await quiet()).toBe(true);
    // An answer does not undo the notice, and no second notice comes for the same weeks.
    await answer(3);
    expect(await notices("quiet")).toHaveLength(1);
    expect(await quiet()).toBe(false);
  });
});
