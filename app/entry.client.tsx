import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { FALLBACK_LANGUAGE, isLocale } from "./i18n/config";
import { loadTranslation } from "./i18n/load";

async function hydrate() {
  // The server chose the language; <html lang> carries it. Only that language's strings are downloaded.
  const lang = document.documentElement.lang;
  const lng = isLocale(lang) ? lang : FALLBACK_LANGUAGE;
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    resources: { [lng]: { translation: await loadTranslation(lng) } },
    interpolation: { escapeValue: false },
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate().catch((error) => console.error(error));
