import enAdmin from "~/i18n/en.admin";
import { useAddedStrings } from "~/i18n/added-strings";
import viAdmin from "~/i18n/vi.admin";

const ADMIN_STRINGS = { en: { admin: enAdmin }, vi: { admin: viAdmin } };

/** Adds the admin's strings to the page's before the admin page translates anything (ADR 39). */
export function useAdminStrings(): void {
  useAddedStrings(ADMIN_STRINGS, (loaded) => typeof loaded.admin === "object" && "usersTab" in loaded.admin);
}
