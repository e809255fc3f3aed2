import { FALLBACK_LANGUAGE, isLocale } from "~/i18n/config";
import resources from "~/i18n/resources";
import { languageCookie } from "./preferences.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence: a mutating request that the browser marks as coming from another site.
 * GET never mutates, so only the other methods are checked.
 */
export function isCrossSite(method: string, headers: Headers, requestUrl: string): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (headers.get("Sec-Fetch-Site") === "cross-site") return true;
  const origin = headers.get("Origin");
  if (!origin) return false;
  const host = headers.get("Host") ?? new URL(requestUrl).host;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true; // "null" and other opaque origins
  }
}

async function language(headers: Headers) {
  const fromCookie = await languageCookie.parse(headers.get("Cookie"));
  if (isLocale(fromCookie)) return fromCookie;
  const accept = headers.get("Accept-Language")?.split(",")[0]?.trim().slice(0, 2);
  return isLocale(accept) ? accept : FALLBACK_LANGUAGE;
}

/** The 403 answer, in the visitor's language: JSON for /api, plain text for pages. */
export async function crossSiteResponse(headers: Headers, pathname: string): Promise<Response> {
  const message = resources[await language(headers)].translation.errors.crossSite;
  if (pathname.startsWith("/api/")) return Response.json({ message }, { status: 403 });
  return new Response(message, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * Checked by the server before React Router sees the request (React Router's own check answers 400),
 * and again by the root middleware, which also covers the development server.
 */
export async function rejectCrossSite(method: string, headers: Headers, url: string): Promise<Response | null> {
  return isCrossSite(method, headers, url) ? crossSiteResponse(headers, new URL(url).pathname) : null;
}
