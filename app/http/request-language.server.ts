import { FALLBACK_LANGUAGE, isLocale, type Locale } from "~/i18n/config";
import { languageCookie } from "./preferences.server";

/**
 * The visitor's language from the request alone: the `lng` cookie (the language she chose), then the language
 * her browser prefers most among ours, then English. Every request's language starts here
 * (i18n-middleware.server.ts), and so do the server's own refusals, given before the middleware runs.
 */
export async function requestLanguage(headers: Headers): Promise<Locale> {
  const fromCookie = await languageCookie.parse(headers.get("Cookie"));
  if (isLocale(fromCookie)) return fromCookie;
  return preferredLanguage(headers.get("Accept-Language")) ?? FALLBACK_LANGUAGE;
}

/**
 * The language of ours that an Accept-Language header ranks highest, by its q-values ("fr, vi;q=0.8" is
 * Vietnamese), or null when it names none of them.
 */
export function preferredLanguage(header: string | null): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((entry, order) => {
      const [range = "", ...params] = entry.split(";").map((part) => part.trim());
      const q = params.find((param) => param.startsWith("q="));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return { language: range.split("-")[0]!.toLowerCase(), quality: Number.isNaN(quality) ? 0 : quality, order };
    })
    .filter(({ quality }) => quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  return ranked.map(({ language }) => language).find(isLocale) ?? null;
}
