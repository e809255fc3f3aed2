import { and, count, desc, eq, inArray, isNull, max, sql } from "drizzle-orm";
import { db, selectRows, transaction, type Tx } from "~db/client.server";
import {
  books,
  mailMessages,
  stories,
  storytellerLinks,
  topics,
  type Language,
  type StorytellerLink,
} from "~db/schema";
import type { StorytellerAddress } from "~db/storyteller-addresses";
import { AppError } from "~/lib/errors";
import { nextSendAt } from "~/lib/weekly-schedule";
import type { SCHEDULE_PAUSERS, WeeklySchedule } from "~db/values";
import { hashLinkToken, isLinkToken, newLinkToken } from "~/platform/link-token.server";
import { sealToken } from "~/platform/token-seal.server";
import { STORYTELLER_LINK_DAYS, STORYTELLER_LINK_MAX_DAYS } from "~/lib/limits";
import { logActivity } from "./activity.server";
import { ownedBook } from "./book.server";
import { linkQuestion } from "./storyteller-answer.server";

const DAY_MS = 24 * 60 * 60 * 1000;

type SchedulePauser = (typeof SCHEDULE_PAUSERS)[number];

export type StorytellerLinkView = {
  id: number;
  name: string;
  address: StorytellerAddress;
  topicIds: number[] | null;
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
  expired: boolean;
  /** Every answer the link has brought, and those the family has not completed yet. */
  answerCount: number;
  newAnswerCount: number;
  /** The weekly question (issue 37): her email, the schedule, whether and by whom it is paused, the next send. */
  email: string | null;
  schedule: WeeklySchedule | null;
  paused: boolean;
  pausedBy: SchedulePauser | null;
  nextSendAt: Date | null;
  /** The question the family chose to ask next, if any. */
  nextQuestionId: number | null;
  /**
   * When her latest email failed for good: the relay's words ("552 5.2.2 Mailbox full"), or why it was not sent at
   * all (`not-sent:paused`, `not-sent:ended`, `not-sent:question-gone`). Null once a later one is queued or sent.
   */
  lastFailure: MailFailure | null;
  /**
   * Her last two questions that went (by email, or marked sent by hand) are both still unanswered (issue 37 §1): the
   * card says so, whether or not the server sends mail; the schedule keeps going.
   */
  quietWeeks: boolean;
};

export type MailFailure = { reason: string; at: Date };

type LinkExtras = { lastFailure: MailFailure | null; quietWeeks: boolean };
const NO_EXTRAS: LinkExtras = { lastFailure: null, quietWeeks: false };

const view = (
  link: StorytellerLink,
  answers: { all: number; drafts: number },
  now = Date.now(),
  { lastFailure, quietWeeks }: LinkExtras = NO_EXTRAS,
): StorytellerLinkView => ({
  id: link.id,
  name: link.name,
  address: link.address,
  topicIds: link.topicIds ?? null,
  createdAt: link.createdAt,
  expiresAt: link.expiresAt,
  lastUsedAt: link.lastUsedAt,
  expired: link.expiresAt.getTime() <= now,
  answerCount: answers.all,
  newAnswerCount: answers.drafts,
  email: link.email,
  schedule: link.schedule ?? null,
  paused: link.pausedAt !== null,
  pausedBy: link.pausedBy,
  nextSendAt: link.nextSendAt,
  nextQuestionId: link.nextQuestionId,
  lastFailure,
  quietWeeks,
});

export type NewStorytellerLink = {
  bookId: number;
  userId: number;
  name: string;
  address: StorytellerAddress;
  /** The topics whose questions it offers; null for every topic that is not archived. */
  topicIds: number[] | null;
  /** Null for the default lifetime. */
  expiresAt: Date | null;
  /** The site's address as the owner reached it, for her weekly email when PUBLIC_URL is not set. */
  origin?: string;
};

