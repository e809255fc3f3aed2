/**
 * The security headers of every response, pages and static files alike: one definition, used by the root
 * middleware (app/http/security.server.ts) and by server/index.mjs for what express.static serves.
 */

/** Sent on every response. */
const ALWAYS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), geolocation=(), microphone=(self)",
};

/**
 * Sent unless the response chose its own: a page sends a nonce CSP (entry.server), the shared reading
 * page no referrer at all. Anything else (JSON, a file, a script) may load nothing and be framed nowhere.
 */
const DEFAULTS: Readonly<Record<string, string>> = {
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
};

/**
 * HSTS, only on responses the browser received over https (a header sent over plain http is ignored anyway,
 * and must never be promised for a home server reached by http). A year, without `includeSubDomains`: other
 * names under a family's domain (a router, a printer) may well be plain http. Never `preload`: that is a
 * promise to the browsers' built-in list which a home server cannot take back.
 */
const STRICT_TRANSPORT_SECURITY = "max-age=31536000";

/** The headers for a response with none of its own (a static file), `https` as the browser reached us. */
export function staticSecurityHeaders(https: boolean): Record<string, string> {
  return { ...ALWAYS, ...DEFAULTS, ...(https ? { "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY } : {}) };
}

/** Adds them to a response's headers, keeping a Referrer-Policy or CSP the response chose. */
export function applySecurityHeaders(headers: Headers, https: boolean): void {
  for (const [name, value] of Object.entries(ALWAYS)) headers.set(name, value);
  for (const [name, value] of Object.entries(DEFAULTS)) if (!headers.has(name)) headers.set(name, value);
  if (https) headers.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
}
