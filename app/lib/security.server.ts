import type { MiddlewareFunction } from "react-router";
import { isApiRequest, jsonError, translate } from "./http.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Headers every response carries; the document's CSP (with its nonce) is added in entry.server. */
export const securityHeadersMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  const headers = response.headers;
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), geolocation=(), microphone=(self)");
  if (!headers.has("Content-Security-Policy")) {
    headers.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
  }
  return response;
};

function requestHost(request: Request): string {
  return request.headers.get("Host") ?? new URL(request.url).host;
}

/**
 * CSRF defence: a mutating request that a browser marks as coming from another site is refused.
 * GET never mutates, so only the other methods are checked.
 */
export const originCheckMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (SAFE_METHODS.has(request.method)) return next();
  const origin = request.headers.get("Origin");
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  let foreign = fetchSite === "cross-site";
  if (origin) {
    try {
      foreign ||= new URL(origin).host !== requestHost(request);
    } catch {
      foreign = true; // "null" and other opaque origins
    }
  }
  if (!foreign) return next();
  if (isApiRequest(request)) return jsonError(context, 403, "errors.crossSite");
  return new Response(translate(context, "errors.crossSite"), {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
};
