import enAdmin from "~/i18n/en.admin";
import { FALLBACK_LANGUAGE, isLocale } from "~/i18n/config";
import { useI18n } from "~/i18n/use-t";
import viAdmin from "~/i18n/vi.admin";

const ADMIN_STRINGS = { en: enAdmin, vi: viAdmin };

/**
 * Adds the admin's strings to the page's before the admin page translates anything: they travel with the admin
 * page's code, not in the strings chunk every page loads (ADR 39). The server's i18next instances hold them already,
 * and so does a page that has added them once.
 */
export function useAdminStrings(): void {
  const i18n = useI18n();
  const lng = isLocale(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;
  const loaded = i18n.store.data[lng]?.translation as { admin?: object } | undefined;
  if (loaded?.admin && "usersTab" in loaded.admin) return;
  i18n.addResourceBundle(lng, "translation", { admin: ADMIN_STRINGS[lng] }, true, true);
}
