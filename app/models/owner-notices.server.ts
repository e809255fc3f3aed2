import { and, asc, count, desc, eq, gt, gte, isNotNull, like, lte, max, min, sql } from "drizzle-orm";
import { db, transaction, type Tx } from "~db/client.server";
import {
  books,
  mailMessages,
  stories,
  storytellerLinks,
  users,
  type MailMessage,
  type StorytellerLink,
} from "~db/schema";
import {
  answersEmail,
  answersSubject,
  endedLinkEmail,
  quietEmail,
  quietSubject,
} from "~/mail/owner-notice-email.server";
import { env } from "~/platform/env.server";
import { sendsMail } from "~/platform/mail-transport.server";
import { NOT_SENT, queueMail } from "./mail-outbox.server";
import { quietLinks } from "./storyteller-link.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The book's owner as the notices need them: where to write, whether they want it, and in which language. */
async function ownerOf(runner: Tx, bookId: number) {
  return (
    await runner
      .select({
        email: users.email,
        answerEmails: users.answerEmails,
        title: books.title,
        language: books.language,
      })
      .from(books)
      .innerJoin(users, eq(users.id, books.userId))
      .where(eq(books.id, bookId))
  )[0];
}

/**
 * An answer came for a book (by her link or by her email; issue 37 §3): the owner gets one email about it, at most one
 * a day per book, collecting every answer since the last (written when it goes). Nothing without SMTP, or when the
 * owner turned these emails off in Profile.
 */
export async function noteNewAnswer(bookId: number, now = new Date()): Promise<void> {
  if (!sendsMail()) return;
  await transaction(async (tx) => {
    const owner = await ownerOf(tx, bookId);
    if (!owner?.answerEmails) return;
    const waiting = await tx
      .select({ id: mailMessages.id })
      .from(mailMessages)
      .where(and(eq(mailMessages.bookId, bookId), eq(mailMessages.kind, "answers"), eq(mailMessages.status, "queued")))
      .limit(1);
    if (waiting.length) return;
    const last = await lastAnswersEmail(tx, bookId);
    const at = last ? new Date(Math.max(now.getTime(), last.getTime() + DAY_MS)) : now;
    const subject = answersSubject(owner.language, owner.title);
    await queueMail(tx, { kind: "answers", recipient: owner.email, subject, bookId, now, at });
  });
}

/** When the book's last email about new answers went, or null. */
async function lastAnswersEmail(runner: Tx, bookId: number): Promise<Date | null> {
  const row = (
    await runner
      .select({ at: max(mailMessages.finishedAt) })
      .from(mailMessages)
      .where(and(eq(mailMessages.bookId, bookId), eq(mailMessages.kind, "answers"), eq(mailMessages.status, "sent")))
  )[0];
  return row?.at ? new Date(row.at) : null;
}

/**
 * After a week's send (in its transaction): when the two questions that went before it are both still unanswered,
 * and the owner has not been told since, the owner is told once (issue 37 §1). The schedule keeps going.
 */
export async function noteQuietWeeks(tx: Tx, link: StorytellerLink, now: Date): Promise<void> {
  if (!sendsMail()) return;
  const since = (await quietLinks([link.id], tx)).get(link.id);
  if (!since) return;
  const told = await tx
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(and(eq(mailMessages.linkId, link.id), eq(mailMessages.kind, "quiet"), gte(mailMessages.createdAt, since)))
    .limit(1);
  if (told.length) return;
  const owner = await ownerOf(tx, link.bookId);
  if (!owner?.answerEmails) return;
  const subject = quietSubject(owner.language, link.name);
  await queueMail(tx, { kind: "quiet", recipient: owner.email, subject, bookId: link.bookId, linkId: link.id, now });
}

/** The site's address for the owner's links: PUBLIC_URL, else the one the owner last used on a link of the book. */
async function siteOf(bookId: number): Promise<string | null> {
  if (env().publicUrl) return env().publicUrl;
  const row = (
    await db()
      .select({ origin: storytellerLinks.origin })
      .from(storytellerLinks)
      .where(and(eq(storytellerLinks.bookId, bookId), isNotNull(storytellerLinks.origin)))
      .orderBy(desc(storytellerLinks.createdAt))
      .limit(1)
  )[0];
  return row?.origin ?? null;
}

/**
 * An owner's notice, written at send time from the book as it is then: the answers since the last one (nothing when
 * none came, or the owner turned these emails off since), or the quiet weeks of a link still running.
 */
export async function ownerNoticeMail(message: MailMessage, now: Date) {
  const owner = message.bookId === null ? undefined : await ownerOf(db(), message.bookId);
  if (!owner || message.bookId === null) return NOT_SENT.ended;
  // Hers, not the owner's: the one polite answer to a reply through an ended link.
  if (message.kind === "ended") return endedLinkEmail(owner.language);
  if (!owner.answerEmails) return NOT_SENT.turnedOff;
  const site = await siteOf(message.bookId);
  if (!site) return NOT_SENT.ended;
  const profileUrl = new URL("/profile", site).toString();
  const bookId = message.bookId;
  if (message.kind === "quiet") {
    const link = (
      await db()
        .select()
        .from(storytellerLinks)
        .where(eq(storytellerLinks.id, message.linkId ?? 0))
    )[0];
    if (!link || link.revokedAt !== null) return NOT_SENT.ended;
    if (link.pausedAt !== null) return NOT_SENT.paused;
    const linksUrl = new URL(`/books/${bookId}?dialog=storyteller`, site).toString();
    return quietEmail({ language: owner.language, bookTitle: owner.title, name: link.name, linksUrl, profileUrl });
  }
  const since = (await lastAnswersEmail(db(), bookId)) ?? new Date(0);
  const teller = sql<string>`coalesce(${stories.tellerName}, '')`;
  const tellers = await db()
    .select({ name: teller, count: count(), firstStoryId: min(stories.id).mapWith(Number) })
    .from(stories)
    .where(
      and(
        eq(stories.bookId, bookId),
        eq(stories.source, "storyteller"),
        gt(stories.createdAt, since),
        lte(stories.createdAt, now),
      ),
    )
    .groupBy(teller)
    .orderBy(asc(teller));
  if (!tellers.length) return NOT_SENT.nothingNew;
  // What her emailed replies carried that a story cannot keep (issue 37 §2): named, so the family can ask for it.
  const dropped = (
    await db()
      .select({ reason: mailMessages.reason })
      .from(mailMessages)
      .where(
        and(
          eq(mailMessages.bookId, bookId),
          eq(mailMessages.direction, "in"),
          eq(mailMessages.status, "taken"),
          like(mailMessages.reason, "dropped:%"),
          gt(mailMessages.createdAt, since),
        ),
      )
      .limit(20)
  ).map((row) => row.reason!.slice("dropped:".length));
  return answersEmail({
    dropped,
    language: owner.language,
    bookTitle: owner.title,
    tellers,
    workspaceUrl: (storyId) => new URL(`/books/${bookId}?storyId=${storyId}`, site).toString(),
    profileUrl,
  });
}
