import crypto from "node:crypto";
import { sessionSecret } from "./secrets.server";

// The key in a week's Reply-To (tell+{key}@MAIL_REPLY_DOMAIN) names one send without being guessable (ADR 0041). It
// is made from the server's secret and the send's id, not stored: a retry of the same email writes the same address,
// and the database keeps only its hash, which is what an incoming reply is looked up by.
let derived: { secret: string; key: Buffer } | undefined;

function replyKeySecret(): Buffer {
  const secret = sessionSecret();
  if (derived?.secret !== secret)
    derived = { secret, key: Buffer.from(crypto.hkdfSync("sha256", secret, "", "heirloom:reply-key", 32)) };
  return derived.key;
}

/** The reply key of one send: 128 bits, lower-case so that no mail server's case folding changes it. */
export const replyKeyOf = (sendId: number): string =>
  crypto.createHmac("sha256", replyKeySecret()).update(`send:${sendId}`).digest("hex").slice(0, 32);

export const hashReplyKey = (key: string): string => crypto.createHash("sha256").update(key).digest("hex");

/** The key in an address such as tell+{key}@reply.example, or null when the address is not one of ours. */
export function replyKeyIn(address: string, domain: string): string | null {
  const match = /^tell\+([0-9a-f]{32})@(.+)$/.exec(address.trim().toLowerCase());
  return match && match[2] === domain.toLowerCase() ? match[1]! : null;
}
