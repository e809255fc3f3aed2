import { and, asc, eq, isNotNull, isNull, lte, max } from "drizzle-orm";
import { db, transaction, type Tx } from "~db/client.server";
import { skippingLocked } from "~db/locked-rows";
import { books, questionSends, storytellerLinks, type StorytellerLink } from "~db/schema";
import type { QuestionChannel } from "~db/values";
import { AppError } from "~/lib/errors";
import { nextSendAt } from "~/lib/weekly-schedule";
import { questionSubject } from "~/mail/question-email.server";
import { env } from "~/platform/env.server";
import { sendsMail } from "~/platform/mail-transport.server";
import { hashReplyKey, replyKeyOf } from "~/platform/reply-key.server";
import { logActivity } from "./activity.server";
import { queueMail } from "./mail-outbox.server";
import { noteQuietWeeks } from "./owner-notices.server";
import { unansweredQuestions, type TellerQuestion } from "./storyteller-answer.server";
import { type LinkOfBook, ownedLiveLink } from "./storyteller-link.server";
import { linkDoorUrl } from "./storyteller-link-url.server";

/** A week's question as it went: which, and how (her email, to `recipient`, or the family's hand). */
export type WeekSend = { sendId: number; questionId: number; channel: QuestionChannel; recipient: string | null };

/**
 * The question a link asks next (issue 37): the family's "ask this one next" while it is still unanswered; else the
 * first unanswered one in book order that this link has not sent yet; else, once every one has gone, the unanswered
 * one sent longest ago. A question sent and not answered is not sent again the next week: the next one is.
 */
export async function nextQuestionOf(link: StorytellerLink, runner: Tx = db()): Promise<TellerQuestion | null> {
  const open = await unansweredQuestions(link);
  if (!open.length) return null;
  const chosen = open.find((question) => question.id === link.nextQuestionId);
  if (chosen) return chosen;
  const sent = new Map(
    (
      await runner
        .select({ questionId: questionSends.questionId, last: max(questionSends.createdAt) })
        .from(questionSends)
        .where(and(eq(questionSends.linkId, link.id), isNotNull(questionSends.questionId)))
        .groupBy(questionSends.questionId)
    ).map((row) => [row.questionId!, row.last ? new Date(row.last).getTime() : 0]),
  );
  const unsent = open.find((question) => !sent.has(question.id));
  if (unsent) return unsent;
  return open.reduce((oldest, question) => (sent.get(question.id)! < sent.get(oldest.id)! ? question : oldest));
}

/** By email when she has an address, the server sends mail and her link can be written into it; by hand otherwise. */
function channelOf(link: StorytellerLink): QuestionChannel {
  return link.email && sendsMail() && linkDoorUrl(link) ? "email" : "hand";
}

/**
 * Records one send of `question` on `link`, in the caller's transaction: a by-hand send waits on the owner's Home,
 * an email is queued with its Message-ID fixed now, before any try (ADR 0041), so that no retry writes a second one.
 */
async function recordSend(tx: Tx, link: StorytellerLink, question: TellerQuestion, now: Date): Promise<WeekSend> {
  const channel = channelOf(link);
  const send = (
    await tx
      .insert(questionSends)
      .values({ linkId: link.id, questionId: question.id, channel, createdAt: now })
      .returning({ id: questionSends.id })
  )[0]!;
  if (channel === "email") {
    const book = (await tx.select({ language: books.language }).from(books).where(eq(books.id, link.bookId)))[0]!;
    if (env().MAIL_REPLY_DOMAIN)
      await tx
        .update(questionSends)
        .set({ replyKeyHash: hashReplyKey(replyKeyOf(send.id)) })
        .where(eq(questionSends.id, send.id));
    const subject = questionSubject(book.language, question.question);
    await queueMail(tx, {
      kind: "question",
      recipient: link.email!,
      subject,
      bookId: link.bookId,
      linkId: link.id,
      sendId: send.id,
      now,
    });
  }
  if (link.nextQuestionId === question.id)
    await tx.update(storytellerLinks).set({ nextQuestionId: null }).where(eq(storytellerLinks.id, link.id));
  return { sendId: send.id, questionId: question.id, channel, recipient: channel === "email" ? link.email : null };
}

/**
 * "Send this week's question now" (POST /api/storyteller-links/{id}/send): the next question at once, by the same
 * path as the schedule's, which keeps its own days. A 409 when nothing is left to ask; a 404 for anyone but the owner.
 */
export async function sendQuestionNow({ now = new Date(), ...which }: LinkOfBook & { now?: Date }): Promise<WeekSend> {
  return transaction(async (tx) => {
    const link = await ownedLiveLink(tx, which);
    if (link.expiresAt.getTime() <= now.getTime()) throw new AppError(404, "storyteller.notFound");
    const question = await nextQuestionOf(link, tx);
    if (!question) throw new AppError(409, "storyteller.nothingToAsk");
    const send = await recordSend(tx, link, question, now);
    await logActivity(tx, {
      userId: which.userId,
      action: "create",
      resource: "storyteller-send",
      details: { id: send.sendId, linkId: link.id, channel: send.channel },
    });
    return send;
  });
}

/**
 * One batch of the weekly schedule's due sends (ADR 0041): each link whose next send has come, taken in this
 * transaction (on PostgreSQL locked, skipping links another server holds), sends its next question and moves on to
 * its next time after `now`. Weeks missed while every server was down are not made up. Answers how many links it
 * took: a full batch means more may be due.
 */
export async function runDueSchedules(now: Date, batch = 50): Promise<number> {
  const isDue = and(
    lte(storytellerLinks.nextSendAt, now),
    isNull(storytellerLinks.revokedAt),
    isNull(storytellerLinks.pausedAt),
  );
  // Most polls find nothing: a read on the index says so without taking the writer's turn (every 5 s, every server).
  if (!(await db().select({ id: storytellerLinks.id }).from(storytellerLinks).where(isDue).limit(1)).length) return 0;
  return transaction(async (tx) => {
    const due = await skippingLocked(
      tx
        .select()
        .from(storytellerLinks)
        .where(isDue)
        .orderBy(asc(storytellerLinks.nextSendAt), asc(storytellerLinks.id))
        .limit(batch),
    );
    for (const link of due) {
      const live = link.schedule !== null && link.expiresAt.getTime() > now.getTime();
      const question = live ? await nextQuestionOf(link, tx) : null;
      if (question) {
        await recordSend(tx, link, question, now);
        await noteQuietWeeks(tx, link, now);
      }
      await tx
        .update(storytellerLinks)
        .set({ nextSendAt: live ? nextSendAt(link.schedule!, now) : null })
        .where(eq(storytellerLinks.id, link.id));
    }
    return due.length;
  });
}
