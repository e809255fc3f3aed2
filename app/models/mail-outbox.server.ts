import { mailMessages } from "~db/schema";
import type { Tx } from "~db/client.server";
import type { MailKind } from "~db/values";
import { env } from "~/platform/env.server";
import { mailDomain } from "~/platform/mail-transport.server";

/**
 * Why a queued message was not sent at all, decided when it was due (a link paused or ended meanwhile, a question
 * deleted, the owner's emails turned off, no answer since the last notice): its reason for the admin's Email tab and
 * the link card, which translate these codes.
 */
export const NOT_SENT = {
  paused: "not-sent:paused",
  ended: "not-sent:ended",
  questionGone: "not-sent:question-gone",
  turnedOff: "not-sent:turned-off",
  nothingNew: "not-sent:nothing-new",
} as const;

/**
 * Queues one outgoing email in the caller's transaction (ADR 0041): due at `at`, with its Message-ID fixed now,
 * before any try, so that no retry, and no server taking over a dead one's lease, writes a second message.
 */
export async function queueMail(
  tx: Tx,
  mail: {
    kind: MailKind;
    recipient: string;
    subject: string;
    bookId: number;
    linkId?: number;
    sendId?: number;
    now: Date;
    at?: Date;
  },
): Promise<void> {
  const { now, at, ...fields } = mail;
  await tx.insert(mailMessages).values({
    ...fields,
    direction: "out",
    sender: env().MAIL_FROM ?? "",
    messageId: `<${mail.kind}.${crypto.randomUUID()}@${mailDomain()}>`,
    status: "queued",
    nextAttemptAt: at ?? now,
    createdAt: now,
  });
}
