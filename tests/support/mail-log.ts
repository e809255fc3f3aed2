import type { TestDatabase } from "./test-database";

const HOUR = 60 * 60_000;

type Row = {
  direction: "out" | "in";
  kind: "question" | "reply";
  linkId: number | null;
  bookId: number | null;
  recipient: string;
  sender: string;
  subject: string;
  status: "queued" | "sent" | "failed" | "taken" | "refused";
  reason: string | null;
  attempts: number;
  nextAttemptAt: Date | null;
  createdAt: Date;
  finishedAt: Date | null;
};

/**
 * The admin's Email tab's rows, written straight into `mail_messages` as the mail queue and the inbound mail write
 * them (issue 37), for a link and its book: 25 weekly questions to Bà Lan an hour apart, the newest 5 hours ago and
 * waiting for a retry after the relay said "later", the three before it failed for good (a full mailbox twice, then
 * not sent because she had paused); among those, her reply, taken, and a stranger's, refused. 27 rows, 3 failed.
 */
export async function seedMailLog(database: TestDatabase, link: { linkId: number; bookId: number }, now = Date.now()) {
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
  const question = (n: number, status: Row["status"], reason: string | null, attempts = 1): Row => ({
    direction: "out",
    kind: "question",
    ...link,
    recipient: "lan@example.com",
    sender: "",
    subject: `Câu hỏi tuần ${n}`,
    status,
    reason,
    attempts,
    nextAttemptAt: status === "queued" ? at(-1) : null,
    createdAt: at(30 - n),
    finishedAt: status === "queued" ? null : at(30 - n),
  });
  const rows: Row[] = Array.from({ length: 25 }, (_, i) => {
    const n = i + 1;
    if (n === 25) return question(n, "queued", "421 4.7.0 Try again later", 2);
    if (n === 24 || n === 23) return question(n, "failed", "552 5.2.2 Mailbox full", 6);
    if (n === 22) return question(n, "failed", "not-sent:paused", 1);
    return question(n, "sent", null);
  });
  const reply = (sender: string, status: "taken" | "refused", reason: string | null, hoursAgo: number): Row => ({
    direction: "in",
    kind: "reply",
    linkId: status === "taken" ? link.linkId : null,
    bookId: status === "taken" ? link.bookId : null,
    recipient: "tell+k3y@reply.heirloom.example",
    sender,
    subject: "Re: Câu hỏi tuần 21",
    status,
    reason,
    attempts: 0,
    nextAttemptAt: null,
    createdAt: at(hoursAgo),
    finishedAt: at(hoursAgo),
  });
  rows.push(
    reply("lan@example.com", "taken", null, 8.5),
    reply("stranger@example.net", "refused", "refused:sender", 7.5),
  );
  const columns =
    "direction, kind, link_id, book_id, recipient, sender, subject, status, reason, attempts, next_attempt_at, " +
    "created_at, finished_at";
  await database.query(
    `insert into mail_messages (${columns}) values ${rows.map(() => `(${Array(13).fill("?").join(", ")})`).join(", ")}`,
    rows.flatMap((row) => [
      row.direction,
      row.kind,
      row.linkId,
      row.bookId,
      row.recipient,
      row.sender,
      row.subject,
      row.status,
      row.reason,
      row.attempts,
      row.nextAttemptAt,
      row.createdAt,
      row.finishedAt,
    ]),
  );
  return { total: rows.length, failed: 3 };
}
