import enWeeklyCard from "~/i18n/en.weekly-card";
import { useAddedStrings } from "~/i18n/added-strings";
import viWeeklyCard from "~/i18n/vi.weekly-card";

const WEEKLY_CARD_STRINGS = { en: { storyteller: enWeeklyCard }, vi: { storyteller: viWeeklyCard } };

/** Adds the weekly card's strings to the page's before the card translates anything, as the admin's (ADR 39). */
export function useWeeklyCardStrings(): void {
  useAddedStrings(
    WEEKLY_CARD_STRINGS,
    (loaded) => typeof loaded.storyteller === "object" && "weeklyTitle" in loaded.storyteller,
  );
}
