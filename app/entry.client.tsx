import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { FALLBACK_LANGUAGE, isLocale } from "./i18n/config";
import { loadTranslation } from "./i18n/load";
import { createPageI18n, I18nContext } from "./i18n/page-i18n";
import { keepConformChecksInPage } from "./lib/conform-intent";

async function hydrate() {
  // The server chose the language; <html lang> carries it. Only that language's strings are downloaded.
  const lang = document.documentElement.lang;
  const lng = isLocale(lang) ? lang : FALLBACK_LANGUAGE;
  const i18n = createPageI18n(lng, await loadTranslation(lng));
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nContext.Provider value={i18n}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nContext.Provider>,
    );
  });
}

keepConformChecksInPage();
hydrate().catch((error) => console.error(error));
