import { createInstance, type i18n } from "i18next";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, type Locale } from "../i18n/config";
import resources from "../i18n/resources";
import { requestLanguage } from "./request-language.server";

type Context = Readonly<RouterContextProvider>;

// One i18next instance per language, made and initialised once: a request only picks one. (remix-i18next's
// middleware built and initialised a new instance for every request, 4 % of a signed-in page's server time:
// ADR 39.) Nothing may change an instance's language; a page that speaks another language picks that one.
const instances = Object.fromEntries(
  SUPPORTED_LANGUAGES.map((lng) => {
    const instance = createInstance({
      resources,
      lng,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      interpolation: { escapeValue: false },
      // The resources are in the bundle: initialised at once, without waiting for a backend.
      initAsync: false,
    });
    void instance.init();
    return [lng, instance];
  }),
) as Record<Locale, i18n>;

const localeContext = createContext<Locale>(FALLBACK_LANGUAGE);

/** Sets the request's language from the `lng` cookie, then Accept-Language (request-language.server.ts). */
export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(localeContext, await requestLanguage(request.headers));
  return await next();
};

/** The request's UI language. */
export function getLocale(context: Context): Locale {
  return context.get(localeContext);
}

/** The i18next instance of the request's language (translate(), the page's strings). */
export function getI18n(context: Context): i18n {
  return instances[getLocale(context)];
}

/**
 * Switches the rest of the request to another language: a shared book and the storyteller's door speak the
 * book's language, whoever opens them.
 */
export function speakLanguage(context: Context, locale: Locale): void {
  context.set(localeContext, locale);
}
