import type { MiddlewareFunction } from "react-router";
import { env } from "../platform/env.server";
import { isHttps } from "./request-origin.server";

// Browsers keep a Secure cookie that comes over plain http from these hosts (they count as secure contexts).
const LOOPBACK = /^(localhost|.+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Whether this response's cookies are Secure: COOKIE_SECURE=true always, false never; unset, exactly when
 * the browser reached us over https (directly, by PUBLIC_URL, or by X-Forwarded-Proto from a trusted proxy).
 * A Secure cookie sent over plain http is dropped by the browser, and sign-in fails without a word.
 */
function cookiesSecure(request: Request): boolean {
  const mode = env().cookieSecure;
  return mode === "always" || (mode === "auto" && isHttps(request));
}

/** COOKIE_SECURE=true on a page opened over plain http at a host that is not this machine: signing in cannot work. */
export function secureCookieRefused(request: Request): boolean {
  return env().cookieSecure === "always" && !isHttps(request) && !LOOPBACK.test(new URL(request.url).hostname);
}

/** A Set-Cookie value with its Secure attribute as asked, whoever serialized it. */
export function withSecure(setCookie: string, secure: boolean): string {
  const without = setCookie.replace(/;\s*Secure\s*(?=;|$)/gi, "");
  return secure ? `${without}; Secure` : without;
}

/**
 * Every cookie the app sets (session, flash, language, theme, layout) gets its Secure attribute here, per
 * request, so that no serializer has to know the request's scheme.
 */
export const cookieSecurityMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  const cookies = response.headers.getSetCookie();
  if (cookies.length === 0) return response;
  const secure = cookiesSecure(request);
  response.headers.delete("Set-Cookie");
  for (const cookie of cookies) response.headers.append("Set-Cookie", withSecure(cookie, secure));
  return response;
};
