import { FALLBACK_LANGUAGE, isLocale } from "~/i18n/config";
import enWeeklyCard from "~/i18n/en.weekly-card";
import { useI18n } from "~/i18n/use-t";
import viWeeklyCard from "~/i18n/vi.weekly-card";

const WEEKLY_CARD_STRINGS = { en: enWeeklyCard, vi: viWeeklyCard };

/**
 * Adds the weekly card's strings to the page's before the card translates anything: they travel with the card's code,
 * not in the strings chunk every page loads (as the admin's, ADR 39). The server's i18next instances hold them already,
 * and so does a page that has added them once.
 */
export function useWeeklyCardStrings(): void {
  const i18n = useI18n();
  const lng = isLocale(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;
  const loaded = i18n.store.data[lng]?.translation as { storyteller?: object } | undefined;
  if (loaded?.storyteller && "weeklyTitle" in loaded.storyteller) return;
  i18n.addResourceBundle(lng, "translation", { storyteller: WEEKLY_CARD_STRINGS[lng] }, true, true);
}
