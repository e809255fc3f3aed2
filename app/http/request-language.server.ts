import { FALLBACK_LANGUAGE, isLocale, type Locale } from "~/i18n/config";
import { languageCookie } from "./preferences.server";

/**
 * The visitor's language from the request alone (the `lng` cookie, then Accept-Language), for answers given
 * before the i18n middleware runs: the server's own refusals of a request (another site, another host).
 */
export async function requestLanguage(headers: Headers): Promise<Locale> {
  const fromCookie = await languageCookie.parse(headers.get("Cookie"));
  if (isLocale(fromCookie)) return fromCookie;
  const accept = headers.get("Accept-Language")?.split(",")[0]?.trim().slice(0, 2);
  return isLocale(accept) ? accept : FALLBACK_LANGUAGE;
}
