import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { db, transaction } from "~db/client.server";
import { books, mailMessages, questionSends, storytellerLinks } from "~db/schema";
import type { UploadedFile } from "~/http/request-body.server";
import { AppError } from "~/lib/errors";
import { AUDIO_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_MAX_BYTES, STORYTELLER_ANSWER_LIMIT } from "~/lib/limits";
import { isAmr, sniffAudio, sniffImage } from "~/lib/sniff";
import { amrToM4a } from "~/platform/voice-memo.server";
import { deleteMediaFiles } from "~/models/media.server";
import { uploadTmpDir } from "~/models/media-storage.server";
import { deleteStory } from "~/models/story.server";
import { env } from "~/platform/env.server";
import { type InboundMail, readInboundMail } from "~/platform/inbound-mail.server";
import { hashReplyKey, replyKeyIn } from "~/platform/reply-key.server";
import { keepAnswer } from "./door-answer.server";
import { saveStoryUpload } from "~/routes/stories/story-upload.server";
import { endedLinkEmail } from "~/mail/owner-notice-email.server";
import { queueMail } from "~/models/mail-outbox.server";
import { admitAttempt } from "~/models/rate-limit.server";

/** A reply carries at most this many recordings and photos: a week's answer, not an album. */
const REPLY_RECORDINGS_MAX = 5;
const REPLY_PHOTOS_MAX = 10;

/** Why a reply was not taken, as the admin's Email tab shows it; the sender is never told (issue 37 §2). */
type Refusal =
  | "unknown-key"
  | "reused-key"
  | "revoked"
  | "sender"
  | "too-large"
  | "too-many"
  | "not-mail"
  | "auto-reply"
  | "rate"
  | "quota"
  | "question-gone";

export type ReplyOutcome = { taken: true; storyId: number } | { taken: false; reason: Refusal };

type Attachment = InboundMail["attachments"][number];
type Sorted = { recordings: Attachment[]; photos: Attachment[]; dropped: string[] };

/**
 * Her attachments by their bytes: recordings, photos, and the names of the rest, which the owner is told of. An AMR
 * voice memo (older phones) is a recording once converted to one a browser plays, when this server has ffmpeg.
 */
async function sortAttachments(attachments: Attachment[]): Promise<Sorted | Refusal> {
  const sorted: Sorted = { recordings: [], photos: [], dropped: [] };
  for (const original of attachments) {
    const converted = isAmr(original.content) ? await amrToM4a(original.content, uploadTmpDir()) : null;
    const attachment = converted ? { ...original, content: converted, contentType: "audio/mp4" } : original;
    if (sniffAudio(attachment.content)) {
      if (attachment.content.length > AUDIO_UPLOAD_MAX_BYTES) return "too-large";
      sorted.recordings.push(attachment);
    } else if (sniffImage(attachment.content)) {
      if (attachment.content.length > IMAGE_UPLOAD_MAX_BYTES) return "too-large";
      sorted.photos.push(attachment);
    } else sorted.dropped.push(attachment.filename ?? attachment.contentType);
  }
  if (sorted.recordings.length > REPLY_RECORDINGS_MAX || sorted.photos.length > REPLY_PHOTOS_MAX) return "too-many";
  return sorted;
}

/** An attachment as an upload on disk, as the door's own files are, removed by the caller. */
async function onDisk(attachment: Attachment, field: string): Promise<UploadedFile> {
  await fs.mkdir(uploadTmpDir(), { recursive: true, mode: 0o700 });
  const file = path.join(uploadTmpDir(), `reply-${crypto.randomBytes(12).toString("hex")}`);
  await fs.writeFile(file, attachment.content, { mode: 0o600 });
  return {
    field,
    path: file,
    filename: attachment.filename ?? field,
    declaredType: attachment.contentType,
    size: attachment.content.length,
  };
}

/** The admin's log line of a reply, never its body: who, to which link, the subject, and how it went. */
async function logReply(
  mail: InboundMail | null,
  outcome: ReplyOutcome,
  link: { id: number; bookId: number } | null,
  note?: string,
) {
  await transaction((tx) =>
    tx.insert(mailMessages).values({
      direction: "in",
      kind: "reply",
      linkId: link?.id ?? null,
      bookId: link?.bookId ?? null,
      // The reply address names a send; its key is a secret, so the log keeps only the domain it came to.
      recipient: `tell+…@${env().MAIL_REPLY_DOMAIN ?? ""}`,
      sender: mail?.from ?? "",
      subject: (mail?.subject ?? "").slice(0, 300),
      messageId: mail?.messageId ?? null,
      status: outcome.taken ? "taken" : "refused",
      reason: outcome.taken ? (note ?? null) : `refused:${outcome.reason}`,
      finishedAt: new Date(),
    }),
  );
}

/**
 * A storyteller's emailed reply (issue 37 §2) becomes a draft story for the question her email asked, under the
 * release gate, exactly as an answer through her door: its new text, her recordings (checked by their bytes and
 * transcribed when an AI server is set) and her photos; other attachments are dropped and named in the owner's
 * notice. An unknown, used or ended key, another sender, a message over the limits or one that is not mail stores
 * nothing, and only the admin's log says why. A reply through an ended link gets one polite answer.
 */
