import type { MiddlewareFunction } from "react-router";
import { rejectCrossSite, rejectForeignHost } from "./cross-site.server";
import { isHttps } from "./request-origin.server";
import { applySecurityHeaders } from "./security-headers.server";

/**
 * Headers every response carries (app/http/security-headers.server.ts); the document's CSP is added in entry.server.
 */
export const securityHeadersMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  applySecurityHeaders(response.headers, isHttps(request));
  return response;
};

/**
 * The root middleware's copy of the host and cross-site checks (server/index.mjs runs them first in
 * production, before static files); it also covers the development server.
 */
export const originCheckMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  return (
    (await rejectForeignHost(request.headers, request.url)) ??
    (await rejectCrossSite(request.method, request.headers, request.url)) ??
    next()
  );
};
