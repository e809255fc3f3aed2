import { env } from "../platform/env.server";

/**
 * The origin the browser used for this request, e.g. "https://family.example": PUBLIC_URL when it is set
 * (requests for any other host are refused before they get here); otherwise the request's own. server/index.mjs
 * builds request.url from X-Forwarded-Proto and X-Forwarded-Host only when they come from a trusted proxy
 * (TRUST_PROXY), and from the socket and the Host header otherwise.
 */
export function siteOrigin(request: Request): string {
  return env().publicUrl ?? new URL(request.url).origin;
}

/** Whether the browser reached us over https, for the Secure cookie attribute and HSTS. */
export function isHttps(request: Request): boolean {
  return siteOrigin(request).startsWith("https:");
}

/** An absolute address on this site, for links that leave the page (share links). */
export function absoluteUrl(request: Request, path: string): string {
  return new URL(path, siteOrigin(request)).toString();
}

/** What server/index.mjs needs to build request.url: how many proxies to believe (TRUST_PROXY), and PUBLIC_URL. */
export function proxySettings(): { trustProxyHops: number; publicUrl: string | null } {
  const { trustProxyHops, publicUrl } = env();
  return { trustProxyHops, publicUrl };
}
