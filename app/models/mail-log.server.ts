import { and, count, desc, eq, gte } from "drizzle-orm";
import { db } from "~db/client.server";
import { containsAny } from "~db/filters";
import { books, mailMessages, storytellerLinks } from "~db/schema";
import type { MailListQuery } from "~/lib/admin-query";
import { paginate } from "./admin.server";

// The admin's Email tab (issue 37): the mail Heirloom sent and took, as rows of `mail_messages`. Never a body: none is
// stored, and only these columns are ever read. Call these only behind requireAdmin.

/** What a row of the Email tab shows: when, which way, for whom, about what, and how it went. */
const logRow = {
  id: mailMessages.id,
  direction: mailMessages.direction,
  kind: mailMessages.kind,
  linkId: mailMessages.linkId,
  linkName: storytellerLinks.name,
  bookId: mailMessages.bookId,
  bookTitle: books.title,
  recipient: mailMessages.recipient,
  sender: mailMessages.sender,
  subject: mailMessages.subject,
  messageId: mailMessages.messageId,
  status: mailMessages.status,
  reason: mailMessages.reason,
  attempts: mailMessages.attempts,
  nextAttemptAt: mailMessages.nextAttemptAt,
  createdAt: mailMessages.createdAt,
  finishedAt: mailMessages.finishedAt,
};

/** The search reads the addresses, the subject, her name on the link and the book's title. */
const searched = (q: string) =>
  containsAny(
    [mailMessages.recipient, mailMessages.sender, mailMessages.subject, storytellerLinks.name, books.title],
    q,
  );

/**
 * A page of the mail log, newest first (the index on created_at, id), filtered by direction, status and search,
 * counted and cut in SQL: two queries, whatever the size of the log.
 */
export async function listMailLog(query: MailListQuery) {
  const search = searched(query.q);
  const where = and(
    query.direction ? eq(mailMessages.direction, query.direction) : undefined,
    query.status ? eq(mailMessages.status, query.status) : undefined,
    search,
  );
  // The count joins the names only when the search reads them.
  const counted = search
    ? db()
        .select({ n: count() })
        .from(mailMessages)
        .leftJoin(storytellerLinks, eq(storytellerLinks.id, mailMessages.linkId))
        .leftJoin(books, eq(books.id, mailMessages.bookId))
    : db().select({ n: count() }).from(mailMessages);
  const page = paginate((await counted.where(where))[0]?.n ?? 0, query);
  // Her name on the link and the book's title, when the message has them (a refused message may have neither).
  const messages = await db()
    .select(logRow)
    .from(mailMessages)
    .leftJoin(storytellerLinks, eq(storytellerLinks.id, mailMessages.linkId))
    .leftJoin(books, eq(books.id, mailMessages.bookId))
    .where(where)
    .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
    .limit(page.limit)
    .offset(page.offset);
  return { messages, total: page.total, page: page.page, pages: page.pages };
}

/** How many outgoing messages failed for good since `since`, for the admin's Overview. */
export async function countFailedMail(since: Date): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(mailMessages)
    .where(
      and(eq(mailMessages.direction, "out"), eq(mailMessages.status, "failed"), gte(mailMessages.finishedAt, since)),
    );
  return row?.n ?? 0;
}
