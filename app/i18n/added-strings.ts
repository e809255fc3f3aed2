import { FALLBACK_LANGUAGE, isLocale, type Locale } from "./config";
import { useI18n } from "./use-t";

type Strings = { [key: string]: string | Strings };

/**
 * Adds strings that travel with a component's code (ADR 39) to the page's before the component translates anything,
 * deep-merged into the namespaces they name: they are not in the strings chunk every page loads. The server's
 * i18next instances hold them already, and so does a page that has added them once (`loaded` says so).
 */
export function useAddedStrings(bundles: Record<Locale, Strings>, loaded: (translation: Strings) => boolean): void {
  const i18n = useI18n();
  const lng = isLocale(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;
  if (loaded((i18n.store.data[lng]?.translation as Strings | undefined) ?? {})) return;
  i18n.addResourceBundle(lng, "translation", bundles[lng], true, true);
}
