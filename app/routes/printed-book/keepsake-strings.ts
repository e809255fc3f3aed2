import enKeepsakes from "~/i18n/en.keepsakes";
import { useAddedStrings } from "~/i18n/added-strings";
import viKeepsakes from "~/i18n/vi.keepsakes";

const KEEPSAKE_STRINGS = { en: { keepsakes: enKeepsakes }, vi: { keepsakes: viKeepsakes } };

/** Adds a keepsake's progress strings to the page's before the download dialog translates them (ADR 39). */
export function useKeepsakeStrings(): void {
  useAddedStrings(KEEPSAKE_STRINGS, (loaded) => "keepsakes" in loaded);
}
