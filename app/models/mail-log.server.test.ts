import { describe, expect, it } from "vitest";
import { db } from "~db/client.server";
import { mailMessages } from "~db/schema";
import { createBook } from "./book.server";
import { countFailedMail, listMailLog } from "./mail-log.server";
import { createStorytellerLink } from "./storyteller-link.server";
import { createUser } from "./user.server";

// The admin's Email tab reads `mail_messages` (issue 37): newest first, filtered, cut in SQL, with her name on the link
// and the book's title, and the Overview counts the week's failed outgoing mail. Rows go in directly, as the mail
// queue and the inbound mail write them.

const HOUR = 60 * 60_000;
const NOW = new Date("2026-11-20T12:00:00Z");
const ago = (hours: number) => new Date(NOW.getTime() - hours * HOUR);
const query = { q: "", page: 1, pageSize: 20 };

async function bookWithLink() {
  const user = await createUser({ username: "owner", email: "owner@example.com", password: "secret1" });
  const input = { title: "Chuyện nhà mình", description: "", tone: "", language: "vi" as const, coverImage: null };
  const book = await createBook({ userId: user.id, input });
  const { link } = await createStorytellerLink({
    bookId: book.id,
    userId: user.id,
    name: "Bà Lan",
    address: "ba",
    topicIds: null,
    expiresAt: null,
  });
  return { book, link };
}

describe("the mail log (issue 37)", () => {
  it("lists mail newest first with the link's name and the book's title, filtered and paged in SQL", async () => {
    const { book, link } = await bookWithLink();
    // 22 weekly questions an hour apart, every fourth one failed; then two refused replies with no link at all.
    const outgoing = Array.from({ length: 22 }, (_, i) => ({
      direction: "out" as const,
      kind: "question" as const,
      linkId: link.id,
      bookId: book.id,
      recipient: "lan@example.com",
      subject: `Câu hỏi tuần ${i + 1}`,
      messageId: `<q${i + 1}@heirloom.example>`,
      status: i % 4 === 0 ? ("failed" as const) : ("sent" as const),
      reason: i % 4 === 0 ? "552 5.2.2 Mailbox full" : null,
      attempts: 1,
      createdAt: ago(40 - i),
      finishedAt: ago(40 - i),
    }));
    const refused = ["refused:unknown-key", "refused:sender"].map((reason, i) => ({
      direction: "in" as const,
      kind: "reply" as const,
      sender: `stranger${i}@example.net`,
      recipient: "tell+abc@reply.heirloom.example",
      subject: "Re: hello",
      status: "refused" as const,
      reason,
      createdAt: ago(1 - i / 2),
    }));
    await db()
      .insert(mailMessages)
      .values([...outgoing, ...refused]);

    const first = await listMailLog(query);
    expect(first).toMatchObject({ total: 24, page: 1, pages: 2 });
    expect(first.messages.map((m) => m.subject).slice(0, 4)).toEqual([
      "Re: hello",
      "Re: hello",
      "Câu hỏi tuần 22",
      "Câu hỏi tuần 21",
    ]);
    expect(first.messages[0]).toMatchObject({ sender: "stranger1@example.net", linkName: null, bookTitle: null });
    expect(first.messages[2]).toMatchObject({ linkName: "Bà Lan", bookTitle: "Chuyện nhà mình", attempts: 1 });
    // Never a body: only the log's own columns leave the database.
    expect(Object.keys(first.messages[0]!).sort()).toEqual(
      [
        "id",
        "direction",
        "kind",
        "linkId",
        "linkName",
        "bookId",
        "bookTitle",
        "recipient",
        "sender",
        "subject",
        "messageId",
        "status",
        "reason",
        "attempts",
        "nextAttemptAt",
        "createdAt",
        "finishedAt",
      ].sort(),
    );

    const second = await listMailLog({ ...query, page: 2 });
    expect(second.messages.map((m) => m.subject)).toEqual(["4", "3", "2", "1"].map((n) => `Câu hỏi tuần ${n}`));
    // A page past the end is the last page.
    expect((await listMailLog({ ...query, page: 9 })).page).toBe(2);

    const failed = await listMailLog({ ...query, direction: "out", status: "failed" });
    expect(failed.total).toBe(6);
    expect(failed.messages.map((m) => m.subject)).toEqual(
      ["21", "17", "13", "9", "5", "1"].map((n) => `Câu hỏi tuần ${n}`),
    );
    expect(failed.messages.every((m) => m.reason === "552 5.2.2 Mailbox full")).toBe(true);
    expect((await listMailLog({ ...query, direction: "in" })).messages.map((m) => m.reason)).toEqual([
      "refused:sender",
      "refused:unknown-key",
    ]);
    expect((await listMailLog({ ...query, direction: "in", status: "sent" })).total).toBe(0);

    // The search reads the addresses, subjects, her name and the book's title, and is counted the same way.
    expect((await listMailLog({ ...query, q: "stranger0" })).messages.map((m) => m.sender)).toEqual([
      "stranger0@example.net",
    ]);
    expect((await listMailLog({ ...query, q: "bà lan", pageSize: 5 })).total).toBe(22);
    expect((await listMailLog({ ...query, q: "nhà mình", status: "failed" })).total).toBe(6);
  });

  it("counts the outgoing mail that failed for good since a time, for the Overview", async () => {
    const since = ago(7 * 24);
    const before = await countFailedMail(since);
    const row = (status: "failed" | "sent" | "queued", direction: "out" | "in", finishedAt: Date | null) => ({
      direction,
      kind: direction === "out" ? ("question" as const) : ("reply" as const),
      status,
      recipient: "lan@example.com",
      createdAt: finishedAt ?? NOW,
      finishedAt,
    });
    await db()
      .insert(mailMessages)
      .values([
        row("failed", "out", ago(2)),
        row("failed", "out", ago(6 * 24)),
        // Failed before the week, still being retried, sent: not counted.
        row("failed", "out", ago(8 * 24)),
        row("queued", "out", null),
        row("sent", "out", ago(1)),
      ]);
    expect((await countFailedMail(since)) - before).toBe(2);
  });
});
