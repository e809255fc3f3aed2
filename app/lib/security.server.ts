import type { MiddlewareFunction } from "react-router";
import { rejectCrossSite } from "./cross-site.server";

/** Headers every response carries; the document's CSP (with its nonce) is added in entry.server. */
export const securityHeadersMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  const headers = response.headers;
  headers.set("X-Content-Type-Options", "nosniff");
  // A page may ask for less (the shared reading page sends no referrer at all).
  if (!headers.has("Referrer-Policy")) headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), geolocation=(), microphone=(self)");
  if (!headers.has("Content-Security-Policy")) {
    headers.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
  }
  return response;
};

/** The root middleware's copy of the cross-site check (server/index.mjs runs it first in production). */
export const originCheckMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  return (await rejectCrossSite(request.method, request.headers, request.url)) ?? next();
};
