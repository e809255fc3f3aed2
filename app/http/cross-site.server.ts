import resources from "~/i18n/resources";
import { env } from "../platform/env.server";
import { requestLanguage } from "./request-language.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const PLAIN_TEXT = { "Content-Type": "text/plain; charset=utf-8" };

/**
 * CSRF defence: a mutating request that the browser marks as coming from another site.
 * GET never mutates, so only the other methods are checked. `requestUrl` is the address the browser used
 * (server/index.mjs takes scheme and host from a trusted proxy's headers); with PUBLIC_URL, the Origin must
 * be exactly that site: scheme, host and port.
 */
function isCrossSite(method: string, headers: Headers, requestUrl: string): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (headers.get("Sec-Fetch-Site") === "cross-site") return true;
  const origin = headers.get("Origin");
  if (!origin) return false;
  try {
    const from = new URL(origin);
    const publicUrl = env().publicUrl;
    return publicUrl ? from.origin !== publicUrl : from.host !== new URL(requestUrl).host;
  } catch {
    return true; // "null" and other opaque origins
  }
}

/** The 403 answer, in the visitor's language: JSON for /api, plain text for pages. */
async function crossSiteResponse(headers: Headers, pathname: string): Promise<Response> {
  const message = resources[await requestLanguage(headers)].translation.errors.crossSite;
  if (pathname.startsWith("/api/")) return Response.json({ message }, { status: 403 });
  return new Response(message, { status: 403, headers: PLAIN_TEXT });
}

/**
 * Checked by the server before React Router sees the request (React Router's own check answers 400),
 * and again by the root middleware, which also covers the development server.
 */
export async function rejectCrossSite(method: string, headers: Headers, url: string): Promise<Response | null> {
  return isCrossSite(method, headers, url) ? crossSiteResponse(headers, new URL(url).pathname) : null;
}

/**
 * With PUBLIC_URL set, the app answers only for that host: links, the Origin check and the Secure cookies
 * all assume it, and an answer for another name (a LAN address, a stray DNS name) would not work anyway.
 * /healthz answers for any host: a container's health check asks by its own address.
 */
function isForeignHost(url: string): boolean {
  const publicUrl = env().publicUrl;
  if (!publicUrl) return false;
  try {
    const requested = new URL(url);
    if (requested.pathname === "/healthz") return false;
    // "family.example@elsewhere" is no host of ours, whatever a URL parser makes of it.
    return requested.host !== new URL(publicUrl).host || requested.username !== "" || requested.password !== "";
  } catch {
    return true; // a Host header that is not a host name
  }
}

/**
 * A plain, translated 400 for a request to another host than PUBLIC_URL's (server/index.mjs and the root middleware).
 */
export async function rejectForeignHost(headers: Headers, url: string): Promise<Response | null> {
  if (!isForeignHost(url)) return null;
  const message = resources[await requestLanguage(headers)].translation.errors.wrongHost.replace(
    "{{url}}",
    env().publicUrl!,
  );
  return new Response(message, { status: 400, headers: PLAIN_TEXT });
}
