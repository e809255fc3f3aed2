import type { MiddlewareFunction } from "react-router";

/**
 * What the app answers depends on who is signed in: pages, React Router's `.data` requests and /api JSON
 * alike. No browser or proxy may keep a copy: after a logout, Back would show the previous user's page from
 * the cache (issue 16). A response that may be kept says so itself (media revalidated with their owner check,
 * the placeholder image); static files never reach React Router and keep their long caching.
 */
const PRIVATE_NO_STORE = "private, no-store";

export const cacheControlMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", PRIVATE_NO_STORE);
  return response;
};
