import { createContext, type MiddlewareFunction, type Params, type RouterContextProvider } from "react-router";
import { speakLanguage } from "~/http/i18n-middleware.server";
import type { Locale } from "~/i18n/config";

/**
 * What every page of a shared book (the reading page, a photo's page) does before its loader: read what the link
 * opens, once, and switch the request's language to the book's, so the <html lang> and every word around the
 * family's text follow the book whoever opens the link. Nothing of it is for search engines or for the sites its
 * readers go to next. `read` gives null for a wrong, expired or revoked link; the loader then answers 404.
 */
export function sharedPage<T extends { book: { language: Locale } }>(read: (params: Params) => Promise<T | null>) {
  const found = createContext<T | null>(null);
  const middleware: MiddlewareFunction<Response> = async ({ params, context }, next) => {
    const shared = await read(params);
    context.set(found, shared);
    if (shared) speakLanguage(context, shared.book.language);
    const response = await next();
    response.headers.set("X-Robots-Tag", "noindex, nofollow");
    response.headers.set("Referrer-Policy", "no-referrer");
    return response;
  };
  return { middleware, read: (context: Readonly<RouterContextProvider>) => context.get(found) };
}
