const SAME_SITE = "http://same.site";
// C0 controls, DEL and C1 controls. Browsers drop tab and newline from a URL and trim controls from its
// ends, so "/\t/evil.example" arrives as "//evil.example"; and a header value cannot hold most of them.
const CONTROL = /\p{Cc}/u;

/** "/" then anything but a second "/" or "\" (browsers read "/\" as "//"), with no control character. */
function isSitePath(value: string): boolean {
  return /^\/(?![/\\])/.test(value) && !CONTROL.test(value);
}

function startsLikeSitePath(value: string): boolean {
  return /^\/(?![/\\])/.test(value);
}

function decodeOnce(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Where to send a visitor back to, from a value the visitor chose (a `redirectTo` query parameter or
 * form field, already decoded once by the query or form parser): a path on this site, or `fallback`.
 * - The value must be a site path as it stands, and still start like one when decoded once more, so
 *   nothing downstream that decodes it again can turn it into "//evil.example".
 * - It is then resolved as a URL on a placeholder origin, which applies "..", reads "\" as "/" and
 *   percent-encodes spaces and every non-ASCII character: the result is a valid header value (a
 *   Location with "ệ" or "é" in it no longer fails with a 500) and is checked once more, because
 *   resolving "/a/..//evil.example" gives "//evil.example".
 */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || !isSitePath(to) || !startsLikeSitePath(decodeOnce(to))) return fallback;
  const url = new URL(to, SAME_SITE);
  const path = url.pathname + url.search + url.hash;
  return url.origin === SAME_SITE && isSitePath(path) ? path : fallback;
}