async function takeReply(mail: InboundMail | null, now: Date, refused?: Refusal): Promise<ReplyOutcome> {
  const refuse = async (reason: Refusal, link: { id: number; bookId: number } | null = null): Promise<ReplyOutcome> => {
    const outcome = { taken: false as const, reason };
    await logReply(mail, outcome, link);
    return outcome;
  };
  if (refused) return refuse(refused);
  if (!mail) return refuse("not-mail");
  if (mail.autoSubmitted) return refuse("auto-reply");
  const domain = env().MAIL_REPLY_DOMAIN;
  const key = domain ? mail.to.map((address) => replyKeyIn(address, domain)).find(Boolean) : undefined;
  if (!key) return refuse("unknown-key");
  const found = (
    await db()
      .select({ send: questionSends, link: storytellerLinks, ownerId: books.userId })
      .from(questionSends)
      .innerJoin(storytellerLinks, eq(storytellerLinks.id, questionSends.linkId))
      .innerJoin(books, eq(books.id, storytellerLinks.bookId))
      .where(eq(questionSends.replyKeyHash, hashReplyKey(key)))
  )[0];
  if (!found) return refuse("unknown-key");
  const { send, link, ownerId } = found;
  // Only her own address may answer for her: anyone else who saw the Reply-To learns nothing and adds nothing.
  if (!link.email || mail.from !== link.email.toLowerCase()) return refuse("sender", link);
  if (link.revokedAt !== null || link.expiresAt.getTime() <= now.getTime()) {
    await politeEndedAnswer({ id: link.id, bookId: link.bookId, email: link.email }, now);
    return refuse("revoked", link);
  }
  if (send.repliedAt !== null) return refuse("reused-key", link);
  if (send.questionId === null) return refuse("question-gone", link);
  const sorted = await sortAttachments(mail.attachments);
  if (typeof sorted === "string") return refuse(sorted, link);
  const files: UploadedFile[] = [];
  try {
    const [first, ...moreRecordings] = await Promise.all(sorted.recordings.map((one) => onDisk(one, "audio")));
    files.push(...(first ? [first] : []), ...moreRecordings);
    const photos = await Promise.all(sorted.photos.map((one) => onDisk(one, "photo")));
    files.push(...photos);
    const { story, replayed } = await keepAnswer(
      { ownerId, link },
      {
        questionId: send.questionId,
        content: mail.text,
        // The Message-ID makes a relay's second delivery of the same reply the same answer.
        idempotencyKey: `mail:${crypto
          .createHash("sha256")
          .update(mail.messageId ?? key)
          .digest("hex")}`,
        audio: first,
      },
      {
        admitNew: async () => {
          const scope = { scope: "door:link", key: String(link.id), ...STORYTELLER_ANSWER_LIMIT };
          if (await admitAttempt([scope])) throw new AppError(429, "tell.tooMany");
        },
      },
    );
    if (!replayed) {
      try {
        for (const file of moreRecordings)
          await saveStoryUpload({ storyId: story.id, userId: ownerId, kind: "audio", file });
        for (const file of photos) await saveStoryUpload({ storyId: story.id, userId: ownerId, kind: "image", file });
      } catch (error) {
        const { mediaKeys } = await deleteStory({ storyId: story.id, userId: ownerId });
        await deleteMediaFiles(mediaKeys);
        throw error;
      }
    }
    await transaction((tx) => tx.update(questionSends).set({ repliedAt: now }).where(eq(questionSends.id, send.id)));
    const outcome = { taken: true as const, storyId: story.id };
    await logReply(mail, outcome, link, sorted.dropped.length ? `dropped:${sorted.dropped.join(", ")}` : undefined);
    return outcome;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const reason: Refusal =
      error.status === 429
        ? "rate"
        : error.messageKey === "storage.quotaExceeded"
          ? "quota"
          : error.status === 413
            ? "too-large"
            : error.messageKey === "tell.questionGone"
              ? "question-gone"
              : "not-mail";
    return refuse(reason, link);
  } finally {
    await Promise.all(files.map((file) => fs.rm(file.path, { force: true })));
  }
}

/** One polite answer per link to replies through it once it has ended: ask the family for a new link. */
async function politeEndedAnswer(link: { id: number; bookId: number; email: string }, now: Date): Promise<void> {
  await transaction(async (tx) => {
    const told = await tx
      .select({ id: mailMessages.id })
      .from(mailMessages)
      .where(and(eq(mailMessages.linkId, link.id), eq(mailMessages.kind, "ended")))
      .limit(1);
    if (told.length) return;
    const language = (await tx.select({ language: books.language }).from(books).where(eq(books.id, link.bookId)))[0]!
      .language;
    const { subject } = endedLinkEmail(language);
    await queueMail(tx, { kind: "ended", recipient: link.email, subject, bookId: link.bookId, linkId: link.id, now });
  });
}

/**
 * A raw message, as a relay pipes it or the SMTP receiver takes it: read, then taken or refused (never an error).
 * "too-large": one past the size a reply may have, whose bytes were not kept; null: a body that is not mail.
 */
export async function takeRawReply(raw: Buffer | "too-large" | null, now = new Date()): Promise<ReplyOutcome> {
  if (raw === "too-large") return takeReply(null, now, "too-large");
  return takeReply(raw ? await readInboundMail(raw) : null, now);
}
