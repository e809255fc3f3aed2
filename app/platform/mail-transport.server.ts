import nodemailer, { type Transporter } from "nodemailer";
import { env } from "./env.server";

/** One message as Heirloom writes it: both parts, and the Message-ID the queue stored before the first try. */
export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  replyTo?: string;
  headers?: Record<string, string>;
};

/** Why a message did not go: `permanent` when the server refused it for good (5xx), so that no retry can help. */
export class MailNotSent extends Error {
  constructor(
    readonly reason: string,
    readonly permanent: boolean,
  ) {
    super(reason);
  }
}

let pooled: { url: string; transport: Transporter } | undefined;

/** Whether this server sends mail at all (SMTP_URL); without it every week's question is sent by hand. */
export const sendsMail = (): boolean => Boolean(env().SMTP_URL);

// Pooled: a morning of weekly questions goes over a few kept connections instead of one handshake a message.
function transport(): Transporter {
  const url = env().SMTP_URL!;
  if (pooled?.url !== url) {
    pooled?.transport.close();
    pooled = {
      url,
      transport: nodemailer.createTransport({
        pool: true,
        url,
        maxConnections: 4,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    };
  }
  return pooled.transport;
}

type SmtpError = Error & { responseCode?: number; response?: string };

/** Hands a message to the SMTP relay; a refusal or an unreachable relay is a MailNotSent that says which. */
export async function sendMail(mail: OutgoingMail): Promise<void> {
  try {
    await transport().sendMail({
      from: env().MAIL_FROM,
      to: mail.to,
      replyTo: mail.replyTo,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: mail.messageId,
      headers: mail.headers,
    });
  } catch (error) {
    const { responseCode, response, message } = error as SmtpError;
    // The relay's own words ("552 5.2.2 Mailbox full") are what the family and the admin can act on.
    throw new MailNotSent(response ?? message, responseCode !== undefined && responseCode >= 500);
  }
}

/** The domain the server's own Message-IDs are made at: the reply domain, else MAIL_FROM's. */
export function mailDomain(): string {
  const { MAIL_REPLY_DOMAIN, MAIL_FROM } = env();
  return MAIL_REPLY_DOMAIN ?? /@([^\s>]+)>?$/.exec(MAIL_FROM ?? "")?.[1] ?? "heirloom.invalid";
}
