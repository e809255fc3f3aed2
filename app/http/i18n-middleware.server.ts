import { initReactI18next } from "react-i18next";
import { createI18nextMiddleware } from "remix-i18next";
import { languageCookie } from "~/http/preferences.server";
import { FALLBACK_LANGUAGE, isLocale, SUPPORTED_LANGUAGES, type Locale } from "../i18n/config";
import resources from "../i18n/resources";

export const [i18nextMiddleware, getLocaleRaw, getI18n] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...SUPPORTED_LANGUAGES],
    fallbackLanguage: FALLBACK_LANGUAGE,
    cookie: languageCookie,
    order: ["cookie", "header"],
  },
  i18next: {
    resources,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    interpolation: { escapeValue: false },
  },
  plugins: [initReactI18next],
});

/** The request's UI language, narrowed to the supported ones. */
export function getLocale(context: Parameters<typeof getLocaleRaw>[0]): Locale {
  const locale = getLocaleRaw(context);
  return isLocale(locale) ? locale : FALLBACK_LANGUAGE;
}
