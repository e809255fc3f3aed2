import fs from "node:fs";
import path from "node:path";
import MailComposer from "nodemailer/lib/mail-composer";
import { afterAll, describe, expect, it } from "vitest";
import { startSmtpSink } from "../../../tests/support/smtp-sink";

// Issue 37 §2 on a server without ffmpeg: her reply is taken, and what no story keeps (an AMR voice memo it cannot
// convert, a document) is dropped and named in the owner's next email. A real SMTP server receives that email.
const smtp = await startSmtpSink();
process.env.SMTP_URL = smtp.url;
process.env.MAIL_FROM = "Heirloom <family@heirloom.example>";
process.env.MAIL_REPLY_DOMAIN = "reply.heirloom.example";
process.env.PUBLIC_URL = "https://family.example";
process.env.FFMPEG_PATH = "/nonexistent/ffmpeg";
afterAll(() => smtp.close());

const { eq } = await import("drizzle-orm");
const { db } = await import("~db/client.server");
const { mailMessages, stories } = await import("~db/schema");
const { createBook } = await import("~/models/book.server");
const { createTopics } = await import("~/models/topic.server");
const { addQuestions } = await import("~/models/question.server");
const { createUser } = await import("~/models/user.server");
const { changeStorytellerLink, createStorytellerLink } = await import("~/models/storyteller-link.server");
const { sendQuestionNow } = await import("~/models/weekly-question.server");
const { deliverDueMail } = await import("~/models/mail-queue.server");
const { replyKeyOf } = await import("~/platform/reply-key.server");
const { takeRawReply } = await import("./reply-intake.server");

const memo = fs.readFileSync(
  path.join(import.meta.dirname, "..", "..", "..", "tests", "fixtures", "mail", "voice-memo.amr"),
);

describe("a reply on a server without ffmpeg", () => {
  it("is taken with her words, and names what it dropped in the owner's next email", async () => {
    const user = await createUser({ username: "lan", email: "lan@example.com", password: "secret1" });
    const input = { title: "Chuyện của bà", description: "", tone: "", language: "vi" as const, coverImage: null };
    const book = await createBook({ userId: user.id, input });
    const [topic] = await createTopics({
      bookId: book.id,
      userId: user.id,
      items: [{ title: "Tuổi thơ", description: "" }],
    });
    await addQuestions({ topicId: topic!.id, userId: user.id, texts: ["Bà lớn lên ở đâu?"], source: "custom" });
    const { link } = await createStorytellerLink({
      bookId: book.id,
      userId: user.id,
      name: "Bà Lan",
      address: "ba",
      topicIds: null,
      expiresAt: null,
    });
    await changeStorytellerLink({ linkId: link.id, userId: user.id, changes: { email: "bala@example.com" } });
    const send = await sendQuestionNow({ linkId: link.id, userId: user.id });
    const raw = await new MailComposer({
      from: "bala@example.com",
      to: `tell+${replyKeyOf(send.sendId)}@reply.heirloom.example`,
      subject: "Re: Câu hỏi tuần này",
      text: "Bà lớn lên ở Huế, bên sông Hương.",
      messageId: "<reply-without-ffmpeg@example.com>",
      attachments: [
        { filename: "Ghi âm 001.amr", content: memo },
        { filename: "thư.pdf", content: Buffer.from("%PDF-1.4\n%%EOF\n") },
      ],
    })
      .compile()
      .build();
    const outcome = await takeRawReply(raw);
    expect(outcome.taken).toBe(true);
    const [story] = await db().select().from(stories).where(eq(stories.bookId, book.id));
    expect(story).toMatchObject({ content: "Bà lớn lên ở Huế, bên sông Hương.", hasAudio: false, status: "draft" });
    const logged = await db().select().from(mailMessages).where(eq(mailMessages.direction, "in"));
    expect(logged.map((row) => [row.status, row.reason])).toEqual([["taken", "dropped:Ghi âm 001.amr, thư.pdf"]]);
    await deliverDueMail(new Date(Date.now() + 60_000));
    const notice = smtp.received.find((mail) => mail.rcptTo.includes("lan@example.com"));
    expect(notice?.parsed.text).toContain("Ghi âm 001.amr, thư.pdf");
  });
});
