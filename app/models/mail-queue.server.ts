import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { db, transaction } from "~db/client.server";
import { skippingLocked } from "~db/locked-rows";
import { books, mailMessages, questions, questionSends, storytellerLinks, type MailMessage } from "~db/schema";
import { questionEmail } from "~/mail/question-email.server";
import { env } from "~/platform/env.server";
import { MailNotSent, type OutgoingMail, sendMail } from "~/platform/mail-transport.server";
import { replyKeyOf } from "~/platform/reply-key.server";
import { NOT_SENT } from "./mail-outbox.server";
import { ownerNoticeMail } from "./owner-notices.server";
import { doorOnQuestion, linkDoorUrl } from "./storyteller-link-url.server";

/** How long a server holds a message it is sending: past it, a server that died mid-send is taken over. */
const LEASE_MS = 2 * 60_000;
/** The waits between tries when the relay is out of reach or says "later" (4xx); after the last, the message failed. */
const RETRY_AFTER_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000, 6 * 60 * 60_000];

/** The outgoing messages due at `now` that no live server holds, leased to this one, each try counted. */
async function leaseDue(now: Date, batch: number): Promise<MailMessage[]> {
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const isDue = and(
    eq(mailMessages.status, "queued"),
    lte(mailMessages.nextAttemptAt, now),
    or(isNull(mailMessages.leaseUntil), lte(mailMessages.leaseUntil, now)),
  );
  // Most polls find nothing: a read on the index says so without taking the writer's turn (every 5 s, every server).
  if (!(await db().select({ id: mailMessages.id }).from(mailMessages).where(isDue).limit(1)).length) return [];
  return transaction(async (tx) => {
    const due = await skippingLocked(
      tx
        .select({ id: mailMessages.id })
        .from(mailMessages)
        .where(isDue)
        .orderBy(asc(mailMessages.nextAttemptAt), asc(mailMessages.id))
        .limit(batch),
    );
    if (!due.length) return [];
    return await tx
      .update(mailMessages)
      .set({ leaseUntil, attempts: sql`${mailMessages.attempts} + 1` })
      .where(
        inArray(
          mailMessages.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** A week's question, written now from what the link and the question are now: a paused or ended link sends nothing. */
async function questionMail(message: MailMessage, now: Date): Promise<OutgoingMail | string> {
  const row = (
    await db()
      .select({ send: questionSends, link: storytellerLinks, book: books, question: questions.question })
      .from(questionSends)
      .innerJoin(storytellerLinks, eq(storytellerLinks.id, questionSends.linkId))
      .innerJoin(books, eq(books.id, storytellerLinks.bookId))
      .leftJoin(questions, eq(questions.id, questionSends.questionId))
      .where(eq(questionSends.id, message.sendId!))
  )[0];
  if (!row || row.question === null || row.send.questionId === null) return NOT_SENT.questionGone;
  const { link, book, send } = row;
  if (link.pausedAt !== null) return NOT_SENT.paused;
  const door = linkDoorUrl(link);
  if (link.revokedAt !== null || link.expiresAt.getTime() <= now.getTime() || !door) return NOT_SENT.ended;
  const replyDomain = env().MAIL_REPLY_DOMAIN;
  const pauseUrl = `${door}/pause`;
  const email = questionEmail({
    language: book.language,
    name: link.name,
    address: link.address,
    bookTitle: book.title,
    question: row.question,
    answerUrl: doorOnQuestion(door, row.send.questionId),
    pauseUrl,
    repliesTaken: Boolean(replyDomain),
  });
  return {
    ...email,
    to: message.recipient,
    messageId: message.messageId!,
    replyTo: replyDomain ? `tell+${replyKeyOf(send.id)}@${replyDomain}` : undefined,
    // RFC 8058: her mail app's "Unsubscribe" pauses the weekly questions, in one POST and without a page.
    headers: { "List-Unsubscribe": `<${pauseUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/** Writes down how a leased message went, unless another server has taken it over since (its lease ran out). */
async function settle(
  message: MailMessage,
  now: Date,
  outcome: { sent: true; subject: string } | { error: MailNotSent | string },
) {
  const held = and(eq(mailMessages.id, message.id), eq(mailMessages.leaseUntil, message.leaseUntil!));
  if ("sent" in outcome) {
    await transaction(async (tx) => {
      await tx
        .update(mailMessages)
        // The subject as it went: a notice's is written when it goes, from the answers that came by then.
        .set({ status: "sent", subject: outcome.subject, reason: null, leaseUntil: null, finishedAt: now })
        .where(held);
      if (message.sendId !== null)
        await tx.update(questionSends).set({ sentAt: now }).where(eq(questionSends.id, message.sendId));
    });
    return;
  }
  const { error } = outcome;
  const reason = typeof error === "string" ? error : error.reason;
  const again = typeof error !== "string" && !error.permanent && message.attempts <= RETRY_AFTER_MS.length;
  await transaction((tx) =>
    tx
      .update(mailMessages)
      .set(
        again
          ? { reason, leaseUntil: null, nextAttemptAt: new Date(now.getTime() + RETRY_AFTER_MS[message.attempts - 1]!) }
          : { status: "failed", reason, leaseUntil: null, finishedAt: now },
      )
      .where(held),
  );
}

/** The message a queued row stands for, written now; a string says why it is not sent at all. */
async function written(message: MailMessage, now: Date): Promise<OutgoingMail | string> {
  if (message.kind === "question") return questionMail(message, now);
  const notice = await ownerNoticeMail(message, now);
  if (typeof notice === "string") return notice;
  return { ...notice, to: message.recipient, messageId: message.messageId! };
}

async function deliver(message: MailMessage, now: Date): Promise<void> {
  const mail = await written(message, now);
  if (typeof mail === "string") return settle(message, now, { error: mail });
  try {
    await sendMail(mail);
  } catch (error) {
    if (!(error instanceof MailNotSent)) throw error;
    return settle(message, now, { error });
  }
  await settle(message, now, { sent: true, subject: mail.subject });
}

/**
 * One batch of the outgoing mail due at `now` (ADR 0041): leased to this server, each sent under the Message-ID
 * stored when it was queued, then marked sent, queued again after a wait, or failed with the relay's words. Answers
 * how many it took: a full batch means more may be due.
 */
export async function deliverDueMail(now: Date, batch = 20): Promise<number> {
  const leased = await leaseDue(now, batch);
  await Promise.all(leased.map((message) => deliver(message, now)));
  return leased.length;
}
