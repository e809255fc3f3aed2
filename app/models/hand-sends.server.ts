import { and, desc, eq, gt, isNull, notExists, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { prepared, transaction } from "~db/client.server";
import { books, questions, questionSends, stories, storytellerLinks } from "~db/schema";
import { AppError } from "~/lib/errors";
import { handMessage } from "~/mail/hand-message.server";
import { logActivity } from "./activity.server";
import type { HandSend } from "./hand-sends.types";
import { doorOnQuestion, linkDoorUrl } from "./storyteller-link-url.server";

/** Home shows at most this many, newest first: a family with more links sends the rest after these. */
const HAND_SENDS_MAX = 10;

/**
 * The week's questions waiting for the family to send by hand (issue 37), for Home: for each live link (neither
 * revoked nor expired) of the user's books, its latest send, when that went by hand, is not marked sent yet and its
 * question still exists, unanswered. A link's older send is past: the latest one is what she is asked this week. One
 * query.
 */
export async function listHandSends({ userId, now = new Date() }: { userId: number; now?: Date }): Promise<HandSend[]> {
  // Prepared once: Home asks on every render.
  const query = prepared("listHandSends", (client) => {
    const later = alias(questionSends, "later_send");
    const laterSend = client
      .select({ id: later.id })
      .from(later)
      .where(
        and(
          eq(later.linkId, questionSends.linkId),
          or(
            gt(later.createdAt, questionSends.createdAt),
            and(eq(later.createdAt, questionSends.createdAt), gt(later.id, questionSends.id)),
          ),
        ),
      );
    return client
      .select({
        sendId: questionSends.id,
        questionId: questions.id,
        question: questions.question,
        link: {
          name: storytellerLinks.name,
          address: storytellerLinks.address,
          tokenSealed: storytellerLinks.tokenSealed,
          origin: storytellerLinks.origin,
        },
        bookTitle: books.title,
        language: books.language,
      })
      .from(questionSends)
      .innerJoin(storytellerLinks, eq(storytellerLinks.id, questionSends.linkId))
      .innerJoin(books, eq(books.id, storytellerLinks.bookId))
      .innerJoin(questions, eq(questions.id, questionSends.questionId))
      .where(
        and(
          eq(books.userId, sql.placeholder("userId")),
          isNull(storytellerLinks.revokedAt),
          gt(storytellerLinks.expiresAt, sql.param(sql.placeholder("now"), storytellerLinks.expiresAt)),
          eq(questionSends.channel, "hand"),
          isNull(questionSends.sentAt),
          notExists(laterSend),
          // Answered meanwhile (she opened her link anyway, or the family wrote it): nothing is left to send.
          notExists(client.select({ id: stories.id }).from(stories).where(eq(stories.questionId, questions.id))),
        ),
      )
      .orderBy(desc(questionSends.createdAt), desc(questionSends.id))
      .limit(HAND_SENDS_MAX);
  });
  const rows = await query.execute({ userId, now });
  return rows.map((row) => {
    const door = linkDoorUrl(row.link);
    const url = door ? doorOnQuestion(door, row.questionId) : null;
    const message = handMessage({ ...row.link, language: row.language, question: row.question, answerUrl: url });
    return { sendId: row.sendId, name: row.link.name, bookTitle: row.bookTitle, message, url };
  });
}

/**
 * "Mark as sent" on Home's card (issue 37): the family has sent the week's question by hand, which counts it as sent.
 * Once is enough: marking it again keeps the first time. A 404 for anyone but the book's owner, and for an email.
 */
export async function markHandSendSent({
  sendId,
  userId,
  now = new Date(),
}: {
  sendId: number;
  userId: number;
  now?: Date;
}) {
  await transaction(async (tx) => {
    const send = (
      await tx
        .select({ id: questionSends.id, linkId: questionSends.linkId })
        .from(questionSends)
        .innerJoin(storytellerLinks, eq(storytellerLinks.id, questionSends.linkId))
        .innerJoin(books, eq(books.id, storytellerLinks.bookId))
        .where(and(eq(questionSends.id, sendId), eq(books.userId, userId), eq(questionSends.channel, "hand")))
    )[0];
    if (!send) throw new AppError(404, "handSend.notFound");
    // Only while unmarked, in the one statement: two taps at once mark it, and log it, once.
    const marked = await tx
      .update(questionSends)
      .set({ sentAt: now })
      .where(and(eq(questionSends.id, send.id), isNull(questionSends.sentAt)))
      .returning({ id: questionSends.id });
    if (marked.length === 0) return;
    await logActivity(tx, {
      userId,
      action: "update",
      resource: "storyteller-send",
      details: { id: send.id, linkId: send.linkId, sentBy: "hand" },
    });
  });
}
