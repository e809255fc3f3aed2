import crypto from "node:crypto";
import { sessionSecret } from "./secrets.server";

// A link's token sealed with a key drawn from the server's secret (ADR 0029): the database alone (a stolen backup)
// opens no link, and the server can still read the token back to print it in a book's voice codes.
const IV_BYTES = 12;
const TAG_BYTES = 16;

let key: { secret: string; bytes: Buffer } | undefined;

function sealKey(): Buffer {
  const secret = sessionSecret();
  if (key?.secret !== secret) {
    const bytes = Buffer.from(crypto.hkdfSync("sha256", secret, "", "heirloom:link-token-seal", 32));
    key = { secret, bytes };
  }
  return key.bytes;
}

export function sealToken(token: string): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv("aes-256-gcm", sealKey(), iv);
  const sealed = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
}

/** The token, or null when it was sealed under another secret (SESSION_SECRET changed) or the text is not a seal. */
export function unsealToken(sealed: string): string | null {
  const bytes = Buffer.from(sealed, "base64url");
  if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", sealKey(), bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
