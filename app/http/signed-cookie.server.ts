import crypto from "node:crypto";

export type SignedCookie = {
  /** The value, when the cookie is present and its signature is ours; otherwise null. */
  read(cookieHeader: string | null): string | null;
  serialize(value: string, options?: { maxAge?: number }): string;
  clear(): string;
};

/** The value of one cookie in a Cookie header, without parsing the others. */
export function readCookie(cookieHeader: string | null, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * An HMAC-SHA256-signed cookie, signed and checked synchronously with node:crypto: every request reads
 * the session cookie, and React Router's createCookie verifies through WebCrypto at many times the cost.
 * The Secure attribute is not decided here: it follows each request's scheme (cookie-security.server.ts).
 */
export function signedCookie({
  name,
  secret,
  httpOnly = true,
}: {
  name: string;
  secret: () => string;
  httpOnly?: boolean;
}): SignedCookie {
  const sign = (payload: string) => crypto.createHmac("sha256", secret()).update(payload).digest("base64url");
  const attributes = (maxAge?: number) =>
    [`Path=/`, httpOnly ? "HttpOnly" : null, "SameSite=Lax", maxAge !== undefined ? `Max-Age=${maxAge}` : null]
      .filter(Boolean)
      .join("; ");
  return {
    read(cookieHeader) {
      const raw = readCookie(cookieHeader, name);
      const dot = raw ? raw.lastIndexOf(".") : -1;
      if (!raw || dot < 1) return null;
      const payload = raw.slice(0, dot);
      const given = Buffer.from(raw.slice(dot + 1), "base64url");
      const expected = Buffer.from(sign(payload), "base64url");
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
      return Buffer.from(payload, "base64url").toString("utf8");
    },
    serialize(value, options = {}) {
      const payload = Buffer.from(value, "utf8").toString("base64url");
      return `${name}=${payload}.${sign(payload)}; ${attributes(options.maxAge)}`;
    },
    clear() {
      return `${name}=; ${attributes(0)}; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    },
  };
}
