import { useI18n, useT } from "~/i18n/use-t";

/** How far a keepsake has got, as the job tells it: pages set of how many, exact once counted. */
export type KeepsakeProgressData = { page: number; pages: number; counted: boolean };

/**
 * "Preparing your book… page 412 of ~1,200", or, while its pages are still being counted, "… about 1,200 pages"; the
 * numbers in the page's language ("1.200" in Vietnamese).
 */
export function KeepsakeProgressText({ progress }: { progress: KeepsakeProgressData }) {
  const t = useT();
  const { language } = useI18n();
  const number = (value: number) => value.toLocaleString(language);
  return progress.counted && progress.page > 0
    ? t("keepsakes.preparingPage", { page: number(progress.page), pages: number(progress.pages) })
    : t("keepsakes.preparingCounting", { pages: number(progress.pages) });
}
