import { type ParsedMail, parseAddressHeader, simpleParser } from "mailparser";
import { newReplyText } from "../lib/reply-text";

/** A reply as the app needs it: who sent it, to which address, what she newly wrote and what she attached. */
export type InboundMail = {
  /** The sender's address, lower-cased; null when the From header names no address. */
  from: string | null;
  /** Every address it was sent to (To, Cc, and the envelope's as the receiving server recorded it), lower-cased. */
  to: string[];
  subject: string;
  messageId: string | null;
  inReplyTo: string | null;
  /** An out-of-office or other automatic message, which the app must never answer (RFC 3834). */
  autoSubmitted: boolean;
  /** Only what she newly wrote (newReplyText). */
  text: string;
  /** All of them: whether one is a recording or a photo is told by its bytes, never by its name or type here. */
  attachments: { filename: string | null; contentType: string; content: Buffer }[];
};

/**
 * The headers that name where a message went. The envelope's recipient is the surest: a relay or the MX writes it
 * (Postfix's Delivered-To and X-Original-To, Exim's Envelope-To), and a reply sent by Bcc has it in no other header.
 */
const RECIPIENT_HEADERS = new Set(["to", "cc", "delivered-to", "x-original-to", "envelope-to"]);

/**
 * The raw values of the message's own headers (not its parts') of these names; a repeated header gives several. Raw,
 * because mailparser parses only some of them as addresses (Delivered-To, not X-Original-To or Envelope-To).
 */
function headerValues(mail: ParsedMail, names: Set<string>): string[] {
  return mail.headerLines.filter(({ key }) => names.has(key)).map(({ line }) => line.slice(line.indexOf(":") + 1));
}

function addresses(mail: ParsedMail, names: Set<string>): string[] {
  const values = headerValues(mail, names);
  const mailboxes = values.length ? parseAddressHeader(values, { flatten: true }).value : [];
  return [...new Set(mailboxes.flatMap(({ address }) => (address ? [address.toLowerCase()] : [])))];
}

// RFC 3834's Auto-Submitted ("auto-replied", "auto-generated": anything but "no"), the older Precedence values
// vacation programs set, and the X-Autoreply/X-Autorespond headers some servers send instead.
const AUTOMATIC_PRECEDENCE = new Set(["bulk", "auto_reply", "junk"]);
const AUTOREPLY_HEADERS = new Set(["x-autoreply", "x-autorespond"]);

function isAutoSubmitted(mail: ParsedMail): boolean {
  const first = (value: string) => value.split(";")[0]!.trim().toLowerCase();
  return (
    headerValues(mail, new Set(["auto-submitted"])).some((value) => first(value) !== "no") ||
    headerValues(mail, new Set(["precedence"])).some((value) => AUTOMATIC_PRECEDENCE.has(first(value))) ||
    headerValues(mail, AUTOREPLY_HEADERS).length > 0
  );
}

/**
 * Reads a raw RFC 5322 message (what the SMTP receiver or the inbound endpoint took). Null when the bytes are not a
 * mail message: no From header, neither a body nor an attachment (random bytes, a file posted by mistake), or a
 * structure past the parser's limits (too many parts, a header too large).
 */
export async function readInboundMail(raw: Buffer): Promise<InboundMail | null> {
  let mail: ParsedMail;
  try {
    // newReplyText reads the parts as they came, so mailparser makes neither text from the HTML (a long body's
    // conversion is the parse's dearest step, and its text keeps the quote) nor HTML from the text. cid: images stay
    // links: inlining them as data: URLs only costs time and memory.
    mail = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, keepCidLinks: true });
  } catch {
    return null;
  }
  const hasFrom = mail.headerLines.some(({ key }) => key === "from");
  const hasBody = mail.text !== undefined || Boolean(mail.html) || mail.attachments.length > 0;
  if (!hasFrom || !hasBody) return null;
  return {
    from: addresses(mail, new Set(["from"]))[0] ?? null,
    to: addresses(mail, RECIPIENT_HEADERS),
    subject: mail.subject ?? "",
    messageId: mail.messageId ?? null,
    inReplyTo: mail.inReplyTo ?? null,
    autoSubmitted: isAutoSubmitted(mail),
    text: newReplyText({ text: mail.text, html: mail.html || undefined }),
    attachments: mail.attachments.map((attachment) => ({
      filename: attachment.filename ?? null,
      contentType: attachment.contentType,
      content: attachment.content,
    })),
  };
}