/** Makes a storyteller's link to one of the user's books; the token is returned here and never again. */
export async function createStorytellerLink(
  input: NewStorytellerLink,
): Promise<{ token: string; link: StorytellerLinkView }> {
  const { bookId, userId, name, address } = input;
  const expiresAt = input.expiresAt ?? new Date(Date.now() + STORYTELLER_LINK_DAYS * DAY_MS);
  const now = Date.now();
  if (expiresAt.getTime() <= now) throw new AppError(400, "share.expiryInPast", "expiresAt");
  // The form offers 30, 90 or 365 days; the API is held to the same, or a link could outlive every family's reach.
  if (expiresAt.getTime() > now + STORYTELLER_LINK_MAX_DAYS * DAY_MS)
    throw new AppError(400, "storyteller.expiryTooFar", "expiresAt");
  const topicIds = input.topicIds === null ? null : [...new Set(input.topicIds)];
  const token = newLinkToken();
  return transaction(async (tx) => {
    await ownedBook(tx, bookId, userId);
    if (topicIds !== null) {
      const found = topicIds.length
        ? await tx
            .select({ id: topics.id })
            .from(topics)
            .where(and(eq(topics.bookId, bookId), inArray(topics.id, topicIds)))
        : [];
      if (topicIds.length === 0 || found.length !== topicIds.length)
        throw new AppError(400, "storyteller.topicsInvalid", "topicIds");
    }
    const link = (
      await tx
        .insert(storytellerLinks)
        .values({
          bookId,
          tokenHash: hashLinkToken(token),
          // Sealed, so that her weekly email can carry her link (ADR 0041); a stolen database still opens nothing.
          tokenSealed: sealToken(token),
          origin: input.origin ?? null,
          name,
          address,
          topicIds,
          expiresAt,
        })
        .returning()
    )[0]!;
    await logActivity(tx, {
      userId,
      action: "create",
      resource: "storyteller-link",
      details: { id: link.id, bookId, expiresAt: expiresAt.toISOString() },
    });
    return { token, link: view(link, { all: 0, drafts: 0 }) };
  });
}

/** How many answers each link has brought, and how many of them are still drafts. */
async function answerCounts(linkIds: number[]): Promise<Map<number, { all: number; drafts: number }>> {
  const counts = new Map<number, { all: number; drafts: number }>();
  if (!linkIds.length) return counts;
  const rows = await db()
    .select({ linkId: stories.storytellerLinkId, status: stories.status, n: count() })
    .from(stories)
    .where(inArray(stories.storytellerLinkId, linkIds))
    .groupBy(stories.storytellerLinkId, stories.status);
  for (const row of rows) {
    if (row.linkId === null) continue;
    const entry = counts.get(row.linkId) ?? { all: 0, drafts: 0 };
    entry.all += row.n;
    if (row.status === "draft") entry.drafts += row.n;
    counts.set(row.linkId, entry);
  }
  return counts;
}

/**
 * Each link's latest question email to her, when it failed for good: one query, one row per link at most (the newest
 * of each, by id, through the index on its link). The owner's notices and her polite answers name the link too, but
 * are not hers to fail: a notice after a failed question must not hide it, nor a notice's failure show as hers.
 */
async function lastFailures(linkIds: number[]): Promise<Map<number, MailFailure>> {
  const failures = new Map<number, MailFailure>();
  if (!linkIds.length) return failures;
  const latest = db()
    .select({ id: max(mailMessages.id) })
    .from(mailMessages)
    .where(
      and(inArray(mailMessages.linkId, linkIds), eq(mailMessages.direction, "out"), eq(mailMessages.kind, "question")),
    )
    .groupBy(mailMessages.linkId);
  const rows = await db()
    .select({
      linkId: mailMessages.linkId,
      status: mailMessages.status,
      reason: mailMessages.reason,
      createdAt: mailMessages.createdAt,
      finishedAt: mailMessages.finishedAt,
    })
    .from(mailMessages)
    .where(inArray(mailMessages.id, latest));
  for (const row of rows) {
    if (row.linkId === null || row.status !== "failed") continue;
    failures.set(row.linkId, { reason: row.reason ?? "", at: row.finishedAt ?? row.createdAt });
  }
  return failures;
}

/**
 * The links whose last two questions that went (sent by email, or marked sent by hand) both wait for an answer, each
 * with when the older of the two went (issue 37): the link card says so, and the owner is told once. One query,
 * reading each link's two latest sends through a window.
 */
