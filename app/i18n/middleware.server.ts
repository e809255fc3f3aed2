import { initReactI18next } from "react-i18next";
import { createI18nextMiddleware } from "remix-i18next";
import { languageCookie } from "~/lib/preferences.server";
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES } from "./config";
import resources from "./resources";

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