export async function quietLinks(linkIds: number[], runner: Tx = db()): Promise<Map<number, Date>> {
  if (!linkIds.length) return new Map();
  const ids = sql.join(
    linkIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await selectRows<{ linkId: number | string; since: number | string | Date }>(
    sql`
    select recent.link_id as "linkId", min(recent.created_at) as "since"
    from (
      select link_id, question_id, created_at,
        row_number() over (partition by link_id order by created_at desc, id desc) as position
      from question_sends
      where link_id in (${ids}) and sent_at is not null
    ) as recent
    where recent.position <= 2
      and recent.question_id is not null
      and not exists (select 1 from stories where stories.question_id = recent.question_id)
    group by recent.link_id
    having count(*) = 2`,
    runner,
  );
  return new Map(rows.map((row) => [Number(row.linkId), new Date(row.since)]));
}

/** Each link's extras for its view: its last email failure, and whether its last two weeks went unanswered. */
async function extrasOf(linkIds: number[]): Promise<(id: number) => LinkExtras> {
  const [failures, quiet] = await Promise.all([lastFailures(linkIds), quietLinks(linkIds)]);
  return (id) => ({ lastFailure: failures.get(id) ?? null, quietWeeks: quiet.has(id) });
}

/** The live and expired links of one of the user's books, newest first; null when the book is not theirs. */
export async function listStorytellerLinks({ bookId, userId }: { bookId: number; userId: number }) {
  const owned = (
    await db()
      .select({ id: books.id })
      .from(books)
      .where(and(eq(books.id, bookId), eq(books.userId, userId)))
  )[0];
  if (!owned) return null;
  const links = await db()
    .select()
    .from(storytellerLinks)
    .where(and(eq(storytellerLinks.bookId, bookId), isNull(storytellerLinks.revokedAt)))
    .orderBy(desc(storytellerLinks.createdAt), desc(storytellerLinks.id));
  const ids = links.map((link) => link.id);
  const [counts, extras] = await Promise.all([answerCounts(ids), extrasOf(ids)]);
  const now = Date.now();
  return links.map((link) => view(link, counts.get(link.id) ?? { all: 0, drafts: 0 }, now, extras(link.id)));
}

export type LinkOfBook = {
  linkId: number;
  userId: number;
  /** The book the request came through, when it names one (the dialog); the api names only the link. */
  bookId?: number;
};

/** A link not yet revoked of one of the user's books (and of `bookId`, when the request names one), or a 404. */
export async function ownedLiveLink(tx: Tx, { linkId, userId, bookId }: LinkOfBook): Promise<StorytellerLink> {
  const row = (
    await tx
      .select({ link: storytellerLinks })
      .from(storytellerLinks)
      .innerJoin(books, eq(books.id, storytellerLinks.bookId))
      .where(and(eq(storytellerLinks.id, linkId), eq(books.userId, userId), isNull(storytellerLinks.revokedAt)))
  )[0];
  if (!row || (bookId !== undefined && row.link.bookId !== bookId)) throw new AppError(404, "storyteller.notFound");
  return row.link;
}

/**
 * Revokes a link of one of the user's books (404 for anyone else, or for a link already revoked). The row stays,
 * marked, so that her page can still tell her kindly that the link has ended; the answers she sent stay too.
 */
export async function revokeStorytellerLink(which: LinkOfBook): Promise<{ id: number; bookId: number }> {
  return transaction(async (tx) => {
    const { id, bookId } = await ownedLiveLink(tx, which);
    await tx.update(storytellerLinks).set({ revokedAt: new Date() }).where(eq(storytellerLinks.id, id));
    await logActivity(tx, {
      userId: which.userId,
      action: "delete",
      resource: "storyteller-link",
      details: { id, bookId },
    });
    return { id, bookId };
  });
}

export type StorytellerLinkChanges = {
  address?: StorytellerAddress;
  /** Null: none. */
  email?: string | null;
  /** Null: no weekly question. */
  schedule?: WeeklySchedule | null;
  paused?: boolean;
  /** "Ask this one next": a question the link offers, or null for the book's order. */
  nextQuestionId?: number | null;
};

/**
 * Changes a live link of one of the user's books (404 for anyone else, or through another book): how her page
 * addresses her (issue 35, from its next load), her email address, the weekly schedule and whether it is paused
 * (issue 37). The next send is worked out again from `now`: none without a schedule, while paused, or once the link
 * has expired. Answers the link as the book's list shows it.
 */
export async function changeStorytellerLink({
  changes,
  now = new Date(),
  origin,
  ...which
}: LinkOfBook & { changes: StorytellerLinkChanges; now?: Date; origin?: string }): Promise<{
  bookId: number;
  link: StorytellerLinkView;
}> {
  return transaction(async (tx) => {
    const current = await ownedLiveLink(tx, which);
    const schedule = changes.schedule === undefined ? current.schedule : changes.schedule;
    const paused = changes.paused === undefined ? current.pausedAt !== null : changes.paused;
    const pausing = paused && current.pausedAt === null;
    const set = {
      ...(changes.address === undefined ? {} : { address: changes.address }),
      ...(changes.email === undefined ? {} : { email: changes.email }),
      ...(changes.nextQuestionId === undefined
        ? {}
        : { nextQuestionId: await askable(current, changes.nextQuestionId) }),
      ...(origin === undefined ? {} : { origin }),
      schedule,
      pausedAt: paused ? (pausing ? now : current.pausedAt) : null,
      pausedBy: paused ? (pausing ? ("owner" as const) : current.pausedBy) : null,
      nextSendAt: schedule && !paused && current.expiresAt.getTime() > now.getTime() ? nextSendAt(schedule, now) : null,
    };
    const { id, bookId } = current;
    const updated = (await tx.update(storytellerLinks).set(set).where(eq(storytellerLinks.id, id)).returning())[0]!;
    await logActivity(tx, {
      userId: which.userId,
      action: "update",
      resource: "storyteller-link",
      details: {
        id,
        bookId,
        changed: Object.keys(changes).filter((key) => changes[key as keyof typeof changes] !== undefined),
      },
    });
    const [counts, extras] = await Promise.all([answerCounts([id]), extrasOf([id])]);
    const answers = counts.get(id) ?? { all: 0, drafts: 0 };
    return { bookId, link: view(updated, answers, now.getTime(), extras(id)) };
  });
}

/**
 * She paused her weekly questions from her email (RFC 8058's one-click unsubscribe, or the page it links to): no
 * sign-in, since the link's token is her key. The owner's link card then says that she paused them. A link already
 * paused stays as it was, by whoever paused it.
 */
export async function pauseByStoryteller(linkId: number, now = new Date()): Promise<void> {
  await transaction((tx) =>
    tx
      .update(storytellerLinks)
      .set({ pausedAt: now, pausedBy: "storyteller", nextSendAt: null })
      .where(and(eq(storytellerLinks.id, linkId), isNull(storytellerLinks.pausedAt))),
  );
}

/** The question chosen to ask next, checked to be one the link offers (else a 400); null clears the choice. */
async function askable(link: StorytellerLink, questionId: number | null): Promise<number | null> {
  if (questionId === null) return null;
  if (!(await linkQuestion(link, questionId))) throw new AppError(400, "storyteller.questionInvalid", "nextQuestionId");
  return questionId;
}

/** What a storyteller's page may know of the link's book: never its owner, its stories or its other data. */
export type TellerBook = { id: number; ownerId: number; title: string; language: Language };

export type OpenedLink =
  | { state: "open"; link: StorytellerLink; book: TellerBook }
  /** Revoked or expired: the page says so kindly, in the book's language. */
  | { state: "ended"; language: Language }
  | { state: "unknown" };

/** The link a token opens, with its book; an ended link still tells the page its book's language. */
export async function openStorytellerLink(token: string, now = new Date()): Promise<OpenedLink> {
  if (!isLinkToken(token)) return { state: "unknown" };
  const row = (
    await db()
      .select({
        link: storytellerLinks,
        book: { id: books.id, ownerId: books.userId, title: books.title, language: books.language },
      })
      .from(storytellerLinks)
      .innerJoin(books, eq(books.id, storytellerLinks.bookId))
      .where(eq(storytellerLinks.tokenHash, hashLinkToken(token)))
  )[0];
  if (!row) return { state: "unknown" };
  if (row.link.revokedAt !== null || row.link.expiresAt.getTime() <= now.getTime())
    return { state: "ended", language: row.book.language };
  return { state: "open", link: row.link, book: row.book };
}
